// Synthetic time series with fixed seeds for the changepoint and steady-state
// tests. The generator is spelled out (splitmix64 + Box-Muller) rather than
// taken from <random>, whose distributions differ between standard libraries,
// so that the series, and the expected answers computed from them with R's
// changepoint code, are the same everywhere.
#pragma once

// The series and the reference computations of the tests that include this
// must round like R: no fused multiply-add, even under -march=native (this
// applies to the rest of the including file).
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <string>
#include <vector>

namespace steady::test {

class Rng {
public:
  explicit Rng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() { // splitmix64
    std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53; } // (0, 1)
  double normal() {
    const double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
  }

private:
  std::uint64_t s_;
};

inline void append_normal(std::vector<double> &x, Rng &rng, std::size_t n, double mean, double sd) {
  for (std::size_t i = 0; i < n; ++i)
    x.push_back(mean + sd * rng.normal());
}

// Step in mean: 150 points N(10, 1), then 150 points N(13, 1).
inline std::vector<double> step_in_mean() {
  Rng rng(1);
  std::vector<double> x;
  append_normal(x, rng, 150, 10, 1);
  append_normal(x, rng, 150, 13, 1);
  return x;
}

// Step in variance: 150 points N(10, 0.5), then 150 points N(10, 2).
inline std::vector<double> step_in_variance() {
  Rng rng(2);
  std::vector<double> x;
  append_normal(x, rng, 150, 10, 0.5);
  append_normal(x, rng, 150, 10, 2);
  return x;
}

// Warmup: 20·exp(−i/15) + 10 + N(0, 0.5) over n points (decays in ~60 points).
inline std::vector<double> warmup_then_flat(std::size_t n = 300, std::uint64_t seed = 3) {
  Rng rng(seed);
  std::vector<double> x;
  for (std::size_t i = 0; i < n; ++i)
    x.push_back(10 + 20 * std::exp(-static_cast<double>(i) / 15) + 0.5 * rng.normal());
  return x;
}

// Flat noise: N(100, 2).
inline std::vector<double> flat_noise(std::size_t n = 300, std::uint64_t seed = 4) {
  Rng rng(seed);
  std::vector<double> x;
  append_normal(x, rng, n, 100, 2);
  return x;
}

// Isolated spikes: N(50, 1) with +40 at points 40, 150 and 260 (no window of
// 200 points holds more than two, so the outlier filter catches all three).
inline std::vector<double> isolated_spikes() {
  Rng rng(5);
  std::vector<double> x;
  append_normal(x, rng, 300, 50, 1);
  for (std::size_t i : {40, 150, 260})
    x[i] += 40;
  return x;
}

// Bimodal but flat: each point independently N(10, 0.3) or N(12, 0.3).
inline std::vector<double> bimodal_flat() {
  Rng rng(6);
  std::vector<double> x;
  for (std::size_t i = 0; i < 300; ++i) {
    const double mode = rng.uniform() < 0.5 ? 10 : 12;
    x.push_back(mode + 0.3 * rng.normal());
  }
  return x;
}

// Integer values with many ties: round(N(20, 1.5)) for 150 points, then
// round(N(24, 1.5)).
inline std::vector<double> integer_ties() {
  Rng rng(7);
  std::vector<double> x;
  for (std::size_t i = 0; i < 300; ++i)
    x.push_back(std::round((i < 150 ? 20 : 24) + 1.5 * rng.normal()));
  return x;
}

// The step in mean shifted by 1e6 (the same noise): naive double cumulative
// sums of squares (~3e14) lose the variance of short segments.
inline std::vector<double> large_offset() {
  std::vector<double> x = step_in_mean();
  for (double &v : x)
    v += 1e6;
  return x;
}

// 3000 points flat N(100, 1) with a step to 110 at point 2800: a change inside
// the last K = 500 points.
inline std::vector<double> late_change() {
  Rng rng(9);
  std::vector<double> x;
  append_normal(x, rng, 2800, 100, 1);
  append_normal(x, rng, 200, 110, 1);
  return x;
}

} // namespace steady::test
