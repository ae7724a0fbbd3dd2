// What steady ab writes and prints (ab.h): each side's forks as a result
// file, the comparison of a benchmark's two sides, and the closing table,
// files and lines with the exit status.
#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <unistd.h>
#include <utility>

#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ab.h"
#include "cause_run.h"
#include "commands.h"
#include "report.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady::driver::ab {

using json = nlohmann::json;

RunResult Ab::side_results(int side) const {
  RunResult run = header_[side].value_or(RunResult{});
  run.partial = g_signal != 0;
  if (ticks_per_ns_ > 0)
    run.timer.ticks_per_ns = ticks_per_ns_;
  run.ab = AbRun{kSide[side], o_.bin[side], o_.bin[1 - side], o_.seed, run_id_};
  for (const Bench &b : benches_) {
    if (!b.identified)
      continue;
    // A summary for readers of the file, as the runner's; compare recomputes
    // from the forks.
    StopResult stop;
    stop.reason = b.decided ? "steady ab: decided" : "steady ab: undecided at the end of the run";
    finish_benchmark(run.benchmarks.emplace_back(b.side[side]), std::move(stop), run);
  }
  return run;
}

std::optional<Row> Ab::compare(const Bench &b, const CompareOptions &c) const {
  Series a = series_of(b.side[0], ticks_per_ns_), n = series_of(b.side[1], ticks_per_ns_);
  if (a.forks.empty() || n.forks.empty())
    return std::nullopt;
  Row r = compare_series(b.name, a, n, c);
  r.forks = std::pair(int(a.forks.size()), int(n.forks.size()));
  r.identical_code = same_code(b.side[0].code, b.side[1].code);
  r.base_groups = disagreement_of(b.side[0]);
  r.new_groups = disagreement_of(b.side[1]);
  return r;
}

bool Ab::write_sides(bool last) const {
  bool ok = true;
  for (int side : {0, 1}) {
    if (o_.json_side[side].empty() || (!last && written_in_place(o_.json_side[side])))
      continue;
    try {
      const json doc = side_results(side);
      write_or_keep(o_.json_side[side], ".json", [&](const std::string &to) {
        write_output(to, [&](std::ostream &out) { out << doc.dump() << "\n"; });
      });
    } catch (const std::exception &e) {
      fmt::print(stderr, "steady ab: {}\n", e.what());
      ok = false;
    }
  }
  return ok;
}

void Ab::add_causes(std::vector<Row> &rows) const {
  std::map<std::string, std::set<std::string>> changed;
  // Without reach records the changed functions are not compared.
  std::map<std::string, std::set<std::string>> calls; // cause.h's CallGraph
  const bool have_changed = changed_by_payload("steady ab --cause", o_.bin[0], o_.bin[1], changed, &calls);
  CauseSetup setup;
  setup.bin[0] = o_.bin[0];
  setup.bin[1] = o_.bin[1];
  setup.dir = tmp_;
  setup.timeout = o_.fork_timeout * 5;
  std::string no_perf;
  bool perf_checked = false;
  auto explained = [](const Row &row) {
    return row.result.verdict == stats::Verdict::slower || row.result.verdict == stats::Verdict::faster;
  };
  // The sampling budget, shared by the rows measured with time: each gets
  // what is left over the rows still to come.
  int time_rows =
      int(std::count_if(rows.begin(), rows.end(), [&](const Row &r) { return explained(r) && !r.instructions; }));
  double sampled = 0;
  for (Row &row : rows) {
    if (!explained(row))
      continue;
    if (g_signal)
      return;
    setup.time = !row.instructions;
    if (setup.time)
      setup.budget = std::max(0.0, o_.cause_budget - sampled) / double(time_rows--);
    setup.direction = row.result.verdict == stats::Verdict::slower ? 1 : -1;
    if (setup.time && !std::exchange(perf_checked, true))
      no_perf = perf_unavailable(tmp_);
    if (setup.time && !no_perf.empty()) {
      row.cause = {"not measured: " + no_perf};
      row.cause_json = {{"problem", no_perf}};
      continue;
    }
    if (!o_.verbose && isatty(2))
      fmt::print(stderr, "\r\033[Kroot cause of {} ({})", row.name, setup.time ? "perf cpu-clock" : "callgrind");
    const std::set<std::string> here = changed_for(changed, row.name);
    MeasuredCause m;
    // Under valgrind, from the profiles the forks kept (the verdict's own
    // runs); else (time, or no profile) measured apart.
    auto bench = std::find_if(benches_.begin(), benches_.end(), [&](const Bench &b) { return b.name == row.name; });
    std::string profile[2];
    double ops[2] = {0, 0}, per_op[2] = {0, 0};
    for (int s = 0; s < 2 && !setup.time && bench != benches_.end(); ++s) {
      profile[s] = profile_path(*bench, s);
      if (!bench->side[s].forks.empty())
        for (const Iteration &it : bench->side[s].forks.back().iterations)
          if (!it.warmup && it.simulated) {
            ops[s] = double(it.ops);
            per_op[s] = it.simulated->instructions;
          }
    }
    if (!setup.time && std::filesystem::exists(profile[0]) && std::filesystem::exists(profile[1]))
      m = cause_from_profiles(row.name, profile, ops, per_op, have_changed ? &here : nullptr,
                              have_changed ? &calls : nullptr);
    else
      m = measure_cause(setup, row.name, have_changed ? &here : nullptr, have_changed ? &calls : nullptr);
    if (setup.time && m.json.is_object())
      sampled += m.json.value("seconds", 0.0);
    if (!m.problem.empty()) {
      row.cause = {"not measured: " + m.problem};
      row.cause_json = {{"problem", m.problem}};
    } else {
      row.cause = std::move(m.lines);
      row.cause_json = std::move(m.json);
    }
  }
  if (!o_.verbose && isatty(2))
    fmt::print(stderr, "\r\033[K");
}

