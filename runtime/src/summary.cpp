// Per-benchmark summary and the machine description.
#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

#include "results.h"

namespace steady {
namespace {

// Mean and 99 % confidence interval (Student's t) of independent values.
void mean_ci99(const std::vector<double> &v, double &mean, double &lo, double &hi) {
  mean = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  if (v.size() < 2) {
    lo = hi = mean;
    return;
  }
  double ss = 0;
  for (double x : v)
    ss += (x - mean) * (x - mean);
  double se = std::sqrt(ss / double(v.size() - 1) / double(v.size()));
  boost::math::students_t t(double(v.size() - 1));
  double half = boost::math::quantile(boost::math::complement(t, 0.005)) * se;
  lo = mean - half;
  hi = mean + half;
}

std::string first_line(const char *path) {
  std::ifstream in(path);
  std::string s;
  std::getline(in, s);
  return s;
}

// The ticks/op below which a fraction q of the operations fell (weighted by ops).
double weighted_percentile(std::vector<BatchSample> samples, double q) {
  std::sort(samples.begin(), samples.end(),
            [](const BatchSample &a, const BatchSample &b) { return a.ticks_per_op < b.ticks_per_op; });
  double total = 0;
  for (const BatchSample &b : samples)
    total += double(b.ops);
  double seen = 0;
  for (const BatchSample &b : samples) {
    seen += double(b.ops);
    if (seen >= q * total)
      return b.ticks_per_op;
  }
  return samples.empty() ? 0 : samples.back().ticks_per_op;
}

} // namespace

Summary summarize(const std::vector<ForkResult> &forks, std::size_t counters) {
  Summary s;
  std::vector<BatchSample> batches;
  s.counters_per_op.assign(counters, 0);
  std::vector<double> fork_means, iteration_values;
  double ticks = 0, ops = 0;
  for (const ForkResult &f : forks) {
    if (f.warmup)
      continue;
    if (f.failed())
      ++s.forks_failed;
    // A failed fork's measurements are reported in the JSON but not mixed
    // into the summary.
    if (f.failed())
      continue;
    double sum = 0;
    int n = 0;
    for (const Iteration &it : f.iterations) {
      if (it.warmup)
        continue;
      sum += it.ns_per_op;
      ++n;
      iteration_values.push_back(it.ns_per_op);
      ticks += it.ticks;
      ops += double(it.ops);
      batches.insert(batches.end(), it.batches.begin(), it.batches.end());
      s.migrated |= it.migrated;
      s.multiplexed |= it.multiplexed;
      for (std::size_t c = 0; c < counters && c < it.counters_per_op.size(); ++c)
        s.counters_per_op[c] += it.counters_per_op[c] * double(it.ops);
    }
    if (n) {
      fork_means.push_back(sum / n);
      ++s.forks_used;
      s.iterations += n;
    }
  }
  if (iteration_values.empty())
    return s;
  // Forks are the independent unit; with one fork only iterations remain.
  const std::vector<double> &unit = fork_means.size() >= 2 ? fork_means : iteration_values;
  s.ci_over = fork_means.size() >= 2 ? "forks" : "iterations";
  mean_ci99(unit, s.ns_per_op, s.ci_low, s.ci_high);
  s.ticks_per_op = ticks / ops;
  for (double &c : s.counters_per_op)
    c /= ops;
  // Percentiles in ns: ticks scaled by the same factor as the mean.
  double ns_per_tick = s.ns_per_op > 0 && s.ticks_per_op > 0 ? s.ns_per_op / s.ticks_per_op : 0;
  s.p50 = weighted_percentile(batches, 0.50) * ns_per_tick;
  s.p90 = weighted_percentile(batches, 0.90) * ns_per_tick;
  s.p99 = weighted_percentile(batches, 0.99) * ns_per_tick;
  return s;
}

int ForkResult::warmup_iterations() const {
  int n = 0;
  for (const Iteration &it : iterations)
    n += it.warmup;
  return n;
}

Machine describe_machine() {
  Machine m;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      m.cpu = line.substr(line.find(':') + 2);
      break;
    }
  utsname u;
  if (uname(&u) == 0) {
    m.kernel = std::string(u.sysname) + " " + u.release;
    m.hostname = u.nodename;
  }
  m.governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  m.cores = int(std::thread::hardware_concurrency());
  return m;
}

} // namespace steady
