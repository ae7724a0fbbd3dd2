#include <algorithm>
#include <cmath>
#include <stdexcept>

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
void resample(const std::vector<Fork> &data, Rng &rng, double &sum, double &weight) {
  sum = weight = 0;
  for (std::size_t f = 0; f < data.size(); ++f) {
    const Fork &fork = data[rng.below(data.size())];
    for (std::size_t i = 0; i < fork.size(); ++i) {
      const Iteration &it = fork[rng.below(fork.size())];
      for (std::size_t s = 0; s < it.size(); ++s) {
        const Weighted &w = it[rng.below(it.size())];
        sum += w.value * w.weight;
        weight += w.weight;
      }
    }
  }
}

double point_estimate(const std::vector<Fork> &data) {
  double sum = 0, weight = 0;
  for (const Fork &f : data)
    for (const Iteration &it : f)
      for (const Weighted &w : it) {
        sum += w.value * w.weight;
        weight += w.weight;
      }
  return sum / weight;
}

void check(const std::vector<Fork> &data) {
  if (data.empty())
    throw std::invalid_argument("bootstrap of no forks");
  for (const Fork &f : data) {
    if (f.empty())
      throw std::invalid_argument("bootstrap of a fork without iterations");
    for (const Iteration &it : f)
      if (it.empty())
        throw std::invalid_argument("bootstrap of an iteration without samples");
  }
}

Interval percentile_interval(double estimate, std::vector<double> &values, double confidence) {
  double alpha = 1 - confidence;
  return {estimate, quantile(values, alpha / 2), quantile(values, 1 - alpha / 2)};
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

Interval bootstrap_mean(const std::vector<Fork> &data, double confidence, int resamples, std::uint64_t seed) {
  check(data);
  Rng rng(seed);
  std::vector<double> means(static_cast<std::size_t>(resamples));
  for (double &m : means) {
    double sum, weight;
    resample(data, rng, sum, weight);
    m = sum / weight;
  }
  return percentile_interval(point_estimate(data), means, confidence);
}

Interval bootstrap_mean_clt(const std::vector<Fork> &data, double confidence, int resamples, std::uint64_t seed) {
  check(data);
  // Per iteration: total weight, weighted mean and the sd of its resampled mean.
  struct Summary {
    double weight, mean, sd;
  };
  std::vector<std::vector<Summary>> forks;
  for (const Fork &f : data) {
    auto &out = forks.emplace_back();
    for (const Iteration &it : f) {
      double w = 0, m = weighted_mean(it), mean_w = 0, second = 0;
      for (const Weighted &s : it) {
        w += s.weight;
        mean_w += s.weight;
        second += s.weight * s.weight * (s.value - m) * (s.value - m);
      }
      double k = double(it.size());
      mean_w /= k;
      second /= k;
      out.push_back({w, m, std::sqrt(second / (mean_w * mean_w) / k)});
    }
  }
  Rng rng(seed);
  auto normal = [&rng] { // Box-Muller on our generator, for reproducibility
    double u1 = (double(rng.next() >> 11) + 0.5) * 0x1.0p-53, u2 = double(rng.next() >> 11) * 0x1.0p-53;
    return std::sqrt(-2 * std::log(u1)) * std::cos(2 * 3.14159265358979323846 * u2);
  };
  std::vector<double> means(static_cast<std::size_t>(resamples));
  for (double &out : means) {
    double sum = 0, weight = 0;
    for (std::size_t f = 0; f < forks.size(); ++f) {
      const auto &fork = forks[rng.below(forks.size())];
      for (std::size_t i = 0; i < fork.size(); ++i) {
        const Summary &it = fork[rng.below(fork.size())];
        sum += it.weight * (it.mean + it.sd * normal());
        weight += it.weight;
      }
    }
    out = sum / weight;
  }
  return percentile_interval(point_estimate(data), means, confidence);
}

Interval bootstrap_ratio(const std::vector<Fork> &a, const std::vector<Fork> &b, double confidence,
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
  return percentile_interval(point_estimate(b) / point_estimate(a), ratios, confidence);
}

} // namespace steady::stats
