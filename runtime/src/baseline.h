// Baselines, as criterion keeps them: every run is compared with the last run
// of the same binary, or with a run saved under a name (--save-baseline,
// --baseline). They live in $STEADY_BASELINE_DIR (default .steady/baselines
// under the working directory), one directory per binary: BINARY/NAME.json,
// the last run as BINARY/last.json, in compact JSON (iteration means only).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "steady/results.h"

namespace steady {

struct Baseline {
  std::string name, path;
  double ticks_per_ns = 1;
  Machine machine;
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

// The change cell of a row: "+3.1 % slower", "-0.2 % same", "+1.0 % can't tell
// yet", from stats::compare of the baseline's forks with this run's, or
// "+3.1 % other machine" without a verdict when the baseline was recorded on
// another machine; "" when the baseline has no such benchmark.
std::string change_cell(const Baseline &base, const BenchmarkResult &now, double ticks_per_ns);

// Saves the run as last.json (unless --no-baseline) and as NAME.json
// (--save-baseline); a failure is a warning for last.json, an error (false)
// for a named baseline.
bool save_baselines(const RunResult &run, const std::string &binary);

} // namespace steady
