// Baselines, as criterion keeps them: every run is compared with the last run
// of the same binary, or with a run saved under a name (--save-baseline,
// --baseline). They live in $STEADY_BASELINE_DIR (default .steady/baselines
// under the working directory), one directory per binary: BINARY/NAME.json,
// the last run as BINARY/last.json, in compact JSON (iteration means only).
#pragma once

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "steady/comparison.h"
#include "steady/results.h"

namespace steady {

struct Baseline {
  std::string name, path;
  std::string started; // when the baseline's run started (UTC, ISO 8601)
  double ticks_per_ns = 1;
  Machine machine;
  MachineLoad load; // at the end of the baseline's run
  std::map<std::string, BenchmarkResult> benchmarks;
  // How this run's machine differs from the baseline's (machine_difference),
  // "" when it does not: then a change is not the code's alone.
  std::string other_machine;
};

// The directory of `binary`'s baselines, and the file of the one named NAME.
std::string baseline_dir(const std::string &binary);
std::string baseline_file(const std::string &binary, const std::string &name);

// Why NAME cannot name a baseline (it holds a '/', or is "." or ".."), or "".
std::string baseline_name_problem(const std::string &name);

// What this run is compared with: --baseline=NAME (a missing or unreadable one
// is an error: `error` set), else the last run when there is one.
std::optional<Baseline> load_baseline(const RunConfig &cfg, const std::string &binary, std::string &error);

// Creates the directory --save-baseline writes to; "" or the reason it cannot.
std::string prepare_baseline_dir(const std::string &binary);

// One row against the baseline, from stats::compare of the baseline's forks
// with this run's: the change in percent, the verdict (none when the baseline
// was recorded on another machine, unless one side measures nothing), and
// whether both timed the same machine code (when both carry fingerprints).
struct BaselineChange {
  std::string benchmark;
  double percent = 0;
  std::optional<stats::Verdict> verdict;
  std::optional<bool> identical_code;
  // The log ratio and its standard error from this run's and the baseline's
  // forks (NaN: unknown).
  double log_ratio = std::numeric_limits<double>::quiet_NaN(), log_se = std::numeric_limits<double>::quiet_NaN();
};
// Nothing when the baseline has no such benchmark or either side no forks.
std::optional<BaselineChange> compare_with_baseline(const Baseline &base, const BenchmarkResult &now,
                                                    double ticks_per_ns);

// The change cell of a row: "+3.1 % slower", "-0.2 % same", "+1.0 % can't tell
// yet", "-4.4 % faster, identical code" (a verdict on the same machine code:
// the machine moved, not the code), "+3.1 % other machine".
std::string change_cell(const BaselineChange &c);

// The line under the table: the verdicts counted and, when rows ran identical
// code, how far the machine moved between the two runs, judged from those rows
// as known null comparisons (genomic control: their median log ratio is the
// machine's move, and the median of their squared z over chi-square(1)'s
// median, at least 1, is how much more their changes spread than their forks
// predict); with 10 such rows or more, which rows whose code changed differ
// beyond that move at 99 %; and how to see a change of the code side by side.
// "" on another machine (its warning says so before the table) or when
// nothing was compared.
std::string baseline_summary(const Baseline &base, const std::vector<BaselineChange> &changes, double load_now);

// The machine's move between the baseline's run and this one, from the rows
// whose code is identical (see baseline_summary): their median log ratio and
// the inflation of their spread (>= 1).
struct MachineMove {
  int rows = 0;
  double log_ratio = 0, inflation = 1;
};
constexpr int kMachineMoveRows = 10; // fewer identical rows give no judgement
MachineMove machine_move(const std::vector<BaselineChange> &changes);
// A row's change beyond the machine's move in percent, when its z (the log
// ratio less the move, over its standard error times the inflation's root)
// rejects at alpha, two-sided; nothing otherwise or with too few rows.
std::optional<double> beyond_machine_move(const BaselineChange &c, const MachineMove &m, double alpha);

// Saves the run as last.json (unless --no-baseline) and as NAME.json
// (--save-baseline); a failure is a warning for last.json, an error (false)
// for a named baseline.
bool save_baselines(const RunResult &run, const std::string &binary);

} // namespace steady
