// Forks that disagree: their groups (stats/src/fork_groups.cpp decides them)
// and what steady can tell of the cause from what each fork recorded.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "steady/fork_groups.h"
#include "steady/notes.h"
#include "steady/results.h"

namespace steady {
namespace {

// The metric a fork's mean is of: instructions/op when every measurement
// iteration was simulated (as series_of), else ns/op.
bool simulated_only(const std::vector<ForkResult> &forks) {
  bool any = false;
  for (const ForkResult &f : forks)
    for (const Iteration &it : f.iterations)
      if (f.measured() && !it.warmup && !it.batches.empty()) {
        if (!it.simulated)
          return false;
        any = true;
      }
  return any;
}

// A fork's mean (stats::fork_mean of its samples, as the printed interval's;
// in ns/op, or instructions/op) and that mean's standard error: from the
// spread of its iterations' means when it has two or more, else from its one
// iteration's batch samples.
std::optional<stats::ForkMean> fork_mean(const ForkResult &f, bool instructions) {
  stats::ForkSamples fork;
  for (const Iteration &it : f.iterations)
    if (!it.warmup && !it.batches.empty())
      fork.push_back(instructions ? metric_samples(it) : weighted_samples(it)); // ticks/op
  if (fork.empty())
    return std::nullopt;
  // ns per tick from the fork's own iterations (older files lack the fork's timer).
  const Iteration &last = *std::find_if(f.iterations.rbegin(), f.iterations.rend(),
                                        [](const Iteration &it) { return !it.warmup && !it.batches.empty(); });
  const double scale = instructions || !(last.ticks_per_op > 0) ? 1 : last.ns_per_op / last.ticks_per_op;
  stats::ForkMean m{stats::fork_mean(fork) * scale, 0};
  std::vector<double> values;
  for (const stats::IterationSamples &it : fork)
    values.push_back(stats::weighted_mean(it) * scale);
  if (values.size() >= 2)
    m.se = stats::sd(values) / std::sqrt(double(values.size()));
  else if (!instructions)
    m.se = stats::summarize(fork.front()).sd * scale;
  return m;
}

double fork_preempted_share(const ForkResult &f) {
  double runs = 0, preempted = 0;
  for (const Iteration &it : f.iterations)
    if (!it.warmup) {
      runs += it.batches_run;
      preempted += it.preempted_switch + it.preempted_cpu_short;
    }
  return runs > 0 ? preempted / runs : 0;
}

// Whether the run counted instructions and the groups' means of them per op
// differ by more than 1 %.
bool instructions_differ(const RunResult &run, const BenchmarkResult &b, const std::vector<ForkGroup> &groups) {
  const auto name = std::find(run.counter_names.begin(), run.counter_names.end(), "instructions");
  if (name == run.counter_names.end())
    return false;
  const std::size_t c = std::size_t(name - run.counter_names.begin());
  std::vector<double> means;
  for (const ForkGroup &g : groups) {
    double sum = 0, ops = 0;
    for (const ForkResult &f : b.forks)
      if (std::find(g.forks.begin(), g.forks.end(), f.number) != g.forks.end())
        for (const Iteration &it : f.iterations)
          if (!it.warmup && c < it.counters_per_op.size()) {
            sum += it.counters_per_op[c] * double(it.ops);
            ops += double(it.ops);
          }
    if (!(ops > 0))
      return false;
    means.push_back(sum / ops);
  }
  const auto [low, high] = std::minmax_element(means.begin(), means.end());
  return *low > 0 && *high / *low - 1 > 0.01;
}

} // namespace

std::vector<ForkGroup> fork_groups(const std::vector<ForkResult> &forks) {
  const bool instructions = simulated_only(forks);
  std::vector<stats::ForkMean> means;
  std::vector<int> numbers;
  for (const ForkResult &f : forks)
    if (f.measured())
      if (std::optional<stats::ForkMean> m = fork_mean(f, instructions)) {
        means.push_back(*m);
        numbers.push_back(f.number);
      }
  const std::vector<std::vector<std::size_t>> groups = stats::fork_groups(means);
  if (groups.size() < 2)
    return {};
  std::vector<ForkGroup> out;
  for (const std::vector<std::size_t> &g : groups) {
    ForkGroup &group = out.emplace_back();
    double sum = 0;
    for (std::size_t i : g) {
      group.forks.push_back(numbers[i]);
      sum += means[i].mean;
    }
    std::sort(group.forks.begin(), group.forks.end());
    group.center = sum / double(g.size());
  }
  return out;
}

Note disagreement_note(const RunResult &run, const BenchmarkResult &b) {
  Note n(NoteKind::forks_disagree);
  n.groups = b.summary.fork_groups;
  n.name = simulated_only(b.forks) ? "instructions" : "ns";
  std::map<int, std::size_t> group_of; // fork number -> its group
  for (std::size_t g = 0; g < n.groups.size(); ++g)
    for (int f : n.groups[g].forks)
      group_of[f] = g;
  std::vector<const ForkResult *> forks; // the grouped forks in run order
  for (const ForkResult &f : b.forks)
    if (group_of.count(f.number))
      forks.push_back(&f);
  // Exact counts that differ, or counted instructions per op 1 % apart
  // between groups: the work itself differs between processes.
  if (n.name == "instructions" || instructions_differ(run, b, n.groups)) {
    n.cause = DisagreeCause::work;
    return n;
  }
  // Each Slurm node's forks in one group: the machines differ.
  std::map<std::string, std::set<std::size_t>> groups_of_node;
  bool every_fork_on_a_node = !forks.empty();
  for (const ForkResult *f : forks) {
    every_fork_on_a_node &= f->slurm.has_value();
    if (f->slurm)
      groups_of_node[f->slurm->node].insert(group_of[f->number]);
  }
  if (every_fork_on_a_node && groups_of_node.size() >= 2 &&
      std::all_of(groups_of_node.begin(), groups_of_node.end(), [](auto &g) { return g.second.size() == 1; })) {
    n.cause = DisagreeCause::nodes;
    return n;
  }
  // The slower groups' forks each preempted more than the fastest group's and
  // more than the machine-busy share: they ran on a busy machine.
  double fastest_max = 0, slower_min = 1;
  for (const ForkResult *f : forks) {
    const double share = fork_preempted_share(*f);
    if (group_of[f->number] == 0)
      fastest_max = std::max(fastest_max, share);
    else
      slower_min = std::min(slower_min, share);
  }
  if (slower_min >= kBusyShare && slower_min > 2 * fastest_max) {
    n.cause = DisagreeCause::preempted;
    n.value = slower_min;
    return n;
  }
  // The groups follow one another in run order (k! orders of contiguous runs
  // out of n! / prod(n_i!) assignments): the machine changed during the run.
  int changes = 0;
  for (std::size_t i = 1; i < forks.size(); ++i)
    changes += group_of[forks[i]->number] != group_of[forks[i - 1]->number];
  double chance = 1; // k! prod(n_i!) / n!, built up factor by factor
  std::size_t placed = 0;
  for (const ForkGroup &g : n.groups)
    for (std::size_t i = 1; i <= g.forks.size(); ++i)
      chance *= double(i) / double(++placed);
  for (std::size_t k = 2; k <= n.groups.size(); ++k)
    chance *= double(k);
  if (changes == int(n.groups.size()) - 1 && chance <= 0.05) {
    n.cause = DisagreeCause::run_order;
    return n;
  }
  n.cause = DisagreeCause::placement;
  return n;
}

} // namespace steady
