// The final table: one line per benchmark.
#include <cstdio>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "flags.h"
#include "measure.h"
#include "outputs.h"

namespace steady {

namespace {

std::string fixed(double v) {
  if (v >= 1e6)
    return fmt::format("{:.0f}", v);
  if (v >= 100)
    return fmt::format("{:.1f}", v);
  if (v >= 1)
    return fmt::format("{:.3f}", v);
  return fmt::format("{:.4f}", v);
}

// Below this share of preempted batches the machine is not called busy.
constexpr double kBusyShare = 0.01;

double preempted_share(const Summary &s) { return s.batches_run ? double(s.preempted) / s.batches_run : 0; }

// --instrument=valgrind: the simulated counts per op instead of time; the
// range is the lowest and highest fork mean (one number when no fork differs).
constexpr const char *kSimulatedHead = "{:<32} {:>12} {:>21} {:>14} {:>10} {:>10}";
std::string simulated_cells(const std::string &name, const Summary &s) {
  const Simulated &m = *s.simulated;
  const std::string range = s.instructions_fork_min == s.instructions_fork_max
                                ? "same in every fork"
                                : "[" + fixed(s.instructions_fork_min) + ", " + fixed(s.instructions_fork_max) + "]";
  return fmt::format(kSimulatedHead, name, fixed(m.instructions), range, fixed(m.estimated_cycles), fixed(m.l1_misses),
                     fixed(m.ll_misses));
}

} // namespace

void print_machine_busy(const RunResult &run) {
  Summary all;
  for (const BenchmarkResult &b : run.benchmarks) {
    all.batches_run += b.summary.batches_run;
    all.preempted += b.summary.preempted;
    all.preempted_kept += b.summary.preempted_kept;
    all.bound_hit += b.summary.bound_hit;
  }
  const double share = preempted_share(all);
  const double steal = steal_share(run.load_start, run.load_end);
  const std::string stolen = steal > 0.001 ? fmt::format(", {:.1f} % stolen by the hypervisor", 100 * steal) : "";
  if (share >= kBusyShare || all.bound_hit)
    std::fprintf(stderr, "machine busy: %.1f %% of batches preempted and %s; load average %.1f on %d CPUs%s\n",
                 100 * share, all.preempted_kept ? "kept only where no clean batch came" : "re-run", run.load_end.load1,
                 run.machine.cores, stolen.c_str());
  if (all.bound_hit)
    std::fprintf(stderr,
                 "warning: %d iteration(s) found no batch free of preemption within %gx their time; their "
                 "samples are preempted ones and their results are not trustworthy (flagged in the table and the "
                 "JSON). A payload longer than a time slice cannot be measured without preemption on this machine\n",
                 all.bound_hit, kPreemptionBound);
}

void print_table(const RunResult &run) {
  const bool simulated = run.config.instrument == "valgrind";
  std::string head = simulated ? fmt::format(kSimulatedHead, "benchmark", "instr/op", "fork range", "est.cycles/op",
                                             "L1miss/op", "LLmiss/op")
                               : fmt::format("{:<32} {:>12} {:>21} {:>10}", "benchmark", "ns/op", "99% CI", "ticks/op");
  const bool sample = run.config.mode == Mode::Sample;
  if (sample)
    head += fmt::format(" {:>10} {:>10} {:>10}", "p50", "p90", "p99");
  for (const std::string &c : run.counter_names)
    head += fmt::format(" {:>14}", c + "/op");
  const bool ipc = instructions_per_cycle(run.counter_names, std::vector<double>(run.counter_names.size(), 1)) > 0;
  if (ipc)
    head += fmt::format(" {:>6}", "IPC");
  head += fmt::format(" {:>7} {:>6}  {}", "forks", "iters", "notes");
  std::printf("%s\n", head.c_str());
  for (const BenchmarkResult &b : run.benchmarks) {
    const Summary &s = b.summary;
    std::vector<std::string> notes;
    auto note = [&](const std::string &n) { notes.push_back(n); };
    if (!b.protected_by_plugin)
      note("not protected by the plugin");
    // First: they say the number is not what the benchmark means to measure.
    for (const std::string &f : b.flags)
      note(describe_flag(f, &b));
    for (const CompileFinding &f : b.compile_findings)
      note((f.kind == "folded"    ? "folded at compile time: "
            : f.kind == "deleted" ? "work deleted at compile time: "
            : f.kind == "hoisted" ? "hoisted at compile time: "
            : f.kind == "mutated" ? "mutated input: "
                                  : f.kind + ": ") +
           f.message);
    if (b.stop.criterion != "none") {
      std::vector<int> warmups;
      for (const ForkResult &f : b.forks)
        warmups.push_back(f.warmup_iterations());
      std::vector<std::string> last;
      for (const auto &[name, v] : b.stop.last)
        last.push_back(fmt::format("{} {:.4g}", name, v));
      note(fmt::format("{}{}; warmup {}{}", b.stop.stable ? "" : "UNSTABLE: ", b.stop.reason, fmt::join(warmups, ","),
                       last.empty() ? "" : fmt::format("; {}", fmt::join(last, ", "))));
    }
    if (s.forks_failed)
      note(fmt::format("{} fork(s) failed", s.forks_failed));
    if (s.ci_over == CiOver::iterations)
      note("one fork: CI over iterations");
    if (s.bound_hit)
      note(fmt::format("NOT TRUSTWORTHY: every batch of {} iteration(s) was preempted", s.bound_hit));
    else if (double share = preempted_share(s); share >= kBusyShare)
      note(fmt::format("{:.1f} % of batches preempted, re-run", 100 * share));
    if (run.config.mode == Mode::SingleShot && s.preempted_kept)
      note(fmt::format("{} preempted shot(s) kept", s.preempted_kept));
    if (s.migrated)
      note("CPU migration seen");
    if (s.unscheduled)
      note("a counter group never ran: its values are 0");
    else if (s.multiplexed)
      note("counters multiplexed: scaled by time enabled/running");
    std::string line;
    if (simulated && s.simulated) {
      line = simulated_cells(b.name, s);
    } else if (s.iterations == 0 || simulated) {
      line = simulated ? fmt::format(kSimulatedHead, b.name, "-", "-", "-", "-", "-")
                       : fmt::format("{:<32} {:>12} {:>21} {:>10}", b.name, "-", "-", "-");
      for (std::size_t i = 0; i < run.counter_names.size() + (sample ? 3 : 0); ++i)
        line += fmt::format(" {:>14}", "-");
      if (ipc)
        line += fmt::format(" {:>6}", "-");
    } else {
      line = fmt::format("{:<32} {:>12} {:>21} {:>10}", b.name, fixed(s.ns_per_op),
                         "[" + fixed(s.ci_low) + ", " + fixed(s.ci_high) + "]", fixed(s.ticks_per_op));
      if (sample)
        line += fmt::format(" {:>10} {:>10} {:>10}", fixed(s.p50), fixed(s.p90), fixed(s.p99));
      for (double c : s.counters_per_op)
        line += fmt::format(" {:>14}", fixed(c));
      if (ipc)
        line += fmt::format(" {:>6.2f}", s.ipc);
    }
    line += fmt::format(" {:>7} {:>6}  {}", fmt::format("{}/{}", s.forks_used, s.forks_used + s.forks_failed),
                        s.iterations, fmt::join(notes, "; "));
    std::printf("%s\n", line.c_str());
  }
  std::fflush(stdout);
}

} // namespace steady
