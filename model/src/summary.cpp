// A benchmark's summary over its forks, computed from the results alone: the
// runner and steady ab (for the side files it writes) summarize alike.
#include <algorithm>
#include <map>
#include <numeric>
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

// The 99 % interval: Student's t over the means of the outermost level, the
// Slurm nodes when forks ran on more than one (a node's mean is its forks'
// mean; raw iterations of different machines are never pooled), else the
// forks. A bootstrap over that level undercovers with the few units a run has:
// over 2 forks or nodes its interval is the two means; over 2, 3, 5 and 10
// nodes the hierarchical bootstrap's 99 % interval covered 70, 82, 92 and 96 %
// of simulated runs, t's 99 % (scripts/interval-coverage). A time is not
// negative, so the lower end stops at 0. Over the iterations of one fork
// (flagged), the bootstrap.
stats::Interval interval(const std::vector<stats::ForkSamples> &samples, const std::vector<double> &fork_means,
                         const std::vector<std::string> &node_of, Summary &s, std::uint64_t seed) {
  if (samples.size() < 2)
    return stats::bootstrap_mean_clt(samples, 0.99, 1000, seed);
  std::map<std::string, std::vector<double>> by_node; // fork means per node
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (!node_of[i].empty())
      by_node[node_of[i]].push_back(fork_means[i]);
  s.nodes = int(by_node.size());
  auto t_over = [](const std::vector<double> &means) {
    stats::Interval ci = stats::t_interval(means, 0.99);
    ci.low = std::max(ci.low, 0.0);
    return ci;
  };
  const bool every_fork_on_a_node = std::none_of(node_of.begin(), node_of.end(), [](auto &n) { return n.empty(); });
  if (by_node.size() < 2 || !every_fork_on_a_node)
    return t_over(fork_means);
  std::vector<double> node_means;
  std::vector<std::vector<double>> groups;
  for (auto &[node, forks] : by_node) {
    node_means.push_back(std::accumulate(forks.begin(), forks.end(), 0.0) / double(forks.size()));
    groups.push_back(std::move(forks));
  }
  s.ci_over = CiOver::nodes;
  s.between_node_share = stats::between_group_share(groups);
  return t_over(node_means);
}

// The layout interval of forks run at code offsets `codes` (parallel to
// `fork_means`, ticks/op; -1: no layout recorded): per offset the t interval
// of its forks' mean (Summary::layout_offsets; the pooled within-offset
// variance gives an offset of one fork an interval too), and from the lowest
// to the highest of their ends, whether or not the offsets' means differ
// beyond fork noise (layout_sensitive, the layout-sensitive note's rule). The
// mean's interval, which it was when they did not, held every offset's true
// mean in 34-57 % of simulated runs with one offset 3 % slow or offsets 1 %
// apart (the ANOVA misses such effects at 5 forks per offset), the offsets'
// span in 99 % (ForkLoop.DISABLED_LayoutStopTable); random mode's stop judges
// this interval against --precision (layout_precision, stats/stopping.h).
void layout_interval(const std::vector<int> &codes, const std::vector<double> &fork_means, double ticks_per_ns,
                     Summary &s) {
  std::map<int, std::vector<double>> by_offset;
  for (std::size_t i = 0; i < codes.size(); ++i)
    if (codes[i] >= 0)
      by_offset[codes[i]].push_back(fork_means[i] / ticks_per_ns);
  if (by_offset.size() < 2)
    return;
  std::vector<std::vector<double>> groups;
  for (auto &[code, means] : by_offset)
    groups.push_back(means);
  bool spreads_differ = false;
  const std::vector<stats::Interval> cis = stats::spread_aware_group_intervals(groups, 0.99, &spreads_differ);
  if (cis.size() != groups.size())
    return;
  std::size_t i = 0;
  for (auto &[code, means] : by_offset) {
    const stats::Interval &ci = cis[i++];
    s.layout_offsets.push_back({code, int(means.size()), ci.estimate, std::max(ci.low, 0.0), ci.high});
  }
  s.layout_sensitive = stats::means_differ(groups, 0.99);
  s.layout_spreads_differ = spreads_differ;
  s.layout_low = std::min_element(s.layout_offsets.begin(), s.layout_offsets.end(), [](auto &a, auto &b) {
                   return a.low < b.low;
                 })->low;
  s.layout_high = std::max_element(s.layout_offsets.begin(), s.layout_offsets.end(), [](auto &a, auto &b) {
                    return a.high < b.high;
                  })->high;
}

} // namespace

