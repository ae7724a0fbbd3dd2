#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "steady/stats.h"

namespace steady::stats {

double mean(std::span<const double> x) {
  if (x.empty())
    throw std::invalid_argument("mean of no values");
  return std::accumulate(x.begin(), x.end(), 0.0) / double(x.size());
}

double variance(std::span<const double> x) {
  if (x.size() < 2)
    return 0;
  double m = mean(x), ss = 0;
  for (double v : x)
    ss += (v - m) * (v - m);
  return ss / double(x.size() - 1);
}

double sd(std::span<const double> x) { return std::sqrt(variance(x)); }

double cv(std::span<const double> x) { return sd(x) / mean(x); }

double quantile_sorted(std::span<const double> x, double p) {
  if (x.empty())
    throw std::invalid_argument("quantile of no values");
  double h = double(x.size() - 1) * p;
  std::size_t lo = std::size_t(std::floor(h));
  std::size_t hi = std::min(lo + 1, x.size() - 1);
  return x[lo] + (h - double(lo)) * (x[hi] - x[lo]);
}

double quantile(std::vector<double> x, double p) {
  std::sort(x.begin(), x.end());
  return quantile_sorted(x, p);
}

double weighted_mean(std::span<const Weighted> x) {
  double sum = 0, w = 0;
  for (const Weighted &v : x) {
    sum += v.value * v.weight;
    w += v.weight;
  }
  return sum / w;
}

double weighted_cv(std::span<const Weighted> x) {
  double m = weighted_mean(x), ss = 0, w = 0;
  for (const Weighted &v : x) {
    ss += v.weight * (v.value - m) * (v.value - m);
    w += v.weight;
  }
  return w > 1 ? std::sqrt(ss / (w - 1)) / m : 0;
}

} // namespace steady::stats
