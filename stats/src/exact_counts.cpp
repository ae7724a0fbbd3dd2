#include "steady/exact_counts.h"

#include <algorithm>

namespace steady::stats {

std::optional<double> exact_count_margin(const Series &a, const Series &b) {
  if (!a.instructions || !b.instructions || a.fork_means.size() < 2 || b.fork_means.size() < 2)
    return std::nullopt;
  double margin = 0;
  for (const Series *s : {&a, &b}) {
    const double first = mean(s->fork_means.front());
    for (const std::vector<double> &fork : s->fork_means) {
      if (fork.empty() || mean(fork) != first)
        return std::nullopt;
      const auto [lo, hi] = std::minmax_element(fork.begin(), fork.end());
      margin = std::max(margin, *hi - *lo);
    }
  }
  return margin;
}

Interval exact_count_interval(double mean_a, double mean_b, double margin) {
  return {mean_b / mean_a, (mean_b - margin) / mean_a, (mean_b + margin) / mean_a};
}

} // namespace steady::stats