void thin_batches(std::vector<BatchSample> &s, std::size_t max) {
  max = std::max<std::size_t>(max, 1);
  while (s.size() > max) {
    std::vector<BatchSample> merged;
    for (std::size_t i = 0; i + 1 < s.size(); i += 2) {
      std::uint64_t ops = s[i].ops + s[i + 1].ops;
      merged.push_back(
          {(s[i].ticks_per_op * double(s[i].ops) + s[i + 1].ticks_per_op * double(s[i + 1].ops)) / double(ops), ops});
    }
    if (s.size() % 2)
      merged.push_back(s.back());
    s.swap(merged);
  }
}

stats::IterationSamples weighted_samples(const Iteration &it, double ticks_per_ns) {
  stats::IterationSamples out;
  out.reserve(it.batches.size());
  for (const BatchSample &b : it.batches)
    out.push_back({b.ticks_per_op / ticks_per_ns, double(b.ops)});
  return out;
}

stats::IterationSamples metric_samples(const Iteration &it) {
  if (it.simulated)
    return {{it.simulated->instructions, double(it.ops)}};
  return weighted_samples(it);
}

double estimated_cycles(double accesses, double l1_misses, double ll_misses) {
  const double ram = ll_misses, ll_hits = l1_misses - ll_misses, l1_hits = accesses - l1_misses;
  return l1_hits + 5 * ll_hits + 35 * ram;
}

namespace {

// Adds `x` weighted by `w` to the sums in `into`.
void accumulate(Simulated &into, const Simulated &x, double w) {
  into.instructions += x.instructions * w;
  into.data_reads += x.data_reads * w;
  into.data_writes += x.data_writes * w;
  into.l1_misses += x.l1_misses * w;
  into.ll_misses += x.ll_misses * w;
  into.estimated_cycles += x.estimated_cycles * w;
}

// The sums divided by the total weight (a division, not a multiplication by
// its inverse: integral counts per op stay exact).
Simulated mean_of(const Simulated &sum, double w) {
  return {sum.instructions / w, sum.data_reads / w, sum.data_writes / w,
          sum.l1_misses / w,    sum.ll_misses / w,  sum.estimated_cycles / w};
}

// The means over forks that have simulated counts in every measurement
// iteration; nothing when one lacks them.
void summarize_simulated(const std::vector<ForkResult> &forks, Summary &s) {
  Simulated sum;
  double ops = 0;
  std::vector<double> fork_means;
  for (const ForkResult &f : forks) {
    if (!f.measured())
      continue;
    for (const Iteration &it : f.iterations) {
      if (it.warmup || it.batches.empty())
        continue;
      if (!it.simulated)
        return;
      accumulate(sum, *it.simulated, double(it.ops));
      ops += double(it.ops);
    }
    if (const stats::ForkSamples fork = stop_samples(f); !fork.empty())
      fork_means.push_back(stats::fork_mean(fork)); // instructions per op: every iteration is simulated
  }
  if (ops == 0)
    return;
  s.simulated = mean_of(sum, ops);
  s.instructions_fork_min = *std::min_element(fork_means.begin(), fork_means.end());
  s.instructions_fork_max = *std::max_element(fork_means.begin(), fork_means.end());
}

} // namespace

int ForkResult::warmup_iterations() const {
  return int(std::count_if(iterations.begin(), iterations.end(), [](const Iteration &it) { return it.warmup; }));
}

double ForkResult::mean_ns_per_op() const {
  double ns = 0, ops = 0;
  for (const Iteration &it : iterations)
    if (!it.warmup && it.ops) {
      ns += it.ns_per_op * double(it.ops);
      ops += double(it.ops);
    }
  return ops > 0 ? ns / ops : 0;
}

Summary summarize(const std::vector<ForkResult> &forks, std::size_t counters, double ticks_per_ns, std::uint64_t seed) {
  Summary s;
  s.counters_per_op.assign(counters, 0);
  std::vector<BatchSample> batches;
  std::vector<stats::ForkSamples> samples;
  std::vector<std::string> node_of; // per fork in samples: its Slurm node, "" when not run by steady slurm
  std::vector<double> fork_means;   // per fork in samples: ticks per op
  std::vector<int> codes;           // per fork in samples: its code offset under --layout=random, else -1
  double ops = 0;
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
      fork_means.push_back(stats::fork_mean(fork)); // what the precision stop judged (ForkLoop)
      samples.push_back(std::move(fork));
      node_of.push_back(f.slurm ? f.slurm->node : "");
      codes.push_back(f.layout ? f.layout->code : -1);
      ++s.forks_used;
    }
  }
  if (samples.empty())
    return s;
  s.ci_over = samples.size() >= 2 ? CiOver::forks : CiOver::iterations;
  const stats::Interval ci = interval(samples, fork_means, node_of, s, seed);
  // The row's number is its interval's centre (the mean of the fork means),
  // not the pooled ticks / ops: forks that disagree would otherwise print a
  // mean weighted towards the fast forks (they run more ops in the same time).
  s.ticks_per_op = ci.estimate;
  s.ns_per_op = s.ticks_per_op / ticks_per_ns;
  s.ci_low = ci.low / ticks_per_ns;
  s.ci_high = ci.high / ticks_per_ns;
  for (double &c : s.counters_per_op)
    c /= ops;
  s.p50 = weighted_percentile(batches, 0.50) / ticks_per_ns;
  s.p90 = weighted_percentile(batches, 0.90) / ticks_per_ns;
  s.p99 = weighted_percentile(batches, 0.99) / ticks_per_ns;
  summarize_simulated(forks, s);
  s.fork_groups = fork_groups(forks);
  layout_interval(codes, fork_means, ticks_per_ns, s);
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

