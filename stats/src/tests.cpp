#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/hypergeometric.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "steady/stats.h"

namespace steady::stats {

namespace {

double two_sided_normal_p(double z) {
  boost::math::normal n;
  return 2 * boost::math::cdf(boost::math::complement(n, std::abs(z)));
}

} // namespace

namespace {

// A t-test of samples without spread (instruction counts that do not vary):
// the limit of infinite degrees of freedom, p = 1 without a difference and 0
// with one, instead of a division by zero.
TestResult no_spread(double difference) {
  return {difference == 0 ? 0.0 : std::copysign(INFINITY, difference), difference == 0 ? 1.0 : 0.0, INFINITY};
}

} // namespace

TestResult welch_t_test(double difference, double va, double df_a, double vb, double df_b) {
  if (va + vb == 0) // no spread (exact counts): the limit, any difference is certain
    return no_spread(difference);
  double t = difference / std::sqrt(va + vb);
  double df = (va + vb) * (va + vb) / (va * va / df_a + vb * vb / df_b);
  boost::math::students_t dist(df);
  double p = 2 * boost::math::cdf(boost::math::complement(dist, std::abs(t)));
  return {t, p, df};
}

TestResult welch_t_test(std::span<const double> a, std::span<const double> b) {
  return welch_t_test(mean(b) - mean(a), variance(a) / double(a.size()), double(a.size() - 1),
                      variance(b) / double(b.size()), double(b.size() - 1));
}

TestResult paired_t_test(std::span<const double> a, std::span<const double> b) {
  std::vector<double> d(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    d[i] = b[i] - a[i];
  const double n = double(d.size());
  if (variance(d) == 0)
    return no_spread(mean(d));
  double t = mean(d) / std::sqrt(variance(d) / n);
  boost::math::students_t dist(n - 1);
  double p = 2 * boost::math::cdf(boost::math::complement(dist, std::abs(t)));
  return {t, p, n - 1};
}

TestResult mann_whitney_u(std::span<const double> a, std::span<const double> b) {
  // Ranks of the pooled sample, ties sharing their mean rank.
  struct Obs {
    double v;
    bool from_b;
  };
  std::vector<Obs> all;
  for (double v : a)
    all.push_back({v, false});
  for (double v : b)
    all.push_back({v, true});
  std::sort(all.begin(), all.end(), [](const Obs &x, const Obs &y) { return x.v < y.v; });
  const double n1 = double(a.size()), n2 = double(b.size()), n = n1 + n2;
  double rank_sum_b = 0, tie_term = 0;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j].v == all[i].v)
      ++j;
    double rank = (double(i) + double(j) + 1) / 2, t = double(j - i);
    for (std::size_t k = i; k < j; ++k)
      if (all[k].from_b)
        rank_sum_b += rank;
    tie_term += t * t * t - t;
    i = j;
  }
  double w = rank_sum_b - n2 * (n2 + 1) / 2;
  double sigma = std::sqrt(n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))));
  if (sigma == 0) // every value tied (equal counts): no evidence of a shift
    return {w, 1.0};
  double z = (w - n1 * n2 / 2) / sigma;
  return {w, two_sided_normal_p(z)};
}

std::vector<double> signed_rank_cdf(std::size_t n) {
  // p[v] = P(V = v) for k values: the k-th rank is positive or not, each with
  // probability 1/2, so P_k(v) = (P_{k-1}(v) + P_{k-1}(v - k)) / 2.
  std::vector<double> p(n * (n + 1) / 2 + 1, 0.0);
  p[0] = 1;
  for (std::size_t k = 1; k <= n; ++k)
    for (std::size_t v = k * (k + 1) / 2 + 1; v-- > 0;)
      p[v] = (p[v] + (v >= k ? p[v - k] : 0.0)) / 2;
  for (std::size_t v = 1; v < p.size(); ++v)
    p[v] += p[v - 1];
  return p;
}

double fisher_exact_p(std::size_t a, std::size_t b, std::size_t c, std::size_t d) {
  // a given the margins: hypergeometric with a + c successes among a + b + c + d, a + b drawn.
  const std::size_t drawn = a + b, successes = a + c, total = a + b + c + d;
  if (total == 0)
    return 1;
  const boost::math::hypergeometric_distribution<double> h(successes, drawn, total);
  const double observed = boost::math::pdf(h, a);
  double p = 0;
  const std::size_t lo = drawn + successes > total ? drawn + successes - total : 0, hi = std::min(drawn, successes);
  for (std::size_t k = lo; k <= hi; ++k)
    if (const double pk = boost::math::pdf(h, k); pk <= observed * (1 + 1e-7)) // R's relative tolerance
      p += pk;
  return std::min(1.0, p);
}

double fisher_exact_greater_p(std::size_t a, std::size_t b, std::size_t c, std::size_t d) {
  const std::size_t drawn = a + b, successes = a + c, total = a + b + c + d;
  if (total == 0)
    return 1;
  const std::size_t lo = drawn + successes > total ? drawn + successes - total : 0;
  if (a <= lo) // a the least it can be
    return 1;
  const boost::math::hypergeometric_distribution<double> h(successes, drawn, total);
  return std::min(1.0, boost::math::cdf(boost::math::complement(h, a - 1)));
}

