#include <algorithm>
#include <cmath>
#include <numbers>

#include "steady/stats.h"

namespace steady::stats {

double silverman_bandwidth(std::span<const double> x) {
  std::vector<double> v(x.begin(), x.end());
  std::sort(v.begin(), v.end());
  double iqr = quantile_sorted(v, 0.75) - quantile_sorted(v, 0.25);
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

namespace {

// The kernel density of x on an evenly spaced grid. Small inputs are evaluated
// exactly; large ones by linear binning onto the grid extended by 4
// bandwidths (what lies further contributes < e^-8 of a kernel) and a direct
// convolution, which keeps a checkpoint's cost independent of the sample size.
std::vector<double> grid_density(std::span<const double> x, const std::vector<double> &grid) {
  const std::size_t P = grid.size();
  if (x.size() * P <= 200000 || P < 2)
    return kde(x, grid);
  const double h = silverman_bandwidth(x), d = grid[1] - grid[0];
  const long ext = std::min<long>(long(std::ceil(4 * h / d)), 20000);
  const double origin = grid[0] - double(ext) * d;
  std::vector<double> bins(P + 2 * std::size_t(ext) + 1, 0);
  for (double v : x) {
    double u = (v - origin) / d;
    if (u < 0 || u >= double(bins.size() - 1))
      continue;
    std::size_t k = std::size_t(u);
    double frac = u - double(k);
    bins[k] += 1 - frac;
    bins[k + 1] += frac;
  }
  std::vector<double> kernel(2 * std::size_t(ext) + 1);
  for (long j = -ext; j <= ext; ++j)
    kernel[std::size_t(j + ext)] = std::exp(-0.5 * (double(j) * d / h) * (double(j) * d / h));
  const double norm = 1 / (double(x.size()) * h * std::sqrt(2 * std::numbers::pi));
  std::vector<double> density(P, 0);
  for (std::size_t i = 0; i < P; ++i) {
    double acc = 0;
    for (std::size_t k = 0; k < kernel.size(); ++k)
      acc += bins[i + k] * kernel[k];
    density[i] = acc * norm;
  }
  return density;
}

} // namespace

double kld_stability(std::span<const double> before, std::span<const double> after, int points) {
  std::vector<double> joint(before.begin(), before.end());
  joint.insert(joint.end(), after.begin(), after.end());
  std::sort(joint.begin(), joint.end());
  double q25 = quantile_sorted(joint, 0.25), q75 = quantile_sorted(joint, 0.75), iqr = q75 - q25;
  double lo = std::max(joint.front(), q25 - 1.5 * iqr), hi = std::min(joint.back(), q75 + 1.5 * iqr);
  if (hi <= lo)
    return 1; // all values (within the fences) equal: nothing changed
  std::vector<double> grid(static_cast<std::size_t>(points));
  for (int i = 0; i < points; ++i)
    grid[std::size_t(i)] = lo + (hi - lo) * i / (points - 1);
  std::vector<double> p = grid_density(before, grid), q = grid_density(after, grid);
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
