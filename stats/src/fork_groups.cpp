#include "steady/fork_groups.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <tuple>
#include <utility>

#include <boost/random/normal_distribution.hpp>

#include "clusters_critical_table.h"
#include "steady/stats.h"

namespace steady::stats {

ForkMean fork_mean_and_se(std::span<const double> x) {
  return {mean(x), x.size() > 1 ? sd(x) / std::sqrt(double(x.size())) : 0};
}

double clusters_statistic(std::span<const double> x, std::size_t groups, std::vector<std::size_t> &cuts) {
  const std::size_t n = x.size();
  const double m = std::accumulate(x.begin(), x.end(), 0.0) / double(n);
  // Prefix sums of the centered values and their squares: a group's sum of
  // squares about its own mean in O(1).
  std::vector<double> s1(n + 1, 0), s2(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    s1[i + 1] = s1[i] + (x[i] - m);
    s2[i + 1] = s2[i] + (x[i] - m) * (x[i] - m);
  }
  auto ss = [&](std::size_t i, std::size_t j) { // values [i, j)
    const double d = s1[j] - s1[i];
    return std::max(0.0, s2[j] - s2[i] - d * d / double(j - i));
  };
  const double total = s2[n];
  double within = std::numeric_limits<double>::infinity();
  cuts.assign(groups - 1, 1);
  // Every contiguous partition (Fisher 1958: an optimal one is contiguous).
  if (groups == 2) {
    for (std::size_t k = 1; k < n; ++k)
      if (double w = ss(0, k) + ss(k, n); w < within) {
        within = w;
        cuts = {k};
      }
  } else {
    for (std::size_t k = 1; k + 1 < n; ++k)
      for (std::size_t l = k + 1; l < n; ++l)
        if (double w = ss(0, k) + ss(k, l) + ss(l, n); w < within) {
          within = w;
          cuts = {k, l};
        }
  }
  // Rounding leaves a trace of spread where there is none (exact counts).
  if (within <= 1e-12 * total)
    return total > 0 ? std::numeric_limits<double>::infinity() : 0;
  return (total - within) / within;
}

double clusters_critical(std::size_t n, std::size_t groups, double alpha) {
  if (alpha == 0.01 && n <= kTabulatedClustersN && (groups == 2 || groups == 3) && n > groups)
    return (groups == 2 ? kClustersCritical2 : kClustersCritical3)[n];
  static std::mutex mutex;
  static std::map<std::tuple<std::size_t, std::size_t, double>, double> cache;
  const std::lock_guard lock(mutex);
  auto [it, fresh] = cache.try_emplace({n, groups, alpha}, 0.0);
  if (fresh)
    it->second = clusters_critical_simulated(n, groups, alpha);
  return it->second;
}

double clusters_critical_simulated(std::size_t n, std::size_t groups, double alpha) {
  // 20000 draws: the 99th percentile's own error is a few % of it (n >= 8).
  constexpr int kDraws = 20000;
  Rng rng(0x6f726b73 + 1000 * groups + n);
  boost::random::normal_distribution<double> normal;
  std::vector<double> stats(kDraws), x(n);
  std::vector<std::size_t> cuts;
  for (double &s : stats) {
    for (double &v : x)
      v = normal(rng);
    std::sort(x.begin(), x.end());
    s = clusters_statistic(x, groups, cuts);
  }
  return quantile(std::move(stats), 1 - alpha);
}

namespace {

struct Fork {
  std::size_t index;
  double log_mean, log_se; // the standard error of the log mean: se / mean
};

double center(std::span<const Fork> g) {
  double sum = 0;
  for (const Fork &f : g)
    sum += f.log_mean;
  return sum / double(g.size());
}

// Whether two adjacent groups are apart: the forks beside the gap differ beyond their
// own standard errors, and the centers by a share that matters.
bool apart(std::span<const Fork> lower, std::span<const Fork> upper, const GroupRule &rule) {
  const Fork &below = lower.back(), &above = upper.front();
  return above.log_mean - below.log_mean > rule.gap_in_se * std::hypot(below.log_se, above.log_se) &&
         std::exp(center(upper) - center(lower)) - 1 >= rule.min_separation;
}

// Splits `part` (sorted) in two where that is significant and the groups are
// apart, else in three (three groups of similar size inflate the spread within
// the best two); then each part again.
void split_groups(std::span<const Fork> part, const GroupRule &rule, std::vector<std::span<const Fork>> &out) {
  std::vector<double> x;
  for (const Fork &f : part)
    x.push_back(f.log_mean);
  std::vector<std::size_t> cuts;
  for (std::size_t groups : {2, 3}) {
    if (part.size() < std::max(rule.min_forks, groups + 1))
      break;
    if (clusters_statistic(x, groups, cuts) <= clusters_critical(part.size(), groups, rule.alpha))
      continue;
    std::vector<std::span<const Fork>> pieces;
    std::size_t begin = 0;
    for (std::size_t c : cuts) {
      pieces.push_back(part.subspan(begin, c - begin));
      begin = c;
    }
    pieces.push_back(part.subspan(begin));
    bool all_apart = true;
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i)
      all_apart &= apart(pieces[i], pieces[i + 1], rule);
    if (!all_apart)
      continue;
    for (std::span<const Fork> p : pieces)
      split_groups(p, rule, out);
    return;
  }
  out.push_back(part);
}

} // namespace

std::vector<std::vector<std::size_t>> fork_groups(std::span<const ForkMean> forks, const GroupRule &rule) {
  std::vector<Fork> sorted;
  bool valid = true;
  for (std::size_t i = 0; i < forks.size(); ++i) {
    valid &= forks[i].mean > 0 && std::isfinite(forks[i].mean) && std::isfinite(forks[i].se);
    sorted.push_back({i, valid ? std::log(forks[i].mean) : 0, valid ? forks[i].se / forks[i].mean : 0});
  }
  std::sort(sorted.begin(), sorted.end(), [](const Fork &a, const Fork &b) {
    return a.log_mean != b.log_mean ? a.log_mean < b.log_mean : a.index < b.index;
  });
  std::vector<std::span<const Fork>> parts;
  if (valid)
    split_groups(sorted, rule, parts);
  else
    parts.push_back(sorted);
  std::vector<std::vector<std::size_t>> groups;
  for (std::span<const Fork> p : parts) {
    std::vector<std::size_t> &g = groups.emplace_back();
    for (const Fork &f : p)
      g.push_back(f.index);
  }
  return groups;
}

} // namespace steady::stats
