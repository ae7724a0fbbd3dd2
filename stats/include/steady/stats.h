// Statistics for stopping criteria and comparisons (Laaber et al., Kalibera & Jones,
// He et al.). Deterministic for a given seed, on every standard library: the
// generator (xoshiro256**) and the bounded draws (Lemire's method) are ours.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

namespace steady::stats {

// Descriptive statistics. Variance and sd divide by n - 1; CV = sd / mean.
double mean(std::span<const double> x);
double variance(std::span<const double> x);
double sd(std::span<const double> x);
double cv(std::span<const double> x);

// Quantile of R's type 7 (the default of R's quantile()): linear
// interpolation between order statistics at h = (n - 1) p.
double quantile(std::vector<double> x, double p);
// The same on values already sorted ascending.
double quantile_sorted(std::span<const double> sorted, double p);
// The same of the union of two samples sorted ascending, without merging them.
double quantile_sorted(std::span<const double> a, std::span<const double> b, double p);

// A value observed `weight` times (a batch sample: ns/op and its invocations).
struct Weighted {
  double value;
  double weight;
};

// Sum of value x weight and of the weights: every weighted mean in steady
// (an iteration's, a fork's, the pooled one the bootstrap centres on) is one
// of these divided, so that they are one definition.
struct WeightedSum {
  double sum = 0, weight = 0;
  void add(double value, double w) {
    sum += value * w;
    weight += w;
  }
  void add(std::span<const Weighted> x) {
    for (const Weighted &v : x)
      add(v.value, v.weight);
  }
  double mean() const { return sum / weight; }
};

double weighted_mean(std::span<const Weighted> x);
// Frequency-weighted: sum w (x - m)^2 / (sum w - 1).
double weighted_cv(std::span<const Weighted> x);

// Weighted moments that combine across samples (Chan et al.'s pairwise
// update), so the CV of a union of iterations comes from each iteration's
// moments without pooling their samples.
struct Moments {
  double weight = 0, mean = 0, m2 = 0; // m2 = sum w (x - mean)^2

  static Moments of(std::span<const Weighted> x);
  void add(const Moments &other);
  double cv() const; // as weighted_cv
};

class Rng {
public:
  // A uniform random bit generator, for Boost.Random's distributions (whose
  // algorithms, unlike the standard library's, are the same everywhere).
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type(0); }
  result_type operator()() { return next(); }

  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  // Uniform on [0, n), unbiased (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t n);

private:
  std::uint64_t s_[4];
};

// forks -> iterations -> weighted invocation-level samples.
using IterationSamples = std::vector<Weighted>;
using ForkSamples = std::vector<IterationSamples>;
// A fork's mean over all its samples, weighted: its ticks over its ops (or
// instructions per op under valgrind). The one definition of a fork mean
// (issue 26): the printed interval is over these (summarize), the precision
// stop decides on that interval (ForkLoop), the fork groups compare them.
double fork_mean(const ForkSamples &fork);
// The same over every sample of several forks: the pooled mean (the
// bootstrap's point estimate).
double weighted_mean(std::span<const ForkSamples> forks);

struct Interval {
  double estimate, low, high;
  // 0 for a zero-width interval, also around 0 (a payload measuring nothing:
  // every sample 0), where the ratio would be NaN and stop no criterion.
  double relative_width() const { return high == low ? 0 : (high - low) / estimate; }
};

// The Student t interval of the mean of x (two values or more): what a few
// forks' means say about the mean, where a bootstrap over them undercovers
// (over 2 forks its percentile interval is the two means, a 50 % interval).
Interval t_interval(std::span<const double> x, double confidence);

// Percentile CI of the weighted mean by hierarchical bootstrap: each resample
// draws forks, then iterations within each drawn fork, then samples within
// each drawn iteration, uniformly with replacement at every level.
Interval bootstrap_mean(const std::vector<ForkSamples> &data, double confidence, int resamples, std::uint64_t seed);