// The final comparison of everything measured, at the per-look alpha the
// decisions were made with.
int Ab::report_all(const CompareOptions &look, const std::vector<int> &looks, double elapsed, bool budget_spent) {
  // The last look: what is still undecided at +-equivalence after every
  // round (or the budget) is decided at its noise floor when that is wider
  // (stats::ComparisonOptions::noise_floor); an interrupted run is not over.
  CompareOptions per_look = look;
  if (!g_signal && o_.noise_floor)
    per_look.noise_floor = c_.alpha;
  std::vector<Row> rows;
  int undecided = 0;
  for (Bench &b : benches_) {
    std::optional<Row> r = compare(b, per_look);
    if (!r) {
      fmt::print(stderr,
                 "steady ab: {} has too few successful forks to compare (A {} ok {} failed, B {} ok {} failed)\n",
                 b.name, b.ok[0], b.failed[0], b.ok[1], b.failed[1]);
      continue;
    }
    undecided += !r->result.decided();
    rows.push_back(*r);
  }
  const bool written = write_sides(true);
  if (rows.empty())
    return g_signal ? 128 + g_signal : 2;
  if (o_.cause)
    add_causes(rows);
  fmt::print("A: {}\nB: {}\n", o_.bin[0], o_.bin[1]);
  json header = {{"schema", "steady-compare/1"},
                 {"base", o_.bin[0]},
                 {"new", o_.bin[1]},
                 {"ab",
                  {{"seed", o_.seed},
                   {"alpha_per_look", per_look.alpha},
                   {"looks", looks},
                   {"seconds", elapsed},
                   {"forks_run", sequence_},
                   {"budget_spent", budget_spent},
                   {"lockstep", o_.lockstep}}}};
  if (o_.changed_only)
    header["ab"]["selection"] = o_.selection;
  if (!o_.json_side[0].empty())
    header["base_results"] = o_.json_side[0];
  if (!o_.json_side[1].empty())
    header["new_results"] = o_.json_side[1];
  bool gate = false;
  try {
    gate = report(rows, per_look, "steady ab", header);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady ab: {}\n", e.what());
    return 2;
  }
  if (!c_.html_out.empty() && !write_comparison_report(c_.html_out, "steady ab", rows, per_look,
                                                       compared_side(fmt::format("A: {}", o_.bin[0]), side_results(0)),
                                                       compared_side(fmt::format("B: {}", o_.bin[1]), side_results(1))))
    return 2;
  // A benchmark left out of the table fails the run, as a benchmark whose
  // every fork failed fails the runner.
  const std::size_t uncompared = benches_.size() - rows.size();
  fmt::print("{} forks in {:.1f} s; {} of {} benchmark(s) decided{}{}; verdicts at {:g} %: each of the {} looks (at {} "
             "forks per version) tests at {:.4g} %, so that looking again does not raise the false-positive rate\n",
             sequence_, elapsed, rows.size() - undecided, rows.size(),
             g_signal       ? " (interrupted)"
             : budget_spent ? " (the --budget ran out)"
                            : "",
             uncompared ? fmt::format(", {} not compared (too few successful forks)", uncompared) : "",
             100 * (1 - c_.alpha), looks.size(), fmt::join(looks, ", "), 100 * (1 - per_look.alpha));
  if (g_signal)
    return 128 + g_signal;
  return !written ? 2 : gate || uncompared ? 1 : 0;
}

} // namespace steady::driver::ab
