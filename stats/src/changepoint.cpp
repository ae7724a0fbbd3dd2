// Changepoint detection for the steady-state analysis: the Normal
// mean-and-variance cost, PELT and CROPS as coded in R's `changepoint` package,
// and Kneedle as coded in Python's `kneed`. See steady/steady_state.h.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>

#include "checks.h"
#include "steady/steady_state.h"

// Reproducing R's rounding needs every product and sum rounded on its own: no
// fused multiply-add, whatever -march says.
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace steady::stats {
namespace {

using detail::check_finite;

const double kLog2Pi = std::log(2 * std::numbers::pi);

// R's isTRUE(all.equal(target, current)) for two scalars: equal, or the
// relative difference (absolute when |target| <= tolerance) within 1.5e-8.
bool r_all_equal(double target, double current) {
  if (target == current)
    return true;
  const double tolerance = std::sqrt(std::numeric_limits<double>::epsilon());
  double diff = std::fabs(target - current);
  double scale = std::fabs(target);
  if (std::isfinite(scale) && scale > tolerance)
    diff /= scale;
  return diff <= tolerance;
}

} // namespace

// ---------------------------------------------------------------------------
namespace {

// SumPrecision::automatic: is R's double arithmetic accurate for this series?
bool double_sums_accurate(std::span<const double> x) {
  if (x.size() < 2)
    return true;
  std::vector<double> d(x.size() - 1);
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    d[i] = std::fabs(x[i + 1] - x[i]);
  auto mid = d.begin() + static_cast<std::ptrdiff_t>(d.size() / 2);
  std::nth_element(d.begin(), mid, d.end());
  const double noise = *mid;
  long double s2 = 0;
  for (double v : x)
    s2 += static_cast<long double>(v) * v;
  const double error = static_cast<double>(s2) * 0x1p-53;
  return noise > 0 && error <= 1e-6 * noise * noise;
}

} // namespace

NormalMeanVarCost::NormalMeanVarCost(std::span<const double> x, SumPrecision precision)
    : n_(x.size()), precision_(precision) {
  check_finite(x, "NormalMeanVarCost");
  if (precision_ == SumPrecision::automatic)
    precision_ = double_sums_accurate(x) ? SumPrecision::r_compatible : SumPrecision::extended;
  long double a = 0, b = 0;
  if (precision_ == SumPrecision::extended) {
    e1_.resize(n_ + 1);
    e2_.resize(n_ + 1);
    e1_[0] = e2_[0] = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      const long double v = x[i];
      a += v;
      b += v * v;
      e1_[i + 1] = a;
      e2_[i + 1] = b;
    }
  } else {
    // R: c(0, cumsum(data)), c(0, cumsum(data^2)); cumsum adds in long double.
    d1_.resize(n_ + 1);
    d2_.resize(n_ + 1);
    d1_[0] = d2_[0] = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      a += x[i];
      b += x[i] * x[i];
      d1_[i + 1] = static_cast<double>(a);
      d2_[i + 1] = static_cast<double>(b);
    }
  }
}

namespace {

// σ² of a segment from its sums, exactly as R's mll_meanvar computes it (in
// the arithmetic of the sums), before the floor.
inline double raw_variance(double x, double x2, std::size_t len) noexcept {
  const auto m = static_cast<double>(len);
  return (x2 - x * x / m) / m;
}
inline double raw_variance(long double x, long double x2, std::size_t len) noexcept {
  const auto m = static_cast<long double>(len);
  return static_cast<double>((x2 - x * x / m) / m);
}

// The cost from σ²: m·(log 2π + log σ² + 1), R's expression and rounding.
inline double cost_from_variance(double sigsq, std::size_t len) noexcept {
  if (sigsq <= 0)
    sigsq = NormalMeanVarCost::kVarianceFloor;
  return static_cast<double>(len) * (kLog2Pi + std::log(sigsq) + 1);
}

} // namespace