double cohens_d(std::span<const double> a, std::span<const double> b) {
  double na = double(a.size()), nb = double(b.size());
  double pooled = std::sqrt(((na - 1) * variance(a) + (nb - 1) * variance(b)) / (na + nb - 2));
  return (mean(b) - mean(a)) / pooled;
}

double cliffs_delta(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (double y : b)
    for (double x : a)
      s += (y > x) - (y < x);
  return s / (double(a.size()) * double(b.size()));
}

double samples_needed(double gamma, double alpha, double power) {
  boost::math::normal n;
  double z = boost::math::quantile(n, 1 - alpha / 2) + boost::math::quantile(n, power);
  return 2 * (z / gamma) * (z / gamma);
}

namespace {

// The non-empty groups' sizes and means, the grand mean, and the sums of
// squares between and within them: what the ANOVA and the groups' intervals share.
struct GroupSums {
  std::vector<double> sizes, means;
  double n = 0, grand = 0, ssb = 0, ssw = 0;
};

GroupSums group_sums(const std::vector<std::vector<double>> &groups) {
  GroupSums g;
  double sum = 0;
  for (const std::vector<double> &x : groups) {
    if (x.empty())
      continue;
    g.sizes.push_back(double(x.size()));
    g.means.push_back(std::accumulate(x.begin(), x.end(), 0.0) / double(x.size()));
    g.n += double(x.size());
    sum += std::accumulate(x.begin(), x.end(), 0.0);
    for (double v : x)
      g.ssw += (v - g.means.back()) * (v - g.means.back());
  }
  g.grand = g.n > 0 ? sum / g.n : 0;
  for (std::size_t i = 0; i < g.means.size(); ++i)
    g.ssb += g.sizes[i] * (g.means[i] - g.grand) * (g.means[i] - g.grand);
  return g;
}

} // namespace

GroupDifference one_way_anova(const std::vector<std::vector<double>> &groups, double confidence) {
  GroupDifference d;
  const GroupSums g = group_sums(groups);
  const double n = g.n, k = double(g.means.size());
  if (k < 2 || n <= k)
    return d;
  const double msb = g.ssb / (k - 1), msw = g.ssw / (n - k);
  boost::math::students_t t(n - k);
  d.within_width = 2 * boost::math::quantile(t, (1 + confidence) / 2) * std::sqrt(msw / n);
  if (msw == 0) { // no spread within: any difference between the groups is one
    d.f = g.ssb > 0 ? INFINITY : 0;
    d.p_value = g.ssb > 0 ? 0 : 1;
    return d;
  }
  d.f = msb / msw;
  d.p_value = boost::math::cdf(boost::math::complement(boost::math::fisher_f(k - 1, n - k), d.f));
  return d;
}

bool means_differ(const std::vector<std::vector<double>> &groups, double confidence) {
  const GroupDifference d = one_way_anova(groups, confidence);
  if (!(d.p_value < 1 - confidence))
    return false;
  const GroupSums g = group_sums(groups);
  auto [low, high] = std::minmax_element(g.means.begin(), g.means.end());
  return *high - *low > d.within_width;
}

std::vector<Interval> group_intervals(const std::vector<std::vector<double>> &groups, double confidence) {
  const GroupSums g = group_sums(groups);
  const double n = g.n, k = double(g.means.size());
  if (n <= k)
    return {};
  const double msw = g.ssw / (n - k);
  const double t = boost::math::quantile(boost::math::students_t(n - k), (1 + confidence) / 2);
  std::vector<Interval> out;
  for (std::size_t i = 0; i < g.means.size(); ++i) {
    const double half = t * std::sqrt(msw / g.sizes[i]);
    out.push_back({g.means[i], g.means[i] - half, g.means[i] + half});
  }
  return out;
}

// Groups equal_spread_p compares: fewer values make the distances degenerate
// (two values: both the same distance from their median), and the test
// meaningless.
constexpr std::size_t kSpreadTestMinimum = 5;

double equal_spread_p(const std::vector<std::vector<double>> &groups) {
  std::vector<std::vector<double>> distances;
  for (const std::vector<double> &x : groups)
    if (x.size() >= kSpreadTestMinimum) {
      const double m = quantile(x, 0.5);
      std::vector<double> &d = distances.emplace_back();
      for (double v : x)
        d.push_back(std::abs(v - m));
    }
  if (distances.size() < 2)
    return 1;
  const double p = one_way_anova(distances, 0.99).p_value;
  return std::isnan(p) ? 1 : p;
}

std::vector<Interval> spread_aware_group_intervals(const std::vector<std::vector<double>> &groups, double confidence,
                                                   bool *spreads_differ) {
  std::vector<Interval> out = group_intervals(groups, confidence);
  const bool own = !out.empty() && equal_spread_p(groups) < 1 - confidence;
  if (spreads_differ)
    *spreads_differ = own;
  if (!own)
    return out;
  std::size_t i = 0; // out has one interval per non-empty group
  for (const std::vector<double> &x : groups) {
    if (x.empty())
      continue;
    if (x.size() >= kSpreadTestMinimum) // the groups compared; the others keep the pooled variance
      out[i] = t_interval(x, confidence);
    ++i;
  }
  return out;
}

} // namespace steady::stats
