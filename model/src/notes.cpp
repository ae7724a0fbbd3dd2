#include "steady/notes.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "steady/format.h"
#include "steady/stats.h"

namespace steady {
namespace {

// Where a kind comes from: a run-time flag or a compile-time finding of that
// name in the result (so a new flag is a new row here, nothing else), or a
// decision of notes_of.
enum class Source { flag, finding, decided };

struct KindInfo {
  NoteKind kind;
  const char *name; // in the report's data; a flag's or finding's name in the result
  Severity severity;
  Source source;
};

// Every kind once: its name, how much it says about the number, and where it comes from.
constexpr KindInfo kKinds[] = {
    {NoteKind::trial_failed, "failed", Severity::wrong, Source::decided},
    {NoteKind::single_shot, "single-shot", Severity::info, Source::decided},
    {NoteKind::unprotected, "unprotected", Severity::doubtful, Source::decided},
    {NoteKind::measures_nothing, "measures-nothing", Severity::wrong, Source::flag},
    {NoteKind::first_invocation_slow, "first-invocation-slow", Severity::doubtful, Source::flag},
    {NoteKind::other_flag, "flag", Severity::doubtful, Source::decided},
    {NoteKind::folded, "folded", Severity::wrong, Source::finding},
    {NoteKind::deleted, "deleted", Severity::wrong, Source::finding},
    {NoteKind::hoisted, "hoisted", Severity::wrong, Source::finding},
    {NoteKind::mutated, "mutated", Severity::doubtful, Source::finding},
    {NoteKind::literal, "literal", Severity::doubtful, Source::finding},
    {NoteKind::restarts, "restarts", Severity::doubtful, Source::finding},
    {NoteKind::other_finding, "finding", Severity::doubtful, Source::decided},
    {NoteKind::stopped, "stopped", Severity::info, Source::decided},
    {NoteKind::unstable, "unstable", Severity::doubtful, Source::decided},
    {NoteKind::imprecise, "imprecise", Severity::doubtful, Source::decided},
    {NoteKind::forks_failed, "forks-failed", Severity::doubtful, Source::decided},
    {NoteKind::not_measured, "not-measured", Severity::wrong, Source::decided},
    {NoteKind::ignored, "ignored", Severity::info, Source::decided},
    {NoteKind::label, "label", Severity::info, Source::decided},
    {NoteKind::user_counters, "counters", Severity::info, Source::decided},
    {NoteKind::ci_over_iterations, "ci-over-iterations", Severity::info, Source::decided},
    {NoteKind::not_steady, "not-steady", Severity::doubtful, Source::decided},
    {NoteKind::untrustworthy, "untrustworthy", Severity::wrong, Source::decided},
    // Re-run batches are not in the number; where preemption still shows in
    // it (the preempted forks slower), forks-disagree says so.
    {NoteKind::preempted, "preempted", Severity::info, Source::decided},
    {NoteKind::preempted_kept, "preempted-kept", Severity::doubtful, Source::decided},
    {NoteKind::migrated, "migrated", Severity::doubtful, Source::decided},
    {NoteKind::counters_unscheduled, "counters-unscheduled", Severity::doubtful, Source::decided},
    {NoteKind::counters_multiplexed, "counters-multiplexed", Severity::doubtful, Source::decided},
    {NoteKind::layout_sensitive, "layout-sensitive", Severity::doubtful, Source::decided},
    {NoteKind::layout_interval, "layout-interval", Severity::info, Source::decided},
    {NoteKind::forks_disagree, "forks-disagree", Severity::doubtful, Source::decided},
};

const KindInfo &info(NoteKind k) {
  for (const KindInfo &i : kKinds)
    if (i.kind == k)
      return i;
  return kKinds[0]; // unreachable: every kind is in the table (Notes.EveryKindHasANameASeverityAndWords)
}

// The kind of a flag's or a finding's name; `otherwise` when this build has no words for it.
NoteKind kind_named(const std::string &name, Source source, NoteKind otherwise) {
  for (const KindInfo &i : kKinds)
    if (i.source == source && name == i.name)
      return i.kind;
  return otherwise;
}

// "forks disagree: 3 near 230.1 ns, 2 near 830.4 ns; " and the cause.
std::string disagreement_text(const Note &n) {
  std::string cause;
  switch (n.cause) {
  case DisagreeCause::work:
    cause = "the instruction counts differ: the payload does other work in some processes (data that depends on "
            "the process: its id, addresses, a random seed)";
    break;
  case DisagreeCause::nodes:
    cause = "the groups follow the Slurm nodes: the machines differ";
    break;
  case DisagreeCause::preempted:
    cause = fmt::format("the slower forks ran preempted ({:.1f} % of their batches or more, re-run): a busy machine",
                        100 * n.value);
    break;
  case DisagreeCause::run_order:
    cause = "the groups follow one another in run order: the machine changed during the run";
    break;
  case DisagreeCause::placement:
    cause = "the groups interleave in run order: likely where each process placed code and data (ASLR, heap), "
            "which each fork draws anew; the mean over forks averages placements";
    break;
  }
  return fmt::format("forks disagree: {}; {}", groups_text(n.groups, n.name == "instructions"), cause);
}

} // namespace

const char *to_string(NoteKind k) { return info(k).name; }

std::string groups_text(const std::vector<ForkGroup> &groups, bool instructions) {
  std::vector<std::string> out;
  for (const ForkGroup &g : groups) {
    const std::string v = instructions ? fixed(g.center) + " instructions/op" : scaled_time(g.center);
    out.push_back(g.forks.size() == 1 ? fmt::format("1 at {} (fork {})", v, g.forks.front())
                                      : fmt::format("{} near {}", g.forks.size(), v));
  }
  return fmt::format("{}", fmt::join(out, ", "));
}

const char *to_string(Severity s) {
  switch (s) {
  case Severity::wrong:
    return "wrong";
  case Severity::doubtful:
    return "doubtful";
  case Severity::info:
    break;
  }
  return "info";
}

Severity severity(NoteKind k) { return info(k).severity; }

bool wide(const StopResult &s, double precision) { return s.criterion == "precision" && s.half_width > precision; }

std::string stop_text(const StopResult &s, double precision) {
  return (s.stable ? "" : wide(s, precision) ? "WIDE: " : "UNSTABLE: ") + s.reason;
}

std::string text(const Note &n) {
  switch (n.kind) {
  case NoteKind::trial_failed:
    return "FAILED: " + n.message;
  case NoteKind::single_shot:
    if (n.of == 0)
      return "single shot (one invocation is longer than an iteration)";
    return fmt::format("single shot (one invocation is longer than an iteration): {} warmup and {} measured run(s) "
                       "per fork",
                       n.count, n.of);
  case NoteKind::unprotected:
    return "not protected by the plugin";
  case NoteKind::measures_nothing:
    return "MEASURES NOTHING: indistinguishable from the empty loop (its work is gone, or cheaper than "
           "half a cycle per op)";
  case NoteKind::first_invocation_slow:
    return fmt::format("first invocation {:.0f}x slower than the steady state: the payload changes its own "
                       "input (sorting sorted data) or keeps a cache warm; restore it with reset() or "
                       "setup_invocation()",
                       n.value);
  case NoteKind::other_flag:
    return n.name;
  case NoteKind::folded:
    return "folded at compile time: " + n.message;
  case NoteKind::deleted:
    return "work deleted at compile time: " + n.message;
  case NoteKind::hoisted:
    return "hoisted at compile time: " + n.message;
  case NoteKind::mutated:
    return "mutated input: " + n.message;
  case NoteKind::literal:
    return "literal folded at compile time: " + n.message;
  case NoteKind::restarts:
    return "restarts at the same place: " + n.message;
  case NoteKind::other_finding:
    return n.name + ": " + n.message;
  case NoteKind::stopped:
  case NoteKind::unstable:
  case NoteKind::imprecise: {
    std::vector<std::string> last;
    for (const auto &[name, v] : n.criterion)
      last.push_back(fmt::format("{} {:.4g}", name, v));
    // Many short forks: their warmups' range, not a list of dozens.
    std::string warmups = fmt::format("{}", fmt::join(n.warmups, ","));
    if (n.warmups.size() > 5) {
      auto [lo, hi] = std::minmax_element(n.warmups.begin(), n.warmups.end());
      warmups = *lo == *hi ? fmt::format("{} each", *lo) : fmt::format("{}-{}", *lo, *hi);
    }
    const std::string prefix = n.kind == NoteKind::unstable    ? "UNSTABLE: "
                               : n.kind == NoteKind::imprecise ? fmt::format("WIDE (target ±{:g} %): ", 100 * n.value)
                                                               : "";
    return fmt::format("{}{}; warmup {}{}", prefix, n.message, warmups,
                       last.empty() ? "" : fmt::format("; {}", fmt::join(last, ", ")));
  }
  case NoteKind::forks_failed:
    return fmt::format("{} fork(s) failed", n.count);
  case NoteKind::not_measured:
    return "not measured: " + n.message;
  case NoteKind::ignored:
    return "ignored: " + n.message;
  case NoteKind::label:
    return "label: " + n.message;
  case NoteKind::user_counters:
    return "counters: " + n.message;
  case NoteKind::ci_over_iterations:
    return "one fork: CI over iterations";
  case NoteKind::not_steady:
    return fmt::format("{}: {} of {} forks steady", n.name, n.count, n.of);
  case NoteKind::untrustworthy:
    return fmt::format("NOT TRUSTWORTHY: every batch of {} iteration(s) was preempted", n.count);
  case NoteKind::preempted:
    return fmt::format("{:.1f} % of batches preempted, re-run", 100 * n.value);
  case NoteKind::preempted_kept:
    return fmt::format("{} of {} shots preempted, kept (a single shot is not re-run)", n.count, n.of);
  case NoteKind::migrated:
    return "CPU migration seen";
  case NoteKind::counters_unscheduled:
    return "a counter group never ran: its values are 0";
  case NoteKind::counters_multiplexed:
    return "counters multiplexed: scaled by time enabled/running";
  case NoteKind::layout_sensitive:
    return fmt::format("layout-sensitive: fork means {:.4g}-{:.4g} ns by code offset ({})", n.value, n.high, n.message);
  case NoteKind::layout_interval:
    return fmt::format("by layout {:.4g}-{:.4g} ns (99 %, {} code offsets{}{})", n.value, n.high, n.count,
                       n.name.empty() ? "" : " agree", n.message);
  case NoteKind::forks_disagree:
    return disagreement_text(n);
  }
  return to_string(n.kind);
}

double preempted_share(const Summary &s) { return s.batches_run ? double(s.preempted) / s.batches_run : 0; }

std::vector<Note> notes_of(const RunResult &run, const BenchmarkResult &b) {
  const Summary &s = b.summary;
  std::vector<Note> notes;
  auto note = [&](NoteKind k) -> Note & { return notes.emplace_back(k); };
  // Not measured, or its trial failed: that is all there is to say.
  if (!b.not_measured.empty()) {
    note(NoteKind::not_measured).message = b.not_measured;
    return notes;
  }
  if (s.forks_used == 0 && !b.forks.empty() && b.stop.reason == kNotMeasured) {
    note(NoteKind::trial_failed).message = b.forks.front().error;
    return notes;
  }
  if (b.single_shot && run.config.mode != Mode::SingleShot) {
    Note &n = note(NoteKind::single_shot);
    for (const ForkResult &f : b.forks)
      if (f.measured()) {
        n.count = f.warmup_iterations();
        n.of = int(f.iterations.size()) - n.count;
        break;
      }
  }
  if (!b.protected_by_plugin)
    note(NoteKind::unprotected);
  for (const std::string &f : b.flags) {
    Note &n = note(kind_named(f, Source::flag, NoteKind::other_flag));
    n.name = f;
    if (n.kind == NoteKind::first_invocation_slow)
      n.value = b.first_invocation_ratio;
  }
  for (const CompileFinding &f : b.compile_findings) {
    Note &n = note(kind_named(f.kind, Source::finding, NoteKind::other_finding));
    n.name = f.kind;
    n.message = f.message;
  }
  // Before the stop and the machine's notes: the mean describes none of the groups.
  if (s.fork_groups.size() >= 2)
    notes.push_back(disagreement_note(run, b));
  if (b.stop.criterion != "none") {
    const bool missed = wide(b.stop, run.config.precision);
    Note &n = note(b.stop.stable ? NoteKind::stopped : missed ? NoteKind::imprecise : NoteKind::unstable);
    n.message = b.stop.reason;
    if (missed)
      n.value = run.config.precision;
    for (const ForkResult &f : b.forks)
      n.warmups.push_back(f.warmup_iterations());
    n.criterion = b.stop.last;
  }
  if (s.forks_failed)
    note(NoteKind::forks_failed).count = s.forks_failed;
  if (!b.ignored.empty())
    note(NoteKind::ignored).message = fmt::format("{}", fmt::join(b.ignored, ", "));
  if (!b.label.empty())
    note(NoteKind::label).message = b.label;
  std::vector<std::string> counters;
  for (const auto &[name, v] : b.user_counters)
    if (name != "items_per_second" && name != "bytes_per_second") // the throughput column's
      counters.push_back(fmt::format("{}={:.4g}", name, v));
  if (!counters.empty())
    note(NoteKind::user_counters).message = fmt::format("{}", fmt::join(counters, ", "));
  for (Note &n : layout_note(s))
    notes.push_back(std::move(n));
  for (Note &n : layout_interval_note(s))
    notes.push_back(std::move(n));
  if (s.ci_over == CiOver::iterations)
    note(NoteKind::ci_over_iterations);
  // A single shot is kept when preempted, never re-run (the next would not
  // be cold): its row counts the shots kept instead of a share re-run.
  const bool shots = run.config.mode == Mode::SingleShot || b.single_shot;
  if (s.bound_hit)
    note(NoteKind::untrustworthy).count = s.bound_hit;
  else if (double share = preempted_share(s); share >= kBusyShare && !shots)
    note(NoteKind::preempted).value = share;
  if (shots && s.preempted_kept) {
    Note &n = note(NoteKind::preempted_kept);
    n.count = s.preempted_kept;
    n.of = s.batches_run;
  }
  if (s.migrated)
    note(NoteKind::migrated);
  if (s.unscheduled)
    note(NoteKind::counters_unscheduled);
  else if (s.multiplexed)
    note(NoteKind::counters_multiplexed);
  return notes;
}

std::vector<Note> layout_note(const Summary &s) {
  if (!s.layout_sensitive || s.layout_offsets.empty())
    return {};
  std::vector<std::string> each;
  for (const OffsetInterval &o : s.layout_offsets)
    each.push_back(fmt::format("{}: {:.4g}", o.code, o.mean));
  auto [low, high] = std::minmax_element(s.layout_offsets.begin(), s.layout_offsets.end(),
                                         [](auto &a, auto &b) { return a.mean < b.mean; });
  Note n(NoteKind::layout_sensitive);
  n.value = low->mean;
  n.high = high->mean;
  n.message = fmt::format("{}", fmt::join(each, ", "));
  return {n};
}

std::vector<Note> layout_interval_note(const Summary &s) {
  if (s.layout_offsets.empty())
    return {};
  Note n(NoteKind::layout_interval);
  n.value = s.layout_low;
  n.high = s.layout_high;
  n.count = int(s.layout_offsets.size());
  if (!s.layout_sensitive)
    n.name = "agree";
  if (s.layout_spreads_differ) { // the offset whose forks spread most: where the code runs erratically
    auto half = [](const OffsetInterval &o) { return o.mean > 0 ? (o.high - o.low) / 2 / o.mean : 0; };
    const OffsetInterval &widest = *std::max_element(s.layout_offsets.begin(), s.layout_offsets.end(),
                                                     [&](auto &a, auto &b) { return half(a) < half(b); });
    n.message =
        fmt::format("; at code offset {} the forks spread most: its mean ±{:.1f} %", widest.code, 100 * half(widest));
  }
  return {n};
}

std::vector<Note> steady_state_note(const stats::BenchmarkSteadyState &s) {
  if (s.stability == stats::BenchmarkStability::stable)
    return {};
  Note n(NoteKind::not_steady);
  n.name = std::string(stats::to_string(s.stability));
  n.count = int(s.steady_forks);
  n.of = int(s.forks);
  return {n};
}

} // namespace steady
