#include "steady/complexity.h"

#include <cmath>

namespace steady::stats {

double complexity_curve(BigO big_o, std::int64_t n) {
  const double x = double(n);
  switch (big_o) {
  case BigO::N:
    return x;
  case BigO::NSquared:
    return x * x;
  case BigO::NCubed:
    return x * x * x;
  case BigO::LogN:
    return std::log2(x);
  case BigO::NLogN:
    return x * std::log2(x);
  case BigO::One:
  case BigO::None:
  case BigO::Auto:
  case BigO::Lambda:
    break;
  }
  return 1.0;
}

std::string complexity_name(BigO big_o) {
  switch (big_o) {
  case BigO::N:
    return "N";
  case BigO::NSquared:
    return "N^2";
  case BigO::NCubed:
    return "N^3";
  case BigO::LogN:
    return "lgN";
  case BigO::NLogN:
    return "NlgN";
  case BigO::One:
    return "(1)";
  case BigO::Lambda:
    return "f(N)";
  case BigO::None:
  case BigO::Auto:
    break;
  }
  return "";
}

namespace {

ComplexityFit least_squares(std::span<const std::int64_t> n, std::span<const double> times,
                            const std::function<double(std::int64_t)> &g, BigO big_o) {
  double gg = 0, t = 0, tg = 0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const double gi = g(n[i]);
    gg += gi * gi;
    t += times[i];
    tg += times[i] * gi;
  }
  ComplexityFit fit{big_o, tg / gg, 0};
  double ss = 0;
  for (std::size_t i = 0; i < n.size(); ++i)
    ss += std::pow(times[i] - fit.coefficient * g(n[i]), 2);
  fit.rms = std::sqrt(ss / double(n.size())) / (t / double(n.size()));
  return fit;
}

} // namespace

ComplexityFit fit_complexity(std::span<const std::int64_t> n, std::span<const double> times, BigO big_o,
                             const std::function<double(std::int64_t)> &lambda) {
  if (big_o == BigO::Lambda)
    return least_squares(n, times, lambda, BigO::Lambda);
  auto fixed = [&](BigO b) {
    return least_squares(n, times, [b](std::int64_t x) { return complexity_curve(b, x); }, b);
  };
  if (big_o != BigO::Auto)
    return fixed(big_o);
  ComplexityFit best = fixed(BigO::One);
  for (BigO b : {BigO::LogN, BigO::N, BigO::NLogN, BigO::NSquared, BigO::NCubed})
    if (ComplexityFit f = fixed(b); f.rms < best.rms)
      best = f;
  return best;
}

} // namespace steady::stats
