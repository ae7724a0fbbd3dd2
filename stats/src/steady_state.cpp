// Steady-state analysis of one fork and of a benchmark: outlier filter,
// segmentation (changepoint.cpp) and classification. See steady/steady_state.h.
#include "steady/steady_state.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "checks.h"

// Quantiles round like numpy's: no fused multiply-add.
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace steady::stats {
namespace {

using detail::check_finite;

// numpy.quantile(sorted, q), method "linear" (numpy >= 1.22 _lerp).
double numpy_quantile(const std::vector<double> &s, double q) {
  const double h = static_cast<double>(s.size() - 1) * q;
  const double lo = std::floor(h);
  const auto i = static_cast<std::size_t>(lo);
  if (i + 1 >= s.size())
    return s.back();
  const double t = h - lo;
  const double a = s[i], b = s[i + 1];
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

// numpy.median(sorted).
double numpy_median(const std::vector<double> &s) {
  const std::size_t n = s.size();
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

} // namespace

// ---------------------------------------------------------------------------
std::vector<std::size_t> find_outliers(std::span<const double> x, const OutlierOptions &options) {
  check_finite(x, "find_outliers");
  if (options.window == 0)
    throw std::invalid_argument("find_outliers: window must be > 0");
  if (!(options.low_quantile >= 0 && options.low_quantile <= options.high_quantile && options.high_quantile <= 1))
    throw std::invalid_argument("find_outliers: need 0 <= low_quantile <= high_quantile <= 1");
  std::vector<std::size_t> result;
  if (options.skip >= x.size())
    return result;

  const std::size_t first = options.skip;
  const std::size_t m = x.size() - first;
  const std::size_t w = std::min(options.window, m);
  std::vector<char> outlier(x.size(), 0);
  std::vector<double> sorted(x.begin() + static_cast<std::ptrdiff_t>(first),
                             x.begin() + static_cast<std::ptrdiff_t>(first + w));
  std::sort(sorted.begin(), sorted.end());

  for (std::size_t start = first;; ++start) {
    const double med = numpy_median(sorted);
    const double spread = numpy_quantile(sorted, options.high_quantile) - numpy_quantile(sorted, options.low_quantile);
    const double hi = med + options.width * spread, lo = med - options.width * spread;
    for (std::size_t i = start; i < start + w; ++i)
      if (x[i] > hi || x[i] < lo)
        outlier[i] = 1;
    if (start + w >= x.size())
      break;
    // Slide by one: drop x[start], add x[start + w].
    sorted.erase(std::lower_bound(sorted.begin(), sorted.end(), x[start]));
    sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), x[start + w]), x[start + w]);
  }
  for (std::size_t i = 0; i < x.size(); ++i)
    if (outlier[i])
      result.push_back(i);
  return result;
}

// ---------------------------------------------------------------------------
ForkSteadyState classify_fork(std::span<const double> values, std::span<const double> elapsed,
                              std::span<const std::size_t> changepoints, const SteadyStateOptions &options) {
  const std::size_t n = values.size();
  if (n == 0)
    throw std::invalid_argument("classify_fork: empty series");
  check_finite(values, "classify_fork");
  if (!elapsed.empty() && elapsed.size() != n)
    throw std::invalid_argument("classify_fork: elapsed must be empty or one per value");
  if (!(options.tolerance >= 0))
    throw std::invalid_argument("classify_fork: tolerance < 0");
  for (std::size_t i = 0; i < changepoints.size(); ++i)
    if (changepoints[i] + 1 >= n || (i > 0 && changepoints[i] <= changepoints[i - 1]))
      throw std::invalid_argument("classify_fork: changepoints must be ascending and before the last point");

  ForkSteadyState r;
  r.changepoints.assign(changepoints.begin(), changepoints.end());
  std::size_t begin = 0;
  auto add_segment = [&](std::size_t end) {
    long double sum = 0;
    for (std::size_t i = begin; i < end; ++i)
      sum += values[i];
    r.segments.push_back({begin, end, static_cast<double>(sum / static_cast<long double>(end - begin))});
    begin = end;
  };
  for (std::size_t c : changepoints)
    add_segment(c + 1);
  add_segment(n);

  // Walk back from the final segment while the segments stay similar.
  const double reference = r.segments.back().mean;
  std::size_t first = r.segments.size() - 1;
  while (first > 0 && std::fabs(r.segments[first - 1].mean - reference) <= options.tolerance * std::fabs(reference))
    --first;
  r.final_run_start = r.segments[first].begin;

  r.last_points = std::min(options.last_points ? options.last_points : n / 6, n);
  r.steady = r.final_run_start <= n - r.last_points;
  if (r.steady) {
    r.steady_iteration = r.final_run_start;
    if (!elapsed.empty())
      r.steady_time = r.final_run_start == 0 ? 0.0 : elapsed[r.final_run_start - 1];
  }
  return r;
}