stats::ForkSamples stop_samples(const ForkResult &f) {
  stats::ForkSamples samples;
  for (const Iteration &it : f.iterations)
    if (!it.warmup && !it.batches.empty())
      samples.push_back(metric_samples(it));
  return samples;
}

void finish_benchmark(BenchmarkResult &b, StopResult stop, const RunResult &run) {
  b.stop = std::move(stop);
  b.summary = summarize(b.forks, run.counter_names.size(), run.timer.ticks_per_ns, run.config.seed);
  b.summary.ipc = instructions_per_cycle(run.counter_names, b.summary.counters_per_op);
}

StopPolicy stop_policy(const RunConfig &cfg) {
  StopPolicy p;
  StopPolicy::parse(cfg.stop, p);
  p.window = cfg.window;
  p.seed = cfg.seed;
  p.precision_target = cfg.precision;
  if (cfg.threshold > 0)
    p.cv_threshold = p.rciw_threshold = p.kld_threshold = cfg.threshold;
  return p;
}

stats::Series series_of(const BenchmarkResult &b, double ticks_per_ns) {
  stats::Series s;
  // Instructions per op when every measurement iteration has them
  // (--instrument=valgrind): one value per iteration, exact, so that the
  // comparison's spread is the fork-to-fork variation of the counts.
  s.instructions = true;
  for (const ForkResult &f : b.forks)
    for (const Iteration &it : f.iterations)
      if (f.measured() && !it.warmup && !it.batches.empty())
        s.instructions &= it.simulated.has_value();
  std::vector<int> numbers; // of the forks in s.forks
  for (const ForkResult &f : b.forks) {
    if (!f.measured())
      continue;
    stats::ForkSamples fork;
    std::vector<double> means;
    for (const Iteration &it : f.iterations) {
      if (it.warmup || it.batches.empty())
        continue;
      const double value = s.instructions ? it.simulated->instructions : it.ns_per_op;
      s.iteration_means.push_back(value);
      means.push_back(value);
      fork.push_back(s.instructions ? metric_samples(it) : weighted_samples(it, ticks_per_ns));
    }
    if (!fork.empty()) {
      s.iterations_per_fork = int(fork.size());
      s.forks.push_back(std::move(fork));
      s.fork_means.push_back(std::move(means));
      s.fork_rounds.push_back(f.ab ? f.ab->round : -1);
      s.fork_code_offsets.push_back(f.layout ? f.layout->code : -1);
      numbers.push_back(f.number);
    }
  }
  if (std::all_of(s.fork_code_offsets.begin(), s.fork_code_offsets.end(), [](int code) { return code < 0; }))
    s.fork_code_offsets.clear(); // pinned
  s.lockstep =
      std::all_of(b.forks.begin(), b.forks.end(),
                  [](const ForkResult &f) { return !f.measured() || (f.lockstep && f.lockstep->alone == 0); }) &&
      !s.fork_means.empty();
  const std::vector<ForkGroup> groups = fork_groups(b.forks);
  s.forks_disagree = groups.size() >= 2;
  std::size_t grouped = 0, largest = 0;
  for (const ForkGroup &g : groups) {
    grouped += g.forks.size();
    largest = std::max(largest, g.forks.size());
  }
  s.forks_apart = grouped - largest;
  if (s.forks_disagree) {
    std::set<int> outside;
    bool past_largest = false; // the first group of the largest size is the largest
    for (const ForkGroup &g : groups) {
      if (g.forks.size() == largest && !past_largest) {
        past_largest = true;
        continue;
      }
      outside.insert(g.forks.begin(), g.forks.end());
    }
    for (int number : numbers)
      s.fork_outside.push_back(outside.count(number) > 0);
  }
  s.measures_nothing = std::find(b.flags.begin(), b.flags.end(), "measures-nothing") != b.flags.end();
  // A fork that measured 0 ns/op measured nothing: its ratio would be 0 or
  // infinite.
  for (const std::vector<double> &m : s.fork_means)
    s.measures_nothing |= stats::mean(m) == 0;
  s.instructions &= !s.forks.empty();
  return s;
}

} // namespace steady
