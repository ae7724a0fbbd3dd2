// The decision of a comparison of two versions' measurements, shared by
// `steady compare` (two result files) and `steady ab` (two binaries run
// interleaved): numbers in, a typed verdict out. Reading the inputs,
// rendering and gating are the driver's.
#pragma once

#include <optional>
#include <vector>

#include "steady/stats.h"

namespace steady::stats {

// One benchmark's measurement forks (failed and warmup forks left out).
struct Series {
  std::vector<ForkSamples> forks; // ns/op batch samples
  std::vector<double> iteration_means;
  std::vector<std::vector<double>> fork_means; // iteration_means, fork by fork
  std::vector<int> fork_rounds;                // steady ab's round of each fork; -1: not from ab
  int iterations_per_fork = 1;
  // The runner flagged it: indistinguishable from the empty loop, so a
  // ratio of two such numbers means nothing.
  bool measures_nothing = false;
};

// The given forks, each cut to its first `iterations` iterations.
Series pick(const Series &s, const std::vector<std::size_t> &forks, int iterations);

// `forks` forks drawn without replacement, each cut to its first
// `iterations` iterations (Peass, section III-A: "randomly sample v VMs and
// select the first i iterations").
template <class Rng> Series subsample(const Series &s, int forks, int iterations, Rng &rng);

struct ComparisonOptions {
  double alpha = 0.01, equivalence = 0.01; // fractions
  int resamples = 10000;
};

// measures_nothing: no verdict, one version (or both) is not a measurement of its payload.
enum class Verdict { slower, faster, same, undecided, measures_nothing };

// Of an undecided comparison: the relative change the current iteration
// means can detect (power 0.8), and about how many more forks per version
// would detect the equivalence margin.
struct Power {
  double detectable = 0;
  int more_forks = 0;
};

struct Comparison {
  Verdict verdict = Verdict::undecided;
  Interval ratio{}; // of means, NEW / BASE
  double welch_p = 0, mwu_p = 0, cohens_d = 0, cliffs_delta = 0;
  bool overlap = false; // the two versions' CIs overlap
  // Undecided with at least two iteration means per version.
  std::optional<Power> power;
  bool base_measures_nothing = false, next_measures_nothing = false;
  bool decided() const { return verdict != Verdict::undecided; }
};

// The ratio of means NEW/BASE with its (1 - alpha) hierarchical-bootstrap CI,
// Welch's t-test and Mann-Whitney U over iteration means, whether the two CIs
// overlap, Cohen's d and Cliff's delta, and the verdict: slower / faster (the
// ratio CI excludes 1), same (the CI lies within +-equivalence), or
// undecided, with its power numbers (z_{1-beta} = gamma sqrt(n/2) -
// z_{1-alpha/2}, power 0.8); measures_nothing, with no numbers, when either
// series measures nothing.
Comparison compare(const Series &base, const Series &next, const ComparisonOptions &o);

// The looks of a sequential comparison (steady ab): at min_forks (at least
// 2), twice, four times as many ... forks per version, and at max_forks.
// Each look tests at alpha / (number of looks), so that looking repeatedly
// keeps the false-positive rate at alpha (Bonferroni).
std::vector<int> look_schedule(int min_forks, int max_forks);

} // namespace steady::stats
