#include "steady/exact_counts.h"

#include <algorithm>

namespace steady::stats {

std::optional<double> count_margin(const Series &a, const Series &b) {
  if (!a.instructions || !b.instructions)
    return std::nullopt;
  for (const Series *s : {&a, &b})
    if (s->fork_means.empty() || (s->fork_means.size() == 1 && s->fork_means.front().size() < kOneForkIterations))
      return std::nullopt;
  double margin = 0;
  for (const Series *s : {&a, &b})
    for (const std::vector<double> &fork : s->fork_means)
      if (!fork.empty()) {
        const auto [lo, hi] = std::minmax_element(fork.begin(), fork.end());
        margin = std::max(margin, *hi - *lo);
      }
  return margin;
}

double layout_margin(const Series &base) {
  std::vector<double> all;
  for (const std::vector<double> &fork : base.fork_means)
    all.insert(all.end(), fork.begin(), fork.end());
  return all.empty() ? 0 : kLayoutShare * mean(all);
}

bool exact_counts(const Series &a, const Series &b) {
  for (const Series *s : {&a, &b})
    for (const std::vector<double> &fork : s->fork_means)
      if (fork.empty() || mean(fork) != mean(s->fork_means.front()))
        return false;
  return true;
}

Interval count_interval(const Interval &t, double mean_a, double mean_b, double margin, bool exact) {
  if (exact)
    return {mean_b / mean_a, (mean_b - margin) / mean_a, (mean_b + margin) / mean_a};
  return {t.estimate, t.low - margin / mean_a, t.high + margin / mean_a};
}

} // namespace steady::stats
