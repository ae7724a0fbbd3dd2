// A benchmark's summary over its forks, computed from the results alone: the
// runner and steady ab (for the side files it writes) summarize alike.
#include <algorithm>
#include <map>
#include <set>

#include "steady/results.h"

namespace steady {
namespace {

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

// The interval over nodes, forks and iterations when the forks ran on more
// than one Slurm node (and the nodes and the between-node share in `s`), else
// over forks and iterations.
stats::Interval node_level(const std::vector<stats::ForkSamples> &samples, const std::vector<std::string> &node_of,
                           Summary &s, std::uint64_t seed) {
  std::map<std::string, std::vector<std::size_t>> by_node;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (!node_of[i].empty())
      by_node[node_of[i]].push_back(i);
  s.nodes = int(by_node.size());
  if (by_node.size() < 2 || by_node.size() != std::set<std::string>(node_of.begin(), node_of.end()).size())
    return stats::bootstrap_mean_clt(samples, 0.99, 1000, seed);
  std::vector<stats::NodeSummary> nodes;
  std::vector<std::vector<double>> fork_means;
  for (const auto &[node, forks] : by_node) {
    stats::NodeSummary &n = nodes.emplace_back();
    std::vector<double> &means = fork_means.emplace_back();
    for (std::size_t i : forks) {
      stats::ForkSummary &f = n.emplace_back();
      double sum = 0, weight = 0;
      for (const stats::IterationSamples &it : samples[i]) {
        f.push_back(stats::summarize(it));
        sum += f.back().mean * f.back().weight;
        weight += f.back().weight;
      }
      means.push_back(sum / weight);
    }
  }
  s.ci_over = CiOver::nodes;
  s.between_node_share = stats::between_group_share(fork_means);
  return stats::bootstrap_mean_nodes_clt(nodes, 0.99, 1000, seed);
}

} // namespace

stats::IterationSamples weighted_samples(const Iteration &it, double ticks_per_ns) {
  stats::IterationSamples out;
  out.reserve(it.batches.size());
  for (const BatchSample &b : it.batches)
    out.push_back({b.ticks_per_op / ticks_per_ns, double(b.ops)});
  return out;
}

int ForkResult::warmup_iterations() const {
  return int(std::count_if(iterations.begin(), iterations.end(), [](const Iteration &it) { return it.warmup; }));
}

Summary summarize(const std::vector<ForkResult> &forks, std::size_t counters, double ticks_per_ns, std::uint64_t seed) {
  Summary s;
  s.counters_per_op.assign(counters, 0);
  std::vector<BatchSample> batches;
  std::vector<stats::ForkSamples> samples;
  std::vector<std::string> node_of; // per fork in samples: its Slurm node, "" when not run by steady slurm
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
    stats::ForkSamples fork;
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
      node_of.push_back(f.slurm ? f.slurm->node : "");
      ++s.forks_used;
    }
  }
  if (samples.empty())
    return s;
  // The 99 % interval of the hierarchical bootstrap (forks, iterations, batch
  // samples), the same resampling as the rciw criterion; with forks from
  // several machines, machines are its outermost level.
  s.ci_over = samples.size() >= 2 ? CiOver::forks : CiOver::iterations;
  stats::Interval ci = node_level(samples, node_of, s, seed);
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

double steal_share(const MachineLoad &start, const MachineLoad &end) {
  double total = end.total_jiffies - start.total_jiffies;
  return total > 0 ? (end.steal_jiffies - start.steal_jiffies) / total : 0;
}

} // namespace steady
