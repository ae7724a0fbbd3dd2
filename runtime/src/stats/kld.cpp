#include <algorithm>
#include <cmath>
#include <numbers>

#include "steady/stats.h"

namespace steady::stats {

double silverman_bandwidth(std::span<const double> x) {
  std::vector<double> v(x.begin(), x.end());
  double iqr = quantile(v, 0.75) - quantile(v, 0.25);
  double spread = std::min(sd(x), iqr / 1.34);
  if (spread <= 0)
    spread = std::max(sd(x), 1e-12 * std::max(1.0, std::abs(mean(x)))); // constant data
  return 1.06 * spread * std::pow(double(x.size()), -0.2);
}

std::vector<double> kde(std::span<const double> x, std::span<const double> at) {
  const double h = silverman_bandwidth(x);
  const double norm = 1 / (double(x.size()) * h * std::sqrt(2 * std::numbers::pi));
  std::vector<double> density(at.size(), 0);
  for (std::size_t i = 0; i < at.size(); ++i) {
    double d = 0;
    for (double v : x) {
      double z = (at[i] - v) / h;
      d += std::exp(-0.5 * z * z);
    }
    density[i] = d * norm;
  }
  return density;
}

double kld_stability(std::span<const double> before, std::span<const double> after, int points) {
  std::vector<double> joint(before.begin(), before.end());
  joint.insert(joint.end(), after.begin(), after.end());
  double q25 = quantile(joint, 0.25), q75 = quantile(joint, 0.75), iqr = q75 - q25;
  auto [mn, mx] = std::minmax_element(joint.begin(), joint.end());
  double lo = std::max(*mn, q25 - 1.5 * iqr), hi = std::min(*mx, q75 + 1.5 * iqr);
  if (hi <= lo)
    return 1; // all values (within the fences) equal: nothing changed
  std::vector<double> grid(static_cast<std::size_t>(points));
  for (int i = 0; i < points; ++i)
    grid[std::size_t(i)] = lo + (hi - lo) * i / (points - 1);
  std::vector<double> p = kde(before, grid), q = kde(after, grid);
  // Discrete distributions over the grid; a floor keeps log(0) out.
  auto normalise = [](std::vector<double> &d) {
    double s = 0;
    for (double &v : d)
      s += (v = std::max(v, 1e-300));
    for (double &v : d)
      v /= s;
  };
  normalise(p);
  normalise(q);
  double kl_pq = 0, kl_qp = 0;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    kl_pq += p[i] * std::log2(p[i] / q[i]);
    kl_qp += q[i] * std::log2(q[i] / p[i]);
  }
  return std::exp2(-kl_pq) * std::exp2(-kl_qp);
}

} // namespace steady::stats
