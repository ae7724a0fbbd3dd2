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
#include "steady/machine_move.h"
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
// with this run's: the change, the verdict (none when the baseline was
// recorded on another machine, unless one side measures nothing), and whether
// both timed the same machine code (when both carry fingerprints).
using BaselineChange = RunChange;
// Nothing when the baseline has no such benchmark or either side no forks.
std::optional<BaselineChange> compare_with_baseline(const Baseline &base, const BenchmarkResult &now,
                                                    double ticks_per_ns);

// The change cell of a row: "+3.1 % slower", "-0.2 % same", "+1.0 % can't tell
// yet", "-4.4 % faster, identical code" (a verdict on the same machine code:
// the machine moved, not the code), "+3.1 % other machine".
std::string change_cell(const BaselineChange &c);

// The line under the table: the verdicts counted, then machine_move_text (how
// far the machine moved between the two runs, judged from the rows of
// identical code). "" on another machine (its warning says so before the
// table) or when nothing was compared.
std::string baseline_summary(const Baseline &base, const std::vector<BaselineChange> &changes, double load_now);

// Saves the run as last.json (unless --no-baseline) and as NAME.json
// (--save-baseline); a failure is a warning for last.json, an error (false)
// for a named baseline.
bool save_baselines(const RunResult &run, const std::string &binary);

} // namespace steady
