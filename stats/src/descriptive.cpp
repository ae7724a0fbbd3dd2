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

namespace {

// The k-th smallest (from 0) of the union of two ascending sequences, without
// merging them: binary search on how many of the k + 1 smallest come from a.
double kth_of_two(std::span<const double> a, std::span<const double> b, std::size_t k) {
  std::size_t lo = k + 1 > b.size() ? k + 1 - b.size() : 0, hi = std::min(k + 1, a.size());
  while (lo < hi) {
    std::size_t i = lo + (hi - lo) / 2, j = k + 1 - i;
    if (j > 0 && b[j - 1] > a[i])
      lo = i + 1; // too few from a
    else
      hi = i;
  }
  std::size_t i = lo, j = k + 1 - i;
  return i == 0 ? b[j - 1] : j == 0 ? a[i - 1] : std::max(a[i - 1], b[j - 1]);
}

} // namespace

double quantile_sorted(std::span<const double> a, std::span<const double> b, double p) {
  double h = double(a.size() + b.size() - 1) * p;
  std::size_t lo = std::size_t(std::floor(h));
  double x = kth_of_two(a, b, lo);
  return lo + 1 < a.size() + b.size() ? x + (h - double(lo)) * (kth_of_two(a, b, lo + 1) - x) : x;
}

double quantile(std::vector<double> x, double p) {
  std::sort(x.begin(), x.end());
  return quantile_sorted(x, p);
}

double weighted_mean(std::span<const Weighted> x) {
  WeightedSum s;
  s.add(x);
  return s.mean();
}

double weighted_mean(std::span<const ForkSamples> forks) {
  WeightedSum s;
  for (const ForkSamples &f : forks)
    for (const IterationSamples &it : f)
      s.add(it);
  return s.mean();
}

double fork_mean(const ForkSamples &fork) { return weighted_mean(std::span(&fork, 1)); }

double weighted_cv(std::span<const Weighted> x) { return Moments::of(x).cv(); }

Moments Moments::of(std::span<const Weighted> x) {
  Moments m;
  if (x.empty())
    return m;
  m.mean = weighted_mean(x);
  for (const Weighted &v : x) {
    m.m2 += v.weight * (v.value - m.mean) * (v.value - m.mean);
    m.weight += v.weight;
  }
  return m;
}

void Moments::add(const Moments &o) {
  if (o.weight == 0)
    return;
  const double w = weight + o.weight, delta = o.mean - mean;
  m2 += o.m2 + delta * delta * weight * o.weight / w;
  mean += delta * o.weight / w;
  weight = w;
}

// 0 without spread, also when every value is 0 (where sd / mean is NaN).
double Moments::cv() const { return weight > 1 && m2 > 0 ? std::sqrt(m2 / (weight - 1)) / mean : 0; }

} // namespace steady::stats