// The same interval with the innermost level drawn from its sampling
// distribution (normal, by the central limit theorem over an iteration's up
// to 1000 batch samples: the delta-method variance of the resampled weighted
// mean) instead of resampled sample by sample: the same in expectation and
// variance, and cheap enough for a checkpoint after every iteration.
Interval bootstrap_mean_clt(const std::vector<ForkSamples> &data, double confidence, int resamples, std::uint64_t seed);

// What that innermost level needs of an iteration: its total weight, weighted
// mean, the sd of its resampled weighted mean (delta method) and its samples'
// range, which bounds the draws. Summarising each iteration once lets a
// stopping criterion reuse it at every checkpoint.
struct IterationSummary {
  double weight, mean, sd, min, max;
};
using ForkSummary = std::vector<IterationSummary>;
IterationSummary summarize(const IterationSamples &it);
Interval bootstrap_mean_clt(std::span<const ForkSummary> forks, double confidence, int resamples, std::uint64_t seed);

// The share of the variance of `groups`' values that lies between the groups
// (the intraclass correlation of a one-way random-effects ANOVA, by the method
// of moments, unbalanced groups allowed): s_b / (s_b + s_w) with s_w the mean
// square within groups and s_b = max(0, (MSB - MSW) / n0). NaN when there is
// no within-group variance to compare with (no group has two values) or fewer
// than two groups.
double between_group_share(const std::vector<std::vector<double>> &groups);

// Percentile CI of mean(b) / mean(a) for two independent runs: both are
// resampled in every round and the ratio taken per round.
Interval bootstrap_ratio(const std::vector<ForkSamples> &a, const std::vector<ForkSamples> &b, double confidence,
                         int resamples, std::uint64_t seed);

// The ratio interval with the innermost level drawn as in bootstrap_mean_clt.
Interval bootstrap_ratio_clt(const std::vector<ForkSamples> &a, const std::vector<ForkSamples> &b, double confidence,
                             int resamples, std::uint64_t seed);

// The KLD stability criterion (He et al., as Laaber et al.'s reference
// implementation of dynamic reconfiguration computes it):
//  - each sample's range is [max(0, q25 - 1.5 IQR), q75 + 1.5 IQR] with R's
//    type-6 quartiles; the grid is `points` evenly spaced points from the
//    lower to the upper end of the union of the two ranges (both included);
//  - each sample's Gaussian kernel density, bandwidth kld_bandwidth, counts
//    at a grid point y only the values in [y - 5h, y + 5h);
//  - KL(P||Q) = sum p ln(p / q) step over the grid points where both densities
//    are positive; the value is 2^-KL(a||b) * 2^-KL(b||a), 0 when no grid point
//    has both densities positive.
// Evaluated exactly (no binning; see kld_density). Where we deviate on purpose:
// a zero bandwidth (the middle half of a sample is one value, as with a
// deterministic metric) gives 1 when both samples have a zero bandwidth and
// the same median, else 0; the reference divides by zero there.
double kld_stability(std::span<const double> before, std::span<const double> after, int points = 1000);
// The same on samples already sorted ascending (no copies, no sorting).
double kld_stability_sorted(std::span<const double> before, std::span<const double> after, int points = 1000);
// The reference's bandwidth: 1.06 min(sd, iqr / 1.34) n^(-1/5), sd with n - 1
// and iqr = x[3n/4] - x[n/4] of the sorted sample (0-based, no interpolation).
double kld_bandwidth(std::span<const double> sorted);
// Gaussian kernel density of `sorted` with bandwidth h at first + j step,
// j < points, counting only the values in [y - 5h, y + 5h) at each point y.
std::vector<double> kld_density(std::span<const double> sorted, double h, double first, double step,
                                std::size_t points);

