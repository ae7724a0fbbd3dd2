// One fork's series as the steady-state analysis sees it (ns/op of every
// iteration, warmup included: the warmup is what is being judged) and that
// analysis, shared by `steady analyze` and the report's charts so both show
// the same changepoints and steady-state start.
#pragma once

#include <string>
#include <vector>

#include "steady/results.h"
#include "steady/steady_state.h"

namespace steady::driver {

// Below this many iterations n/6 leaves fewer than 2 points to judge and
// segments of at least 2 points leave little to find: the fork is reported,
// not analyzed.
constexpr std::size_t kMinIterations = 12;

struct ForkSeries {
  int number = 0;
  std::vector<double> ns_per_op;
  std::vector<double> elapsed; // seconds since the fork's first iteration began, at each iteration's end
  std::size_t warmup_iterations = 0;
  // Set when the fork was not analyzed.
  std::string skipped;
  stats::ForkSteadyState analysis;
};

// A measured fork's series (warmup forks and failed forks are not measured forks).
ForkSeries fork_series(const ForkResult &f);

// Analyzes the fork when it is long enough (and K leaves points to judge);
// otherwise, or when the analysis refuses the series, sets `skipped`.
void analyze_series(ForkSeries &f, const stats::SteadyStateOptions &so);

// A benchmark's measured forks, in the order of its forks, each analyzed, and
// how many failed or warmup forks it had (not analyzed: warmup forks are
// discarded by design, failed forks stopped early; neither says how the
// measured forks behave).
struct BenchmarkSeries {
  std::string name;
  std::vector<ForkSeries> forks;
  std::size_t other_forks = 0;
};

// Every benchmark of `run`, in its order, analyzed once: steady analyze
// prints it and the report draws it.
std::vector<BenchmarkSeries> analyze_run(const RunResult &run, const stats::SteadyStateOptions &so);

} // namespace steady::driver
