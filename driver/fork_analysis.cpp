#include "fork_analysis.h"

#include <stdexcept>

#include <fmt/core.h>

namespace steady::driver {

ForkSeries fork_series(const ForkResult &f) {
  ForkSeries fd;
  fd.number = f.number;
  double t = 0;
  for (const Iteration &it : f.iterations) {
    // Payload time (what the iteration measured, timer overhead and the
    // empty loop subtracted): the closest the file has to elapsed time.
    t += double(it.ops) * it.ns_per_op * 1e-9;
    fd.ns_per_op.push_back(it.ns_per_op);
    fd.elapsed.push_back(t);
  }
  fd.warmup_iterations = std::size_t(f.warmup_iterations());
  return fd;
}

void analyze_series(ForkSeries &f, const stats::SteadyStateOptions &so) {
  const std::size_t n = f.ns_per_op.size();
  if (n < kMinIterations) {
    f.skipped = fmt::format("too few iterations to analyse ({} < {})", n, kMinIterations);
    return;
  }
  try {
    f.analysis = stats::analyze_fork(f.ns_per_op, f.elapsed, so);
  } catch (const std::invalid_argument &e) { // e.g. a NaN in the series
    f.skipped = fmt::format("not analysed: {}", e.what());
  }
}

std::vector<BenchmarkSeries> analyze_run(const RunResult &run, const stats::SteadyStateOptions &so) {
  std::vector<BenchmarkSeries> out;
  for (const BenchmarkResult &b : run.benchmarks) {
    BenchmarkSeries bs{b.name, {}, 0};
    for (const ForkResult &f : b.forks) {
      if (!f.measured()) {
        ++bs.other_forks;
        continue;
      }
      analyze_series(bs.forks.emplace_back(fork_series(f)), so);
    }
    out.push_back(std::move(bs));
  }
  return out;
}

} // namespace steady::driver