// Two-sample tests and effect sizes for comparing versions (Peass).
struct TestResult {
  double statistic, p_value, df = 0;
};
// Welch's t-test (unequal variances) of mean(b) - mean(a), two-sided.
TestResult welch_t_test(std::span<const double> a, std::span<const double> b);
// The same from the difference of the means, each mean's variance and its
// degrees of freedom (a variance estimated otherwise than from the values'
// spread alone, e.g. with a Poisson floor).
TestResult welch_t_test(double difference, double var_mean_a, double df_a, double var_mean_b, double df_b);
// Paired t-test of mean(b_i - a_i), two-sided (a and b of equal size; pairs
// such as the A and B fork of one round of steady ab).
TestResult paired_t_test(std::span<const double> a, std::span<const double> b);
// Mann-Whitney U of b against a (R's wilcox.test(b, a) W), normal
// approximation with tie correction and no continuity correction, two-sided.
TestResult mann_whitney_u(std::span<const double> a, std::span<const double> b);
// The exact null distribution of Wilcoxon's signed-rank statistic V (the sum
// of the ranks of the positive values among n without ties or zeros): P(V <=
// v) for v = 0 .. n(n+1)/2, by the recursion over n (R's psignrank).
std::vector<double> signed_rank_cdf(std::size_t n);
// Fisher's exact test of a 2x2 table [[a, b], [c, d]], two-sided as R's
// fisher.test: the probability, with the margins fixed (hypergeometric), of
// every table no more likely than this one.
double fisher_exact_p(std::size_t a, std::size_t b, std::size_t c, std::size_t d);
// The same test one-sided, as R's fisher.test(alternative = "greater"): the
// probability of a or more in the first cell (an odds ratio above 1).
double fisher_exact_greater_p(std::size_t a, std::size_t b, std::size_t c, std::size_t d);
// One-way ANOVA of `groups` (fixed effects, unbalanced allowed): F = MSB /
// MSW, its p-value on (k - 1, n - k) degrees of freedom, and the width of the
// `confidence` t interval of the grand mean had only the within-group spread
// been there (2 t sqrt(MSW / n)): what the groups' means are to exceed. p and
// the width are NaN with fewer than two non-empty groups or no group of two.
struct GroupDifference {
  double f = NAN, p_value = NAN, within_width = NAN;
};
GroupDifference one_way_anova(const std::vector<std::vector<double>> &groups, double confidence);
// The `confidence` t interval of each non-empty group's mean, in the groups'
// order, with the within-group variance pooled over the groups (MSW on n - k
// degrees of freedom): a group of one value gets an interval too, and a few
// forks per group borrow the others' spread. Empty with no group of two.
std::vector<Interval> group_intervals(const std::vector<std::vector<double>> &groups, double confidence);
// Brown-Forsythe's test that the groups spread alike: the p value of a one-way
// ANOVA of each value's distance from its group's median (R:
// anova(lm(abs(y - ave(y, g, FUN = median)) ~ g))) over the groups of five
// values or more; 1 without two such groups.
double equal_spread_p(const std::vector<std::vector<double>> &groups);
// group_intervals, except that when the groups' spreads differ
// (equal_spread_p < 1 - confidence) each group of five or more gets the
// interval of its own variance (t on its n - 1 degrees of freedom): pooled,
// one noisy group's interval is too narrow for it (a code offset with 12x the
// others' fork sd: the offsets' span held every offset's mean in 88-90 % of
// simulated runs at 99 %) and the quiet groups' too wide. `spreads_differ`,
// if given, says which it did.
std::vector<Interval> spread_aware_group_intervals(const std::vector<std::vector<double>> &groups, double confidence,
                                                   bool *spreads_differ = nullptr);
// Whether the groups' means differ beyond the noise within them: the ANOVA's p
// below 1 - confidence and the range of the means above within_width (a
// difference too small to matter is no difference).
bool means_differ(const std::vector<std::vector<double>> &groups, double confidence);
// Cohen's d with the pooled sd; Cliff's delta = P(b > a) - P(b < a).
double cohens_d(std::span<const double> a, std::span<const double> b);
double cliffs_delta(std::span<const double> a, std::span<const double> b);
// Samples per group for a two-sided test at `alpha` to detect a standardised
// effect `gamma` with `power`: z_{1-beta} = gamma sqrt(n/2) - z_{1-alpha/2}.
double samples_needed(double gamma, double alpha, double power);

} // namespace steady::stats
