// Per-benchmark summary and the machine description.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

#include "measure.h"
#include "results.h"

namespace steady {
namespace {

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

Summary summarize(const std::vector<ForkResult> &forks, std::size_t counters, double ticks_per_ns,
                  std::uint64_t seed) {
  Summary s;
  s.counters_per_op.assign(counters, 0);
  std::vector<BatchSample> batches;
  std::vector<stats::Fork> samples;
  double ticks = 0, ops = 0;
  for (const ForkResult &f : forks) {
    if (f.warmup)
      continue;
    // A failed fork's measurements are reported in the JSON but not mixed
    // into the summary.
    if (f.failed()) {
      ++s.forks_failed;
      continue;
    }
    stats::Fork fork;
    for (const Iteration &it : f.iterations) {
      if (it.warmup || it.batches.empty())
        continue;
      fork.push_back(weighted_samples(it));
      ++s.iterations;
      ticks += it.ticks;
      ops += double(it.ops);
      s.migrated |= it.migrated;
      s.multiplexed |= it.multiplexed;
      s.unscheduled |= it.unscheduled;
      s.batches_run += it.batches_run;
      s.preempted += it.preempted_switch + it.preempted_cpu_short;
      s.preempted_kept += it.preempted_kept;
      s.bound_hit += it.preemption_bound_hit;
      batches.insert(batches.end(), it.batches.begin(), it.batches.end());
      for (std::size_t c = 0; c < counters && c < it.counters_per_op.size(); ++c)
        s.counters_per_op[c] += it.counters_per_op[c] * double(it.ops);
    }
    if (!fork.empty()) {
      samples.push_back(std::move(fork));
      ++s.forks_used;
    }
  }
  if (samples.empty())
    return s;
  // The 99 % interval of the hierarchical bootstrap (forks, iterations, batch
  // samples), the same resampling as the rciw criterion.
  s.ci_over = samples.size() >= 2 ? "forks" : "iterations";
  stats::Interval ci = stats::bootstrap_mean_clt(samples, 0.99, 1000, seed);
  s.ticks_per_op = ticks / ops;
  s.ns_per_op = s.ticks_per_op / ticks_per_ns;
  s.ci_low = ci.low / ticks_per_ns;
  s.ci_high = ci.high / ticks_per_ns;
  for (double &c : s.counters_per_op)
    c /= ops;
  s.p50 = weighted_percentile(batches, 0.50) / ticks_per_ns;
  s.p90 = weighted_percentile(batches, 0.90) / ticks_per_ns;
  s.p99 = weighted_percentile(batches, 0.99) / ticks_per_ns;
  return s;
}

double instructions_per_cycle(const std::vector<std::string> &names, const std::vector<double> &per_op) {
  double cycles = 0, instructions = 0;
  for (std::size_t i = 0; i < names.size() && i < per_op.size(); ++i) {
    if (names[i] == "cycles" || names[i] == "cpu-cycles")
      cycles = per_op[i];
    else if (names[i] == "instructions")
      instructions = per_op[i];
  }
  return cycles > 0 ? instructions / cycles : 0;
}

int ForkResult::warmup_iterations() const {
  int n = 0;
  for (const Iteration &it : iterations)
    n += it.warmup;
  return n;
}

PreemptionInfo preemption_info(const PreemptionProbe &probe) {
  return {probe.mechanism(), probe.fallback_reason(), probe.margin_ns(), probe.read_ns()};
}

MachineLoad read_machine_load() {
  MachineLoad l;
  std::ifstream("/proc/loadavg") >> l.load1 >> l.load5 >> l.load15;
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice";
  // guest time is already counted in user and nice.
  std::ifstream stat("/proc/stat");
  std::string cpu;
  stat >> cpu;
  double v[8] = {};
  for (double &x : v)
    stat >> x;
  if (cpu == "cpu") {
    l.steal_jiffies = v[7];
    for (double x : v)
      l.total_jiffies += x;
  }
  return l;
}

double steal_share(const MachineLoad &start, const MachineLoad &end) {
  double total = end.total_jiffies - start.total_jiffies;
  return total > 0 ? (end.steal_jiffies - start.steal_jiffies) / total : 0;
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
