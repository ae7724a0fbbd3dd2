// Whether a benchmark's fork means form separate groups (or hold one far
// fork), rather than scatter around one value: the forks disagree, and their
// mean describes none of them.
//
// The test is Engelman & Hartigan's (1969, "Percentage points of a test for
// clusters", JASA 64:1647): split the sorted values in two where the ratio of
// the between-groups to the within-groups sum of squares is largest (Fisher
// 1958: an optimal split of values on a line is contiguous); that ratio is the
// likelihood-ratio statistic for two normal groups with a common variance
// against one normal sample, and its null percentage points depend only on n
// (computed here by simulation). Where two groups are not significant, the
// same statistic for the best split in three (its own percentage points) is
// tried: three groups of similar size inflate the spread within the best two.
// The parts of a significant split are tested again. It runs on the log
// of the means: times are positive and their spread multiplicative (a fork
// twice as slow is as far above as one half as fast is below).
//
// A statistically clear split is flagged only when it also matters: the forks
// on either side of the gap must differ by more than their own within-fork
// standard errors say they could (so noise inside forks never makes groups),
// and the groups' centers by at least `min_separation` (so a layout effect of
// a fraction of a percent is not called a disagreement).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace steady::stats {

// A fork's mean (of its measurement iterations) and the standard error of that
// mean from within the fork (0 when unknown: one iteration, or exact counts).
struct ForkMean {
  double mean = 0, se = 0;
};

// A fork's ForkMean from its iteration means: their mean, and its standard
// error from their spread (0 with one iteration).
ForkMean fork_mean_and_se(std::span<const double> iteration_means);

struct GroupRule {
  double alpha = 0.01;          // per split tested
  double min_separation = 0.05; // adjacent groups' centers differ by this share of the lower
  double gap_in_se = 3.29;      // the gap exceeds this many standard errors of the two forks beside it (0.1 %)
  std::size_t min_forks = 3;    // fewer forks cannot tell a group from a far fork
};

// The forks in groups, as indices into `forks`, ascending by mean within and
// across groups: one group when the forks agree (or are too few, or a mean is
// not positive and finite).
std::vector<std::vector<std::size_t>> fork_groups(std::span<const ForkMean> forks, const GroupRule &rule = {});

// Engelman & Hartigan's statistic of values sorted ascending, for 2 or 3
// groups: over the contiguous partitions into that many groups, the largest
// between / within sum of squares (infinite when the best leaves no spread
// within its groups); `cuts` are where its upper groups begin.
double clusters_statistic(std::span<const double> sorted, std::size_t groups, std::vector<std::size_t> &cuts);

// The statistic's upper `alpha` point for `n` values of one normal sample, by
// simulation with a fixed seed (the same on every platform): at alpha 0.01
// and n <= kTabulatedClustersN from a table of that simulation's results
// (stats/src/clusters_critical_table.h: a runner met up to ~50 new n per run
// at ~25 ms each, a second of a 16 s suite), else simulated once per
// (n, groups, alpha).
double clusters_critical(std::size_t n, std::size_t groups, double alpha);
// The simulation itself (20000 draws), uncached: what the table holds.
double clusters_critical_simulated(std::size_t n, std::size_t groups, double alpha);
inline constexpr std::size_t kTabulatedClustersN = 64;

} // namespace steady::stats
