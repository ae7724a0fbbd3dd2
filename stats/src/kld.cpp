#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "steady/stats.h"

namespace steady::stats {

double silverman_bandwidth_sorted(std::span<const double> x) {
  double iqr = quantile_sorted(x, 0.75) - quantile_sorted(x, 0.25), s = sd(x);
  double spread = std::min(s, iqr / 1.34);
  if (spread <= 0)
    spread = std::max(s, 1e-12 * std::max(1.0, std::abs(mean(x)))); // constant data
  return 1.06 * spread * std::pow(double(x.size()), -0.2);
}

double silverman_bandwidth(std::span<const double> x) {
  std::vector<double> v(x.begin(), x.end());
  std::sort(v.begin(), v.end());
  return silverman_bandwidth_sorted(v);
}

namespace {

std::vector<double> kde(std::span<const double> x, std::span<const double> at, double h) {
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

} // namespace

std::vector<double> kde(std::span<const double> x, std::span<const double> at) {
  return kde(x, at, silverman_bandwidth(x));
}

namespace {

// density[i] += sum_k bins[i + k] kernel[k] * norm, bin by bin: each
// non-empty bin adds its scaled (symmetric) kernel to a contiguous run of grid
// points, a loop without a carried sum that vectorizes. Cloned for AVX2 (not
// FMA, which would round differently) where the CPU has it.
#if defined(__x86_64__) && defined(__ELF__)
__attribute__((target_clones("avx2", "default")))
#endif
void scatter_kernel(const std::vector<double> &bins, const std::vector<double> &kernel, double norm,
                    std::vector<double> &density) {
  const std::size_t K = kernel.size(), P = density.size();
  for (std::size_t j = 0; j < bins.size(); ++j) {
    const double c = bins[j] * norm;
    if (c == 0)
      continue;
    const std::size_t lo = j + 1 > K ? j + 1 - K : 0, hi = std::min(P, j + 1);
    const double *kern = kernel.data() + (lo + K - 1 - j);
    double *out = density.data() + lo;
    for (std::size_t t = 0; t < hi - lo; ++t)
      out[t] += c * kern[t];
  }
}

// The kernel density of `sorted` (ascending) on an evenly spaced grid. Small
// inputs are evaluated exactly; large ones by linear binning onto the grid
// extended by 4 bandwidths (what lies further contributes < e^-8 of a kernel)
// and a direct convolution, which keeps a checkpoint's cost independent of the
// sample size.
std::vector<double> grid_density(std::span<const double> sorted, const std::vector<double> &grid) {
  const std::size_t P = grid.size();
  const double h = silverman_bandwidth_sorted(sorted);
  if (sorted.size() * P <= 200000 || P < 2)
    return kde(sorted, grid, h);
  const double d = grid[1] - grid[0], inv_d = 1 / d;
  const long ext = std::min<long>(long(std::ceil(4 * h / d)), 20000);
  const double origin = grid[0] - double(ext) * d;
  std::vector<double> bins(P + 2 * std::size_t(ext) + 1, 0);
  // Sorted: only the values from the grid's extended start to its end.
  auto first = std::lower_bound(sorted.begin(), sorted.end(), origin);
  for (auto v = first; v != sorted.end(); ++v) {
    double u = (*v - origin) * inv_d;
    if (u >= double(bins.size() - 1))
      break;
    std::size_t k = std::size_t(u);
    double frac = u - double(k);
    bins[k] += 1 - frac;
    bins[k + 1] += frac;
  }
  std::vector<double> kernel(2 * std::size_t(ext) + 1);
  for (long j = -ext; j <= ext; ++j)
    kernel[std::size_t(j + ext)] = std::exp(-0.5 * (double(j) * d / h) * (double(j) * d / h));
  std::vector<double> density(P, 0);
  scatter_kernel(bins, kernel, 1 / (double(sorted.size()) * h * std::sqrt(2 * std::numbers::pi)), density);
  return density;
}

} // namespace

double kld_stability(std::span<const double> before, std::span<const double> after, int points) {
  std::vector<double> b(before.begin(), before.end()), a(after.begin(), after.end());
  std::sort(b.begin(), b.end());
  std::sort(a.begin(), a.end());
  return kld_stability_sorted(b, a, points);
}

double kld_stability_sorted(std::span<const double> before, std::span<const double> after, int points) {
  if (before.empty() || after.empty())
    throw std::invalid_argument("KLD of an empty sample");
  // The joint sample's fences, clipped to its range.
  double q25 = quantile_sorted(before, after, 0.25), q75 = quantile_sorted(before, after, 0.75), iqr = q75 - q25;
  double lo = std::max(std::min(before.front(), after.front()), q25 - 1.5 * iqr);
  double hi = std::min(std::max(before.back(), after.back()), q75 + 1.5 * iqr);
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