ForkSteadyState analyze_fork(std::span<const double> values, std::span<const double> elapsed,
                             const SteadyStateOptions &options) {
  const std::size_t n = values.size();
  if (n == 0)
    throw std::invalid_argument("analyze_fork: empty series");
  check_finite(values, "analyze_fork");
  if (!elapsed.empty() && elapsed.size() != n)
    throw std::invalid_argument("analyze_fork: elapsed must be empty or one per value");

  std::vector<std::size_t> outliers;
  if (options.filter_outliers)
    outliers = find_outliers(values, options.outliers);

  // The series without its outliers, and where each kept point came from.
  std::vector<double> kept;
  std::vector<std::size_t> origin;
  kept.reserve(n);
  origin.reserve(n);
  for (std::size_t i = 0, o = 0; i < n; ++i) {
    if (o < outliers.size() && outliers[o] == i) {
      ++o;
      continue;
    }
    kept.push_back(values[i]);
    origin.push_back(i);
  }

  PenaltyChoice choice;
  std::vector<std::size_t> changepoints;
  if (!kept.empty()) {
    choice = segment(kept, options.penalty);
    // A changepoint is the last kept point of its segment, in original indices
    // (the outliers after it open the next segment).
    for (std::size_t c : choice.segmentation.changepoints)
      changepoints.push_back(origin[c]);
  }

  ForkSteadyState r = classify_fork(values, elapsed, changepoints, options);
  r.outliers = std::move(outliers);
  r.penalty = choice.penalty;
  r.penalty_source = choice.source;
  r.crops_segmentations = choice.crops.segmentations.size();
  return r;
}

// ---------------------------------------------------------------------------
BenchmarkSteadyState classify_benchmark(std::span<const ForkSteadyState> forks) {
  if (forks.empty())
    throw std::invalid_argument("classify_benchmark: no forks");
  BenchmarkSteadyState b;
  b.forks = forks.size();
  for (const auto &f : forks) {
    if (!f.steady)
      continue;
    ++b.steady_forks;
    const std::size_t start = f.steady_iteration.value_or(f.final_run_start);
    b.recommended_warmup_iterations = std::max(b.recommended_warmup_iterations.value_or(0), start);
  }
  b.stability = b.steady_forks == b.forks ? BenchmarkStability::stable
                : b.steady_forks == 0     ? BenchmarkStability::unstable
                                          : BenchmarkStability::mixed;
  return b;
}

std::string_view to_string(BenchmarkStability stability) noexcept {
  switch (stability) {
  case BenchmarkStability::stable:
    return "stable";
  case BenchmarkStability::unstable:
    return "unstable";
  case BenchmarkStability::mixed:
    return "mixed";
  }
  return "?";
}

std::string_view to_string(PenaltySource source) noexcept {
  switch (source) {
  case PenaltySource::elbow:
    return "elbow";
  case PenaltySource::single_segmentation:
    return "single segmentation";
  case PenaltySource::fallback:
    return "fallback";
  }
  return "?";
}

} // namespace steady::stats
