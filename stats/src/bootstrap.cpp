#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <boost/random/normal_distribution.hpp>

#include "steady/stats.h"

namespace steady::stats {

namespace {

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::uint64_t splitmix64(std::uint64_t &x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// One resample's weighted sum and weight, drawn level by level.
void resample(const std::vector<ForkSamples> &data, Rng &rng, double &sum, double &weight) {
  sum = weight = 0;
  for (std::size_t f = 0; f < data.size(); ++f) {
    const ForkSamples &fork = data[rng.below(data.size())];
    for (std::size_t i = 0; i < fork.size(); ++i) {
      const IterationSamples &it = fork[rng.below(fork.size())];
      for (std::size_t s = 0; s < it.size(); ++s) {
        const Weighted &w = it[rng.below(it.size())];
        sum += w.value * w.weight;
        weight += w.weight;
      }
    }
  }
}

void check(const std::vector<ForkSamples> &data) {
  if (data.empty())
    throw std::invalid_argument("bootstrap of no forks");
  for (const ForkSamples &f : data) {
    if (f.empty())
      throw std::invalid_argument("bootstrap of a fork without iterations");
    for (const IterationSamples &it : f)
      if (it.empty())
        throw std::invalid_argument("bootstrap of an iteration without samples");
  }
}

// R's type-7 quantile by selection: the two order statistics it interpolates
// between, without sorting all of `v` (which it reorders).
double select_quantile(std::vector<double> &v, double p) {
  double h = double(v.size() - 1) * p;
  auto lo = v.begin() + std::ptrdiff_t(std::floor(h));
  std::nth_element(v.begin(), lo, v.end());
  double a = *lo, b = lo + 1 == v.end() ? a : *std::min_element(lo + 1, v.end());
  return a + (h - std::floor(h)) * (b - a);
}

Interval percentile_interval(double estimate, std::vector<double> &values, double confidence) {
  double alpha = 1 - confidence;
  return {estimate, select_quantile(values, alpha / 2), select_quantile(values, 1 - alpha / 2)};
}

} // namespace

Rng::Rng(std::uint64_t seed) {
  for (std::uint64_t &s : s_)
    s = splitmix64(seed);
}

std::uint64_t Rng::next() {
  std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  __uint128_t m = __uint128_t(next()) * n;
  std::uint64_t low = std::uint64_t(m);
  if (low < n) {
    std::uint64_t threshold = -n % n;
    while (low < threshold) {
      m = __uint128_t(next()) * n;
      low = std::uint64_t(m);
    }
  }
  return std::uint64_t(m >> 64);
}

Interval bootstrap_mean(const std::vector<ForkSamples> &data, double confidence, int resamples, std::uint64_t seed) {
  check(data);
  Rng rng(seed);
  std::vector<double> means(static_cast<std::size_t>(resamples));
  for (double &m : means) {
    double sum, weight;
    resample(data, rng, sum, weight);
    m = sum / weight;
  }
  return percentile_interval(weighted_mean(data), means, confidence);
}

IterationSummary summarize(const IterationSamples &it) {
  double w = 0, m = weighted_mean(it), second = 0;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Weighted &s : it) {
    w += s.weight;
    second += s.weight * s.weight * (s.value - m) * (s.value - m);
    lo = std::min(lo, s.value);
    hi = std::max(hi, s.value);
  }
  double k = double(it.size()), mean_w = w / k;
  return {w, m, std::sqrt(second / k / (mean_w * mean_w) / k), lo, hi};
}

namespace {

std::vector<ForkSummary> summarize(const std::vector<ForkSamples> &data) {
  std::vector<ForkSummary> forks;
  for (const ForkSamples &f : data) {
    ForkSummary &out = forks.emplace_back();
    for (const IterationSamples &it : f)
      out.push_back(summarize(it));
  }
  return forks;
}

// weighted_mean over the samples, from each iteration's summary.
double point_estimate(std::span<const ForkSummary> forks) {
  WeightedSum s;
  for (const ForkSummary &f : forks)
    for (const IterationSummary &it : f)
      s.add(it.mean, it.weight);
  return s.mean();
}

// Ziggurat normal deviates from Boost.Random: the same on every platform for
// a given seed, and several times cheaper than Box-Muller's log and cosine.
using Normal = boost::random::normal_distribution<double>;

// One resample of `forks` (as many forks drawn, as many iterations within
// each, each iteration's mean from its normal approximation).
double resample_clt(std::span<const ForkSummary> forks, Rng &rng, Normal &normal) {
  double sum = 0, weight = 0;
  for (std::size_t f = 0; f < forks.size(); ++f) {
    const ForkSummary &fork = forks[rng.below(forks.size())];
    for (std::size_t i = 0; i < fork.size(); ++i) {
      const IterationSummary &it = fork[rng.below(fork.size())];
      // A resampled mean never leaves its samples' range; the normal tail
      // would (with few, skewed samples: a negative time).
      sum += it.weight * std::clamp(it.mean + it.sd * normal(rng), it.min, it.max);
      weight += it.weight;
    }
  }
  return sum / weight;
}

} // namespace

Interval bootstrap_mean_clt(std::span<const ForkSummary> forks, double confidence, int resamples, std::uint64_t seed) {
  if (forks.empty())
    throw std::invalid_argument("bootstrap of no forks");
  for (const ForkSummary &f : forks)
    if (f.empty())
      throw std::invalid_argument("bootstrap of a fork without iterations");
  Rng rng(seed);
  Normal normal;
  std::vector<double> means(static_cast<std::size_t>(resamples));
  for (double &m : means)
    m = resample_clt(forks, rng, normal);
  return percentile_interval(point_estimate(forks), means, confidence);
}

double between_group_share(const std::vector<std::vector<double>> &groups) {
  double n = 0, sum = 0, sum_sq_sizes = 0, k = 0;
  for (const std::vector<double> &g : groups) {
    if (g.empty())
      continue;
    k += 1;
    n += double(g.size());
    sum_sq_sizes += double(g.size()) * double(g.size());
    for (double x : g)
      sum += x;
  }
  if (k < 2 || n <= k)
    return std::numeric_limits<double>::quiet_NaN();
  const double grand = sum / n;
  double ssb = 0, ssw = 0;
  for (const std::vector<double> &g : groups) {
    if (g.empty())
      continue;
    double m = mean(g);
    ssb += double(g.size()) * (m - grand) * (m - grand);
    for (double x : g)
      ssw += (x - m) * (x - m);
  }
  const double msb = ssb / (k - 1), msw = ssw / (n - k);
  const double n0 = (n - sum_sq_sizes / n) / (k - 1);
  const double between = std::max(0.0, (msb - msw) / n0);
  return between + msw > 0 ? between / (between + msw) : 0;
}

Interval bootstrap_mean_clt(const std::vector<ForkSamples> &data, double confidence, int resamples,
                            std::uint64_t seed) {
  check(data);
  return bootstrap_mean_clt(summarize(data), confidence, resamples, seed);
}

Interval bootstrap_ratio_clt(const std::vector<ForkSamples> &a, const std::vector<ForkSamples> &b, double confidence,
                             int resamples, std::uint64_t seed) {
  check(a);
  check(b);
  std::vector<ForkSummary> sa = summarize(a), sb = summarize(b);
  Rng rng(seed);
  Normal normal;
  std::vector<double> ratios(static_cast<std::size_t>(resamples));
  for (double &r : ratios) {
    double ma = resample_clt(sa, rng, normal);
    r = resample_clt(sb, rng, normal) / ma;
  }
  return percentile_interval(point_estimate(sb) / point_estimate(sa), ratios, confidence);
}

Interval bootstrap_ratio(const std::vector<ForkSamples> &a, const std::vector<ForkSamples> &b, double confidence,
                         int resamples, std::uint64_t seed) {
  check(a);
  check(b);
  Rng rng(seed);
  std::vector<double> ratios(static_cast<std::size_t>(resamples));
  for (double &r : ratios) {
    double sa, wa, sb, wb;
    resample(a, rng, sa, wa);
    resample(b, rng, sb, wb);
    r = (sb / wb) / (sa / wa);
  }
  return percentile_interval(weighted_mean(b) / weighted_mean(a), ratios, confidence);
}

} // namespace steady::stats