double NormalMeanVarCost::operator()(std::size_t begin, std::size_t end) const noexcept {
  const std::size_t m = end - begin;
  if (precision_ == SumPrecision::extended)
    return cost_from_variance(raw_variance(e1_[end] - e1_[begin], e2_[end] - e2_[begin], m), m);
  return cost_from_variance(raw_variance(d1_[end] - d1_[begin], d2_[end] - d2_[begin], m), m);
}

// ---------------------------------------------------------------------------
// PELT's inner loop would spend most of its time in log() and in the two
// divisions of σ². It first computes every candidate's F[c] + C(c, t) + pen
// approximately, with neither, together with a bound on the error, and
// computes the exact value (R's expression, std::log) only for the candidates
// whose bounds do not settle the two questions PELT asks: is it the (first)
// minimum, and is it <= F[t] + pen? The answers, and so the segmentations and
// costs, are those of the exact computation.
//
// Approximation: log σ² = log(m·x2 − x²) − 2·log m, with log m from a table
// and log(N) from a 256-entry table of log c_j and a degree-5 series of
// log(1 + t), |t| < 2^-9 (truncation < 1e-18). N = m·x2 − x² is used only when
// cancellation costs it at most 20 bits (κ = (m·x2 + x²)/N < 2^20): then N/m²
// and R's (x2 − x·x/m)/m each lie within 2u·κ + 2u (u = 2^-53) of the true
// σ², so their logs differ by less than 4.7e-10. Otherwise, and when N <= 0 or
// tiny (σ² could be subnormal), the candidate is computed exactly at once.
namespace {

constexpr int kLogTableBits = 8;
struct LogTable {
  double inv_c[1 << kLogTableBits];
  double log_c[1 << kLogTableBits];
  LogTable() {
    for (int j = 0; j < (1 << kLogTableBits); ++j) {
      const double c = 1 + (j + 0.5) / (1 << kLogTableBits);
      inv_c[j] = 1 / c;
      log_c[j] = std::log(c);
    }
  }
};
const LogTable kLogTable;

// log(v) for a positive normal double; absolute error below 1e-15.
inline double table_log(double v) noexcept {
  const auto bits = std::bit_cast<std::uint64_t>(v);
  const auto e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  const auto j = static_cast<unsigned>((bits >> (52 - kLogTableBits)) & ((1u << kLogTableBits) - 1));
  const double mant = std::bit_cast<double>((bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
  const double t = mant * kLogTable.inv_c[j] - 1; // |t| < 2^-9
  const double p = t * (1 + t * (-0.5 + t * (1.0 / 3 + t * (-0.25 + t * 0.2))));
  return static_cast<double>(e) * std::numbers::ln2 + kLogTable.log_c[j] + p;
}

// Error bound of the approximate log σ² against R's: cancellation (4.7e-10),
// the table log and log m (~1e-12 at most), with a margin of 2.
constexpr double kApproxLogError = 1e-9;

struct PeltWork {
  std::vector<double> f;               // F[t]: penalised optimal cost of x[0, t)
  std::vector<std::size_t> last;       // last changepoint (segment start) for x[0, t)
  std::vector<std::size_t> nseg;       // number of segments of that optimum
  std::vector<std::size_t> candidates; // R's checklist
  std::vector<double> approx, error, exact;
  std::vector<int> known;    // exact[i] computed (int: a char store would alias everything)
  std::vector<double> log_m; // log m for m = 0..n (log 0 unused)
};

template <class Sum>
Segmentation pelt_loop(const std::vector<Sum> &s1, const std::vector<Sum> &s2, std::size_t n, double penalty,
                       std::size_t minseg, PeltWork &w) {
  Segmentation out;
  out.penalty = penalty;

  w.f.assign(n + 1, 0.0);
  w.last.assign(n + 1, 0);
  w.nseg.assign(n + 1, 0);
  for (auto *v : {&w.approx, &w.error, &w.exact})
    v->resize(n + 1);
  w.known.resize(n + 1);
  w.candidates.clear();
  w.candidates.reserve(n + 1);
  if (w.log_m.size() < n + 1) {
    w.log_m.resize(n + 1);
    w.log_m[0] = 0;
    for (std::size_t m = 1; m <= n; ++m)
      w.log_m[m] = std::log(static_cast<double>(m));
  }

  auto exact_cost = [&](std::size_t c, std::size_t t) {
    return cost_from_variance(raw_variance(s1[t] - s1[c], s2[t] - s2[c], t - c), t - c);
  };

  w.f[0] = -penalty;
  for (std::size_t j = minseg; j < 2 * minseg; ++j) {
    w.f[j] = exact_cost(0, j);
    w.last[j] = 0;
    w.nseg[j] = 1;
  }
  w.candidates.push_back(0);
  w.candidates.push_back(minseg);

  const double abs_penalty = std::fabs(penalty);
  for (std::size_t t = 2 * minseg; t <= n; ++t) {
    const std::size_t nc = w.candidates.size();
    const std::size_t *cand = w.candidates.data();
    const Sum st1 = s1[t], st2 = s2[t];
    const Sum *s1p = s1.data();
    const Sum *s2p = s2.data();
    const double *log_m = w.log_m.data();
    const double *f = w.f.data();
    double *approx = w.approx.data();
    double *error = w.error.data();
    double *exact = w.exact.data();
    int *known = w.known.data();

    // Pass 1: F[c] + C(c, t) + pen, approximately, with an error bound.
    std::size_t best_i = 0;
    double best_approx = std::numeric_limits<double>::infinity();
    // The two smallest lower bounds (approx − error), to skip the search for
    // other possible minima when none can reach the best one.
    double low1 = std::numeric_limits<double>::infinity(), low2 = low1;
    std::size_t low1_i = 0;
    for (std::size_t i = 0; i < nc; ++i) {
      const std::size_t c = cand[i];
      const std::size_t len = t - c;
      const Sum x = st1 - s1p[c], x2 = st2 - s2p[c];
      const Sum mx2 = static_cast<Sum>(len) * x2, xx = x * x;
      const double big = static_cast<double>(mx2 + xx);
      const double num = static_cast<double>(mx2 - xx);
      double value;
      if (num > 0x1p-20 * big && num > 1e-250) {
        const double m = static_cast<double>(len);
        const double logv = table_log(num) - 2 * log_m[len];
        const double cost = m * (kLog2Pi + logv + 1);
        value = f[c] + cost + penalty;
        known[i] = 0;
        // The log's error times m, plus the rounding of the exact expression
        // and of this one: a few ulps (2^-52 ≈ 2.2e-16; 1e-14 is a wide
        // margin) of |F[c]|, |pen| and |cost| <= m·(|log σ²| + 3) <= 749·m
        // (|log| of a double <= 745), the last folded into 2·m·1e-9.
        error[i] = m * (2 * kApproxLogError) + 1e-14 * (std::fabs(f[c]) + abs_penalty);
      } else {
        value = f[c] + exact_cost(c, t) + penalty;
        known[i] = 1;
        exact[i] = value;
        error[i] = 0;
      }
      approx[i] = value;
      if (value < best_approx) {
        best_approx = value;
        best_i = i;
      }
      const double low = value - error[i];
      if (low < low1) {
        low2 = low1;
        low1 = low;
        low1_i = i;
      } else if (low < low2) {
        low2 = low;
      }
    }

    auto settle = [&](std::size_t i) {
      if (!known[i]) {
        exact[i] = f[cand[i]] + exact_cost(cand[i], t) + penalty;
        known[i] = 1;
      }
      return exact[i];
    };

    // The minimum: every candidate that might reach the smallest exact value
    // is computed exactly; the first minimum wins, as R's min_which.
    const double candidate_best = settle(best_i);
    double best = candidate_best;
    std::size_t which = best_i;
    const double others_low = low1_i == best_i ? low2 : low1;
    if (others_low <= candidate_best) {
      best = std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < nc; ++i) {
        if (!known[i] && approx[i] - error[i] > candidate_best)
          continue;
        const double v = settle(i);
        if (v < best) {
          best = v;
          which = i;
        }
      }
    }
    w.f[t] = best;
    w.last[t] = cand[which];
    w.nseg[t] = w.nseg[w.last[t]] + 1;

    // Prune: keep candidates whose F[c] + C(c, t) + pen <= F[t] + pen.
    const double bound = best + penalty;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < nc; ++i) {
      bool keep;
      if (known[i])
        keep = exact[i] <= bound;
      else if (approx[i] + error[i] <= bound)
        keep = true;
      else if (approx[i] - error[i] > bound)
        keep = false;
      else
        keep = settle(i) <= bound;
      if (keep)
        w.candidates[kept++] = cand[i];
    }
    w.candidates.resize(kept);
    w.candidates.push_back(t - (minseg - 1));
  }

  for (std::size_t last = n; last != 0; last = w.last[last])
    if (last != n)
      out.changepoints.push_back(last - 1);
  std::reverse(out.changepoints.begin(), out.changepoints.end());
  // As R's range_of_penalties: F[n] − (#segments − 1)·pen.
  out.cost = w.f[n] - static_cast<double>(w.nseg[n] - 1) * penalty;
  return out;
}

Segmentation pelt_impl(const NormalMeanVarCost &cost, double penalty, std::size_t minseg, PeltWork &w) {
  if (!std::isfinite(penalty))
    throw std::invalid_argument("pelt: the penalty must be finite");
  if (minseg < 1)
    throw std::invalid_argument("pelt: min_segment_length must be >= 1");
  const std::size_t n = cost.size();
  if (n == 0)
    throw std::invalid_argument("pelt: empty series");
  if (n < 2 * minseg) { // no room for a change (R would read out of bounds)
    Segmentation out;
    out.penalty = penalty;
    out.cost = cost(0, n);
    return out;
  }
  if (cost.precision() == SumPrecision::extended)
    return pelt_loop(cost.extended_sums(), cost.extended_square_sums(), n, penalty, minseg, w);
  return pelt_loop(cost.double_sums(), cost.double_square_sums(), n, penalty, minseg, w);
}

} // namespace

