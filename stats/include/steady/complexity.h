// The asymptotic complexity of a Google Benchmark family, fitted as Google
// Benchmark 1.7 fits it (src/complexity.cc, MinimalLeastSq): the least-squares
// coefficient of time = coef * g(N) without an intercept, and the RMS of the
// residuals normalized by the mean time; asked for automatically, the curve
// among 1, lg N, N, N lg N, N^2 and N^3 with the smallest RMS (ties keep the
// earlier). Here the times are steady's means per N (ns per op).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace steady::stats {

// Google Benchmark's BigO, in its order (oNone ... oLambda).
enum class BigO { None, One, N, NSquared, NCubed, LogN, NLogN, Auto, Lambda };

struct ComplexityFit {
  BigO big_o = BigO::None; // the curve fitted (never Auto)
  double coefficient = 0;  // in the unit of the times
  double rms = 0;          // normalized: a share of the mean time
};

// g(N) of a fixed curve (lg is log2, as Google Benchmark's).
double complexity_curve(BigO big_o, std::int64_t n);

// Google Benchmark's name of the curve: "(1)", "lgN", "N", "NlgN", "N^2", "N^3", "f(N)".
std::string complexity_name(BigO big_o);

// n and times of the same length, at least two points. Lambda: the user's
// g(N) in `lambda`.
ComplexityFit fit_complexity(std::span<const std::int64_t> n, std::span<const double> times, BigO big_o,
                             const std::function<double(std::int64_t)> &lambda = {});

} // namespace steady::stats
