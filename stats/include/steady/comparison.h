// The decision of a comparison of two versions' measurements, shared by
// `steady compare` (two result files) and `steady ab` (two binaries run
// interleaved): numbers in, a typed verdict out. Reading the inputs,
// rendering and gating are the driver's.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "steady/stats.h"

namespace steady::stats {

// One benchmark's measurement forks (failed and warmup forks left out).
struct Series {
  std::vector<ForkSamples> forks; // ns/op batch samples
  std::vector<double> iteration_means;
  std::vector<std::vector<double>> fork_means; // iteration_means, fork by fork
  std::vector<int> fork_rounds;                // steady ab's round of each fork; -1: not from ab
  // --layout=random: the code offset each fork ran at; empty: not known (pinned, an older file)
  std::vector<int> fork_code_offsets;
  int iterations_per_fork = 1;
  // The runner flagged it: indistinguishable from the empty loop, so a
  // ratio of two such numbers means nothing.
  bool measures_nothing = false;
  // The values are instructions per op (--instrument=valgrind), not ns/op.
  bool instructions = false;
  // The fork means form groups (steady/fork_groups.h): their mean depends on
  // how many forks fell in each group, a matter of chance.
  bool forks_disagree = false;
  // With forks_disagree: how many forks lie outside the largest group (1: one
  // far fork; 0: not known).
  std::size_t forks_apart = 0;
  // With forks_disagree: each fork (in fork_means' order) outside the
  // largest group; empty: not known.
  std::vector<bool> fork_outside;
  // Every fork ran in steady ab's lockstep (with the other version's fork of
  // its round, on one CPU): a state of the machine meets both in a round.
  bool lockstep = false;
};

// Whether a version's forks are a mixture: two forks or more outside their
// largest group (or not known). One far fork is flagged (forks_disagree) but
// is no group: a one-off slow process looks the same, and it widens the
// interval's standard error like any noise.
inline bool forks_mixed(const Series &s) { return s.forks_disagree && s.forks_apart != 1; }

// The given forks, each cut to its first `iterations` iterations.
Series pick(const Series &s, const std::vector<std::size_t> &forks, int iterations);

// `forks` forks drawn without replacement, each cut to its first
// `iterations` iterations (Peass, section III-A: "randomly sample v VMs and
// select the first i iterations").
template <class Rng> Series subsample(const Series &s, int forks, int iterations, Rng &rng);

struct ComparisonOptions {
  double alpha = 0.01, equivalence = 0.01; // fractions
  // An undecided verdict's power numbers (the noncentral t, about 10 ms a
  // comparison); false where only the verdict is wanted (simulations of it).
  bool power = true;
  // Both series are the two sides of one steady ab run: the interval is over
  // the rounds' paired log ratios (paired_log_ratio_interval) when at least 2
  // rounds have one fork on each side.
  bool pair_rounds = false;
  // steady ab's last look (its rounds or budget spent): > 0, a comparison
  // undecided at +-equivalence whose forks are no mixture (forks_mixed) is
  // decided at the noise floor instead when that is wider: the margin
  // identical code meets in 1 - noise_floor of runs at the measured noise
  // (Comparison::noise_floor).
  double noise_floor = 0;
};

// measures_nothing: no verdict, one version (or both) is not a measurement of its payload.
enum class Verdict { slower, faster, same, undecided, measures_nothing };
// "slower", "faster", "same", "can't tell yet", "measures nothing", as tables and JSON say.
const char *to_string(Verdict v);

// Of an undecided comparison, from the fork-level spread and the t interval
// the verdict uses: the relative change the current forks detect with power
// 0.8, and about how many more forks per version would decide the
// equivalence margin (the interval inside +-equivalence in 80 % of runs if
// nothing changed; a change of that size would then be found more often).
struct Power {
  double detectable = 0;
  int more_forks = 0;
};

struct Comparison {
  Verdict verdict = Verdict::undecided;
  // NEW / BASE: the ratio of the means of fork means (Welch), or with
  // `pairs` the geometric mean of the rounds' ratios; NaN bounds with fewer
  // than 2 forks a side.
  Interval ratio{};
  double ratio_df = 0; // its degrees of freedom: Welch-Satterthwaite's, or pairs - 1
  // > 0: the interval is paired, over this many steady ab rounds with one
  // fork on each side; 0: Welch's over all fork means.
  int pairs = 0;
  // Over fork means (the independent unit); NaN with fewer than 2 forks a side.
  double welch_p = 0, mwu_p = 0, cohens_d = 0, cliffs_delta = 0;
  bool overlap = false; // the two versions' t intervals of their mean fork mean overlap
  // Undecided with at least two forks per version.
  std::optional<Power> power;
  bool base_measures_nothing = false, next_measures_nothing = false;
  // A version's forks are a mixture (forks_mixed). One far fork is none: it
  // widens the interval like any noise (a 4x slowdown with 1 of 12 forks far
  // was "can't tell yet").
  bool base_forks_mixed = false, next_forks_mixed = false;
  // A mixture withheld slower or faster (undecided, no power numbers): its
  // mean moves with how many forks fell in each group, which is chance. Not
  // when the versions' forks lie apart (every fork of one beyond every fork of
  // the other) and their ranks differ at alpha: every share of the groups
  // then gives the same direction (a 3.8x slowdown whose sides both switched
  // between a fast and a slow state was "can't tell yet"). Nor when the
  // interval is by ranks (signed_rank): the groups are then the machine's.
  bool direction_withheld = false;
  // Instruction counts (steady/exact_counts.h): the A/A margin in
  // instructions per op the interval is widened by; exact: every fork of each
  // version counted the same (the interval is the difference +- the margin,
  // and more forks change nothing).
  std::optional<double> count_margin;
  // With count_margin: the part of the margin for layout between two
  // binaries (layout_margin), added to count_margin in the interval.
  double count_layout_margin = 0;
  bool exact = false;
  // With ComparisonOptions::noise_floor, of a comparison undecided at
  // +-equivalence: the noise floor, exp((t_{1-alpha/2} + t_{1-noise_floor/2})
  // se) - 1 (se, df: the interval's). Identical code's interval lies within
  // +-noise_floor in 1 - noise_floor of runs, and one within it rules out a
  // change beyond it at the interval's level; the verdict is "same" then
  // (same_at_floor), stated with the margin.
  std::optional<double> noise_floor;
  bool same_at_floor = false;
  // steady ab, forks in groups on a side (forks_mixed): groups_alike_p of
  // the two versions' forks (NaN: not tested). At kGroupsAlike or above the
  // groups are the machine's, not a version's, and the interval is by ranks
  // (signed_rank: signed_rank_log_ratio_interval), which such a mixture does
  // not bias; nothing is withheld then.
  double groups_alike_p = std::numeric_limits<double>::quiet_NaN();
  bool signed_rank = false;
  // steady ab, forks in groups on a side: shared_rounds_p of the paired
  // rounds (NaN: not tested). Below alpha, with at most one fork apart alone
  // on each side, the groups came in rounds, to both versions at once: the
  // machine's states, which the paired ratios cancel (states_shared); then
  // nothing is withheld and the interval stays the paired one.
  double shared_rounds_p = std::numeric_limits<double>::quiet_NaN();
  bool states_shared = false;
  // Within the floor, but Mann-Whitney over the fork means rejects at alpha:
  // a shift the mean's interval cannot bound (one far fork widened it), so
  // no "same".
  bool ranks_differ_at_floor = false;
  bool decided() const { return verdict != Verdict::undecided; }
};

// Which interval `ratio` is: "exact" (exact counts: the difference +- the
// count margin), "paired" (over ab rounds), "signed-rank" (over ab rounds, by
// ranks) or "welch" (over all fork means).
inline const char *interval_kind(const Comparison &c) {
  return c.exact ? "exact" : c.signed_rank ? "signed-rank" : c.pairs > 0 ? "paired" : "welch";
}

// The level at or above which groups_alike_p calls a mixture the machine's:
// high, since accepting is what needs the evidence (at 0.05 a mixture only
// NEW had, 7 of its 40 forks 10 % slower, passed beside 2 far forks of A by
// chance: p = 0.15, NoiseFloor.AMixtureIsNotDecidedAtTheFloor).
inline constexpr double kGroupsAlike = 0.2;

// The noise floor of an interval of the log ratio with standard error se and
// df degrees of freedom at level 1 - alpha (Comparison::noise_floor).
double noise_floor(double se, double df, double alpha, double miss);

// The standard error of the log ratio behind a Welch or paired interval
// (`ratio` at level 1 - alpha), NaN without one (fewer than 2 forks a side,
// exact counts).
double log_ratio_se(const Comparison &c, double alpha);

// Each fork's mean of its iteration means: the unit the comparison treats as
// independent (iterations of one fork share its layout, frequency and
// neighbours; Kalibera & Jones).
std::vector<double> fork_means(const Series &s);

// The (1 - alpha) interval of mean(b) / mean(a) over fork means a and b (at
// least 2 each): a t interval of the log ratio, its variance by the delta
// method (s_a^2 / (n_a mean_a^2) + s_b^2 / (n_b mean_b^2)) and its degrees of
// freedom by Welch-Satterthwaite. `df` is infinite when both spreads are 0.
struct RatioInterval {
  Interval ratio;
  double se = 0, df = 0; // of the log ratio
};
RatioInterval log_ratio_interval(std::span<const double> a, std::span<const double> b, double alpha);

// The (1 - alpha) interval of the ratio B/A from pairs (a[i], b[i]) of fork
// means that ran side by side (one steady ab round each, at least 2): a t
// interval of the mean of d_i = log b_i - log a_i, se = sd(d) / sqrt(n),
// n - 1 degrees of freedom; the estimate is exp(mean d), the geometric mean
// of the rounds' ratios. Whatever moved both forks of a round alike (the
// machine's load drifting between rounds) cancels in d_i.
RatioInterval paired_log_ratio_interval(std::span<const double> a, std::span<const double> b, double alpha);

// The same by ranks: the Hodges-Lehmann estimate (the median of the Walsh
// averages (d_i + d_j) / 2, i <= j) and Wilcoxon's signed-rank interval (the
// Walsh averages at the signed-rank statistic's exact alpha / 2 quantiles),
// as R's wilcox.test(log(b), log(a), paired = TRUE, conf.int = TRUE, exact =
// TRUE). It needs no normal d_i, only d_i symmetric about the shift, which
// steady ab's random order within each round gives identical code whatever
// the machine does (a fast and a slow state alike: Hollander, Wolfe &
// Chicken, "Nonparametric Statistical Methods", ch. 3). se: that of a normal interval as
// wide (for the noise floor and the power numbers), df infinite. NaN bounds
// when no interval reaches the level with n pairs (2^(1-n) > alpha: fewer
// than 10 pairs at ab's alpha / 4).
RatioInterval signed_rank_log_ratio_interval(std::span<const double> a, std::span<const double> b, double alpha);

// Whether the two versions' forks fall in groups alike, as a machine that
// switches between a fast and a slow state puts forks of both in each, rather
// than one version's own (a placement only its code meets): both versions'
// fork means pooled (NEW's divided by `ratio`, the estimate of NEW/BASE) and
// put in groups (fork_groups.h), then Fisher's exact test of version against
// "in the largest group". Its two-sided p; 0 when the pooled forks form one
// group or a version has fewer than 2 forks outside the largest (the groups
// are not shown to be both versions': Fisher's test alone lets 5 far forks of
// 40 on one side and none on the other pass at p = 0.055).
double groups_alike_p(const Series &a, const Series &b, double ratio);

// Whether the forks of the two versions that lie outside their largest group
// (Series::fork_outside) came in the same rounds, as a state of the machine
// that meets a round's two forks at once (steady ab's lockstep) puts them,
// rather than each version's own: over the paired rounds, Fisher's exact test
// of "A's fork outside" against "B's fork outside", one-sided (together more
// often than chance). Sets `alone` to the most forks outside whose partner is
// not, on either side. A side whose forks formed no groups of their own (a
// slow state met some of its forks but their means left no gap) has a fork
// outside where it lies more than halfway, in log, from the other side's
// largest group to that side's nearest fork outside. NaN when neither side's
// fork_outside is known, or a side with groups has none.
double shared_rounds_p(const Series &a, const Series &b, const std::vector<std::pair<std::size_t, std::size_t>> &pairs,
                       std::size_t &alone);

// The rounds of two series from one steady ab run that have exactly one
// fork on each side: (fork index in a, fork index in b), by round. A round
// with a side's fork failed or not run (an interrupted run) gives no pair.
std::vector<std::pair<std::size_t, std::size_t>> round_pairs(const Series &a, const Series &b);

// Two runs with --layout=random: whether the change's effect depends on
// where the code sits, so that a verdict over layouts (their mean) is not
// read as the change's effect at every one. With steady ab's rounds (a
// round's two forks at one code offset): the rounds' log ratios of fork means
// (round_pairs) grouped by that offset, `differs` by means_differ at 1 -
// alpha (one-way ANOVA and a range beyond the noise within the offsets).
// Without rounds (two separate runs): the log fork means in a two-way layout,
// version by offset, and the F test of their interaction (the cell means'
// model against the additive one, in closed form: unbalanced cells allowed;
// R: anova(lm(y ~ v + g), lm(y ~ v * g))), `differs` at p < alpha with the
// offsets' ratios' range beyond the t interval of the mean difference.
struct LayoutEffect {
  struct Offset {
    int code = 0;     // the loop's entry, modulo 64
    double ratio = 0; // NEW / BASE: the geometric mean of its rounds' ratios (unpaired: of B's over A's fork means)
    std::size_t rounds = 0;        // paired
    std::size_t forks[2] = {0, 0}; // unpaired: A's and B's
  };
  std::vector<Offset> offsets; // ascending by code
  double p_value = std::numeric_limits<double>::quiet_NaN();
  bool differs = false;
};
// Empty without two offsets (paired: with rounds at each; unpaired: with forks
// of both versions at each, and a spread within them to test against).
std::optional<LayoutEffect> layout_effect(const Series &a, const Series &b, double alpha);

// The ratio of means NEW/BASE with that (1 - alpha) interval over fork means,
// Welch's t-test and Mann-Whitney U over fork means, whether the two
// versions' t intervals overlap, Cohen's d and Cliff's delta of fork means,
// and the verdict: slower / faster (the ratio interval excludes 1), same (it
// lies within +-equivalence), or undecided (always with fewer than 2 forks a
// side: one fork shows no fork-to-fork spread), with its power numbers;
// measures_nothing, with no numbers, when either series measures nothing.
// With o.pair_rounds and at least 2 round pairs the interval (and so the
// verdict and the power numbers) is the paired one over those rounds; the
// tests, overlap and effect sizes stay over all fork means.
// When either version's forks disagree, slower and faster are withheld: a
// ratio of means over groups of forks moves with how many forks fell in each
// group, so it gives no direction (same is kept: the interval bounds both).
// Except in steady ab when the groups hold both versions alike
// (Comparison::signed_rank): the interval by ranks then decides as usual.
Comparison compare(const Series &base, const Series &next, const ComparisonOptions &o);

// The looks of a sequential comparison (steady ab): at min_forks (at least
// `least`: 2, as a comparison of times needs a spread; 1 for exact counts),
// twice, four times as many ... forks per version, and at max_forks.
// Each look tests at alpha / (number of looks), so that looking repeatedly
// keeps the false-positive rate at alpha (Bonferroni).
std::vector<int> look_schedule(int min_forks, int max_forks, int least = 2);

} // namespace steady::stats