Segmentation pelt(const NormalMeanVarCost &cost, double penalty, std::size_t min_segment_length) {
  PeltWork work;
  return pelt_impl(cost, penalty, min_segment_length, work);
}

Segmentation pelt(std::span<const double> x, double penalty, std::size_t min_segment_length) {
  if (x.empty())
    throw std::invalid_argument("pelt: empty series");
  return pelt(NormalMeanVarCost(x), penalty, min_segment_length);
}

// ---------------------------------------------------------------------------
// CROPS, following range_of_penalties.R statement by statement. R keeps the
// evaluated penalties, numbers of segments, costs and segmentations in four
// separately sorted vectors (penalties ascending and unique, numbers of
// segments descending, costs ascending, segmentations by decreasing length) and
// pairs them by position; this does the same so that it behaves like R even
// where PELT's answers are not monotone in the penalty.
CropsResult crops(std::span<const double> x, double min_penalty, double max_penalty, std::size_t min_segment_length) {
  if (x.empty())
    throw std::invalid_argument("crops: empty series");
  return crops(NormalMeanVarCost(x), min_penalty, max_penalty, min_segment_length);
}

CropsResult crops(const NormalMeanVarCost &cost, double min_penalty, double max_penalty,
                  std::size_t min_segment_length) {
  if (cost.size() == 0)
    throw std::invalid_argument("crops: empty series");
  if (!std::isfinite(min_penalty) || !std::isfinite(max_penalty))
    throw std::invalid_argument("crops: penalties must be finite");
  if (max_penalty < min_penalty)
    std::swap(min_penalty, max_penalty); // as cpt.meanvar

  PeltWork work;
  CropsResult result;

  std::vector<double> pen_interval{min_penalty, max_penalty};
  if (min_penalty == max_penalty)
    pen_interval.pop_back();
  std::vector<double> test_penalties;            // ascending, unique
  std::vector<std::size_t> numberofchangepoints; // #segments, descending
  std::vector<double> penal;                     // unpenalised costs, ascending
  std::vector<std::vector<std::size_t>> segmentations;

  constexpr std::size_t kMaxRuns = 100000; // R has no bound; CROPS needs O(#changepoints)
  while (!pen_interval.empty() && result.pelt_runs < kMaxRuns) {
    std::vector<std::size_t> new_num;
    std::vector<double> new_cost;
    std::vector<std::vector<std::size_t>> new_cpts;
    for (double pen : pen_interval) {
      Segmentation s = pelt_impl(cost, pen, min_segment_length, work);
      new_num.push_back(s.segments());
      new_cost.push_back(s.cost);
      new_cpts.push_back(s.changepoints);
      result.runs.push_back(std::move(s));
      ++result.pelt_runs;
    }

    // test_penalties <- unique(sort(c(test_penalties, pen_interval)))
    test_penalties.insert(test_penalties.end(), pen_interval.begin(), pen_interval.end());
    std::sort(test_penalties.begin(), test_penalties.end());
    test_penalties.erase(std::unique(test_penalties.begin(), test_penalties.end()), test_penalties.end());
    // numberofchangepoints <- -sort(-c(numberofchangepoints, new))
    numberofchangepoints.insert(numberofchangepoints.end(), new_num.begin(), new_num.end());
    std::sort(numberofchangepoints.begin(), numberofchangepoints.end(), std::greater<>());
    // penal <- sort(c(penal, new))
    penal.insert(penal.end(), new_cost.begin(), new_cost.end());
    std::sort(penal.begin(), penal.end());
    // segmentations <- c(segmentations, new)[order by length, decreasing, stable]
    // (R's sort(..., decreasing = TRUE, index.return = TRUE) is a stable radix
    // sort; std::stable_sort trips a libstdc++ 12 deprecation under clang 22.)
    for (auto &c : new_cpts)
      segmentations.push_back(std::move(c));
    {
      std::vector<std::size_t> order(segmentations.size());
      for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const std::size_t la = segmentations[a].size(), lb = segmentations[b].size();
        return la != lb ? la > lb : a < b;
      });
      std::vector<std::vector<std::size_t>> sorted;
      sorted.reserve(order.size());
      for (std::size_t i : order)
        sorted.push_back(std::move(segmentations[i]));
      segmentations = std::move(sorted);
    }

    pen_interval.clear();
    for (std::size_t i = 0; i + 1 < test_penalties.size(); ++i) {
      const std::size_t j = i + 1;
      if (j >= numberofchangepoints.size() || j >= penal.size())
        break;
      const std::size_t a = numberofchangepoints[i], b = numberofchangepoints[j];
      // R: (penal[j] - penal[i]) * ((num[i] - num[j])^-1), a product with the
      // reciprocal, which can round differently from a quotient.
      if ((a > b ? a - b : b - a) > 1)
        pen_interval.push_back((penal[j] - penal[i]) * (1.0 / (static_cast<double>(a) - static_cast<double>(b))));
    }
    // Drop the new penalties that all.equal an evaluated one (nearest first).
    for (std::size_t k = pen_interval.size(); k-- > 0;) {
      std::size_t index = 0;
      double nearest = std::numeric_limits<double>::infinity();
      for (std::size_t t = 0; t < test_penalties.size(); ++t) {
        const double d = std::fabs(pen_interval[k] - test_penalties[t]);
        if (d < nearest) {
          nearest = d;
          index = t;
        }
      }
      if (r_all_equal(pen_interval[k], test_penalties[index]))
        pen_interval.erase(pen_interval.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }

  // Keep the first (smallest) penalty of each run of equal numbers of segments.
  for (std::size_t j = test_penalties.size(); j-- > 1;) {
    if (j < numberofchangepoints.size() && numberofchangepoints[j] == numberofchangepoints[j - 1]) {
      numberofchangepoints.erase(numberofchangepoints.begin() + static_cast<std::ptrdiff_t>(j));
      test_penalties.erase(test_penalties.begin() + static_cast<std::ptrdiff_t>(j));
      if (j < penal.size())
        penal.erase(penal.begin() + static_cast<std::ptrdiff_t>(j));
      if (j < segmentations.size())
        segmentations.erase(segmentations.begin() + static_cast<std::ptrdiff_t>(j));
    }
  }

  const std::size_t nb = test_penalties.size();
  double previous_end = 0;
  for (std::size_t k = 0; k < nb; ++k) {
    CropsSegmentation s;
    s.penalty = test_penalties[k];
    s.interval_start = k == 0 ? test_penalties[0] : previous_end;
    if (k + 1 == nb || k + 1 >= penal.size() || k + 1 >= numberofchangepoints.size())
      previous_end = test_penalties[k];
    else
      previous_end = (penal[k] - penal[k + 1]) /
                     (static_cast<double>(numberofchangepoints[k + 1]) - static_cast<double>(numberofchangepoints[k]));
    if (k < penal.size())
      s.cost = penal[k];
    if (k < segmentations.size())
      s.changepoints = segmentations[k];
    // The study counted the changepoints of each cpts.full row.
    s.num_changepoints = s.changepoints.size();
    result.segmentations.push_back(std::move(s));
  }
  return result;
}

// ---------------------------------------------------------------------------
std::optional<std::size_t> kneedle(std::span<const double> x, std::span<const double> y, CurveShape shape,
                                   CurveDirection direction, double sensitivity) {
  if (x.size() != y.size())
    throw std::invalid_argument("kneedle: x and y differ in length");
  check_finite(x, "kneedle");
  check_finite(y, "kneedle");
  const std::size_t n = x.size();
  if (n < 2)
    return std::nullopt;

  auto normalise = [](std::span<const double> a) {
    const auto [lo, hi] = std::minmax_element(a.begin(), a.end());
    std::vector<double> r(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      r[i] = (a[i] - *lo) / (*hi - *lo);
    return r;
  };
  const std::vector<double> xn = normalise(x);
  std::vector<double> yn = normalise(y);
  for (double v : xn)
    if (std::isnan(v))
      return std::nullopt; // constant x
  for (double v : yn)
    if (std::isnan(v))
      return std::nullopt; // constant y: no knee

  // Transform to concave increasing (kneed's transform_y).
  const double ymax = *std::max_element(yn.begin(), yn.end());
  if (direction == CurveDirection::decreasing) {
    if (shape == CurveShape::concave)
      std::reverse(yn.begin(), yn.end());
    else
      for (double &v : yn)
        v = ymax - v;
  } else if (shape == CurveShape::convex) {
    for (double &v : yn)
      v = ymax - v;
    std::reverse(yn.begin(), yn.end());
  }

  std::vector<double> diff(n);
  for (std::size_t i = 0; i < n; ++i)
    diff[i] = yn[i] - xn[i];

  // scipy.signal.argrelextrema(diff, np.greater_equal / np.less_equal), mode clip.
  std::vector<char> is_max(n), is_min(n);
  std::vector<std::size_t> maxima;
  for (std::size_t i = 0; i < n; ++i) {
    const double prev = diff[i == 0 ? 0 : i - 1];
    const double next = diff[i + 1 == n ? i : i + 1];
    is_max[i] = diff[i] >= prev && diff[i] >= next;
    is_min[i] = diff[i] <= prev && diff[i] <= next;
    if (is_max[i])
      maxima.push_back(i);
  }
  if (maxima.empty())
    return std::nullopt;

  double mean_step = 0;
  for (std::size_t i = 0; i + 1 < n; ++i)
    mean_step += xn[i + 1] - xn[i];
  mean_step = std::fabs(mean_step / static_cast<double>(n - 1));

  std::size_t maxima_seen = 0;
  double threshold = 0;
  std::size_t threshold_index = 0;
  for (std::size_t i = maxima.front(); i < n; ++i) {
    if (xn[i] == 1.0)
      break; // kneed: "reached the end of the curve"
    if (is_max[i]) {
      threshold = diff[maxima[maxima_seen]] - sensitivity * mean_step;
      threshold_index = i;
      ++maxima_seen;
    }
    if (is_min[i])
      threshold = 0.0;
    const std::size_t j = i + 1;
    if (j == n)
      return std::nullopt; // kneed: IndexError
    if (diff[j] < threshold) {
      const bool flipped = (shape == CurveShape::convex) == (direction == CurveDirection::increasing);
      return flipped ? n - 1 - threshold_index : threshold_index;
    }
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------
PenaltyChoice segment(std::span<const double> x, const PenaltyOptions &options) {
  if (x.empty())
    throw std::invalid_argument("segment: empty series");
  const double logn = std::log(static_cast<double>(x.size()));
  double lo = 4, hi = 1e5;
  if (options.range == PenaltyRange::log_scaled) {
    lo *= logn;
    hi *= logn;
  }

  const NormalMeanVarCost cost(x, options.precision);
  PenaltyChoice choice;
  choice.precision = cost.precision();
  choice.crops = crops(cost, lo, hi, options.min_segment_length);
  const auto &segs = choice.crops.segmentations;

  if (segs.size() < 2) {
    choice.source = PenaltySource::single_segmentation;
    choice.penalty = segs.empty() ? lo : segs.front().penalty;
  } else {
    // The study passed kneed R's pen.value.full, which changepoint <= 2.2.4
    // filled with the start of each segmentation's penalty interval
    // (cpt.out["beta_interval", ]), not the penalty PELT was run with.
    std::vector<double> px, py;
    for (const auto &s : segs) {
      px.push_back(s.interval_start);
      py.push_back(static_cast<double>(s.num_changepoints));
    }
    if (options.order == KneedleOrder::descending_penalty) {
      std::reverse(px.begin(), px.end());
      std::reverse(py.begin(), py.end());
    }
    auto knee = kneedle(px, py, CurveShape::convex, CurveDirection::decreasing, options.sensitivity);
    if (knee) {
      // The knee stands for one CROPS segmentation (its number of changepoints
      // is the knee's y): take it. PELT run again at the interval's start
      // would tie between it and its neighbour with more changepoints.
      const std::size_t k = options.order == KneedleOrder::descending_penalty ? segs.size() - 1 - *knee : *knee;
      choice.source = PenaltySource::elbow;
      choice.penalty = px[*knee];
      choice.segmentation.penalty = choice.penalty;
      choice.segmentation.changepoints = segs[k].changepoints;
      choice.segmentation.cost = segs[k].cost;
      return choice;
    } else {
      choice.source = PenaltySource::fallback;
      choice.penalty = options.fallback_log_factor * logn;
    }
  }

  // PELT is deterministic: reuse the CROPS run at that penalty if there was one.
  for (const auto &run : choice.crops.runs)
    if (run.penalty == choice.penalty) {
      choice.segmentation = run;
      return choice;
    }
  choice.segmentation = pelt(cost, choice.penalty, options.min_segment_length);
  return choice;
}

} // namespace steady::stats
