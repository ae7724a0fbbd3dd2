// Steady-state analysis of benchmark forks (the analyze stage of docs/architecture.md).
//
// The pipeline follows the thesis (§2.4) and the study it replicates (Traini et
// al. 2022, after Barrett et al. 2017), whose reference is R's `changepoint`
// package: for each fork's time series (one value per iteration)
//
//   1. outlier filter over sliding windows of 200 points: a point is an outlier
//      if it lies outside median ± 3·(p99 − p1) of any window containing it;
//      outliers are removed for segmentation only;
//   2. PELT changepoint detection with the Normal mean-and-variance cost, the
//      penalty chosen by CROPS over a penalty range and the Kneedle elbow of the
//      curve "number of changepoints against penalty" (fallback 15·log n);
//   3. classification: the fork is steady when its last K points lie in
//      segments whose means are within 5 % of the final segment's mean.
//
// Index conventions: every index is 0-based into the series given. A changepoint
// is the index of the *last* point of its segment (R's `cpts()` minus one); the
// final segment has no changepoint. Segments are half-open [begin, end).
//
// Everything here is deterministic, single-threaded and allocation-light; the
// functions throw std::invalid_argument on invalid input (NaN/inf values,
// mismatched lengths, empty series, bad options).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace steady::stats {

// ---------------------------------------------------------------------------
// Segment cost

// How the cumulative sums behind the segment cost are kept.
enum class SumPrecision {
  // r_compatible where that is accurate, extended where it is not (see
  // NormalMeanVarCost). The default.
  automatic,
  // long double sums and long double arithmetic up to σ²: 11 more bits than
  // R's doubles (on x86-64), so that a large offset (1e6 + noise) cancels far
  // less of the variance of short segments.
  extended,
  // Bit for bit what R does: cumsum() accumulates in long double but stores
  // doubles, x² is squared in double, and the cost's arithmetic is double.
  // This matters beyond the last digits: CROPS evaluates PELT exactly at the
  // penalties where two segmentations tie, so there rounding decides which one
  // PELT returns, which penalty R reports for it and which segmentations CROPS
  // goes on to find, and so where the Kneedle elbow lands.
  r_compatible,
};

// Normal mean-and-variance cost of a segment, as R changepoint's `mll_meanvar`
// (cost "meanvar.norm"): m·(log 2π + log σ² + 1), σ² the MLE variance of the m
// points computed from cumulative sums of x and x². As in R, a σ² that comes
// out <= 0 is replaced by 1e-11 (a positive σ², however small, is kept: the
// cost is then scale-invariant up to a constant, whatever unit x is in).
//
// SumPrecision::automatic picks r_compatible unless R's double sums would blur
// the variance of short segments: with s the median absolute difference of
// consecutive points (the noise) and S2 the sum of x², double sums carry an
// error of about S2·2^-53, so extended is used when S2·2^-53 > 1e-6·s² (or
// s = 0). For 3000 points of mean 100 and noise 1 the ratio is 3e-9 (R's
// arithmetic, R's answers); for 1e6 + N(0, 1) it is 0.03 (extended).
class NormalMeanVarCost {
public:
  static constexpr double kVarianceFloor = 1e-11;

  explicit NormalMeanVarCost(std::span<const double> x, SumPrecision precision = SumPrecision::automatic);

  // Cost of x[begin, end); requires begin < end <= size().
  double operator()(std::size_t begin, std::size_t end) const noexcept;

  std::size_t size() const noexcept { return n_; }
  // extended or r_compatible (automatic resolved).
  SumPrecision precision() const noexcept { return precision_; }

  // Internals for PELT's inner loop.
  const std::vector<long double> &extended_sums() const noexcept { return e1_; }
  const std::vector<long double> &extended_square_sums() const noexcept { return e2_; }
  const std::vector<double> &double_sums() const noexcept { return d1_; }
  const std::vector<double> &double_square_sums() const noexcept { return d2_; }

private:
  std::size_t n_ = 0;
  SumPrecision precision_;
  std::vector<long double> e1_, e2_; // extended: e[i] = sum of the first i values (squares)
  std::vector<double> d1_, d2_;      // r_compatible
};

struct Segmentation {
  double penalty = 0;                    // penalty it was computed with
  std::vector<std::size_t> changepoints; // ascending; last index of each segment but the final one
  double cost = 0;                       // unpenalised: sum of the segment costs

  std::size_t segments() const noexcept { return changepoints.size() + 1; }
};

// ---------------------------------------------------------------------------
// PELT (Killick, Fearnhead & Eckley 2012) as coded in R changepoint's
// PELT_one_func_minseglen.c: candidates in order, cost F[c] + C(c, t) + pen,
// ties to the earliest candidate; a candidate is kept while that is
// <= F[t] + pen; the new candidate t − (minseglen − 1) is added after pruning.
// Like R it is not always the exact optimum (the pruning assumes a property the
// cost with a minimum segment length does not always have), mostly at low
// penalties. A series shorter than 2·min_segment_length has no changepoint.
// R raises min_segment_length to 2 for this cost; 1 is accepted here but every
// one-point segment then has σ² = 1e-11.
Segmentation pelt(std::span<const double> x, double penalty, std::size_t min_segment_length = 2);
Segmentation pelt(const NormalMeanVarCost &cost, double penalty, std::size_t min_segment_length = 2);

// ---------------------------------------------------------------------------
// CROPS (Haynes, Eckley & Fearnhead 2017) as coded in R changepoint's
// range_of_penalties.R (cpt.meanvar(..., method = "PELT", penalty = "CROPS")):
// PELT at both ends of [min_penalty, max_penalty], then repeatedly at the
// intersection (Q_j − Q_i)/(m_i − m_j) of the cost lines of neighbouring
// penalties whose numbers of segments differ by more than one (skipped when it
// equals an evaluated penalty within all.equal's relative 1.5e-8), keeping, per
// distinct number of changepoints, the smallest penalty that produced it.
struct CropsSegmentation {
  double penalty = 0;        // R cpt.out["pen_values", ]: the penalty PELT was run with
  double interval_start = 0; // R cpt.out["beta_interval", ], pen.value.full in changepoint <= 2.2.4
  std::size_t num_changepoints = 0;
  double cost = 0; // unpenalised
  std::vector<std::size_t> changepoints;
};

struct CropsResult {
  // Ascending penalty, hence descending number of changepoints.
  std::vector<CropsSegmentation> segmentations;
  std::size_t pelt_runs = 0;
  // Every PELT run in the order it was made (ascending penalty within a round).
  std::vector<Segmentation> runs;
};

CropsResult crops(std::span<const double> x, double min_penalty, double max_penalty,
                  std::size_t min_segment_length = 2);
CropsResult crops(const NormalMeanVarCost &cost, double min_penalty, double max_penalty,
                  std::size_t min_segment_length = 2);

// ---------------------------------------------------------------------------
// Kneedle (Satopää et al. 2011) as implemented by the Python package `kneed`
// (KneeLocator, offline mode, interp1d) that the study called: normalise both
// axes to [0, 1], transform the curve to concave increasing, take the
// difference curve y − x, find its local maxima (>= both neighbours, ends
// compared with their single neighbour), threshold each at
// max − S·|mean Δx|, and return the first maximum after which the difference
// curve falls below its threshold (a local minimum in between resets the
// threshold to 0). The points are used in the order given (kneed does not sort
// them); like kneed, the scan stops at the point whose normalised x is 1, and
// reaching the end of the curve without a knee (where kneed raises IndexError)
// gives no knee. Returns the index of the knee in x.
enum class CurveShape { concave, convex };
enum class CurveDirection { increasing, decreasing };

std::optional<std::size_t> kneedle(std::span<const double> x, std::span<const double> y, CurveShape shape,
                                   CurveDirection direction, double sensitivity = 1.0);

// ---------------------------------------------------------------------------
// Penalty choice: CROPS, then the Kneedle elbow of (start of the penalty
// interval, number of changepoints), a convex decreasing curve, as in the
// study's code. At an elbow the penalty is that interval start and the
// segmentation CROPS's at the knee; otherwise PELT's at the penalty.
enum class PenaltyRange {
  thesis,     // [4, 1e5] (thesis §2.4)
  log_scaled, // [4·log n, 1e5·log n] (the study's code)
};

// The study passed kneed the CROPS penalties in descending order (R returns
// them ascending; the study reversed both axes). kneed scans in the order
// given, so with several candidate elbows it takes the one at the highest
// penalty, and stops at once when the first local maximum is the very first
// point. ascending_penalty is the textbook orientation.
enum class KneedleOrder { descending_penalty, ascending_penalty };

struct PenaltyOptions {
  PenaltyRange range = PenaltyRange::thesis;
  KneedleOrder order = KneedleOrder::descending_penalty;
  double sensitivity = 1.0;        // Kneedle S
  double fallback_log_factor = 15; // fallback penalty = factor · log n
  std::size_t min_segment_length = 2;
  SumPrecision precision = SumPrecision::automatic;
};

enum class PenaltySource {
  elbow,               // Kneedle found an elbow
  single_segmentation, // CROPS found only one segmentation: its (lowest) penalty
  fallback,            // no elbow: fallback_log_factor · log n
};

struct PenaltyChoice {
  double penalty = 0;
  PenaltySource source = PenaltySource::fallback;
  SumPrecision precision = SumPrecision::r_compatible; // as resolved
  CropsResult crops;
  Segmentation segmentation; // the knee's CROPS segmentation, or PELT at `penalty`
};

PenaltyChoice segment(std::span<const double> x, const PenaltyOptions &options = {});

// ---------------------------------------------------------------------------
// Outlier filter (the study's filter_outliers.py).
struct OutlierOptions {
  std::size_t window = 200;
  double width = 3; // outlier outside median ± width·(p_high − p_low)
  double low_quantile = 0.01;
  double high_quantile = 0.99;
  // The first `skip` points are never outliers and are in no window (the
  // study skipped a JMH-specific number of early points; 0 here).
  std::size_t skip = 0;
};

// Ascending indices of the outliers. Windows slide by one point; quantiles
// interpolate linearly between order statistics (numpy's default); a series
// shorter than the window is one window.
std::vector<std::size_t> find_outliers(std::span<const double> x, const OutlierOptions &options = {});

// ---------------------------------------------------------------------------
// Fork classification.
struct SteadyStateOptions {
  OutlierOptions outliers{};
  bool filter_outliers = true;
  PenaltyOptions penalty{};
  // K: the last K points must lie in segments similar to the final one;
  // 0 means n / 6 (500 of 3000 in the thesis).
  std::size_t last_points = 0;
  // Segments are similar when |mean − final mean| <= tolerance·|final mean|.
  double tolerance = 0.05;
};

struct Segment {
  std::size_t begin = 0, end = 0; // [begin, end) in the original series
  double mean = 0;                // over the original values, outliers included
};

struct ForkSteadyState {
  bool steady = false;
  // Iteration at which the steady state starts (first point of the first
  // segment of the final run of similar segments); set when steady.
  std::optional<std::size_t> steady_iteration;
  // elapsed[steady_iteration − 1] (0 when it starts at iteration 0): the time
  // into the fork when the steady state began; set when steady and elapsed
  // times were given.
  std::optional<double> steady_time;
  // First point of the final run of similar segments, steady or not.
  std::size_t final_run_start = 0;
  std::size_t last_points = 0; // K used

  std::vector<std::size_t> changepoints; // in original indices
  std::vector<Segment> segments;
  std::vector<std::size_t> outliers;
  double penalty = 0;
  PenaltySource penalty_source = PenaltySource::fallback;
  std::size_t crops_segmentations = 0;
};

// values: one value per iteration (e.g. ns/op); elapsed: empty, or for each
// iteration the time since the fork started when it ended (any unit; only
// copied into steady_time).
ForkSteadyState analyze_fork(std::span<const double> values, std::span<const double> elapsed = {},
                             const SteadyStateOptions &options = {});

// The classification step alone, for given changepoints (original indices,
// ascending, each < values.size() − 1); outliers/penalty fields left empty.
ForkSteadyState classify_fork(std::span<const double> values, std::span<const double> elapsed,
                              std::span<const std::size_t> changepoints, const SteadyStateOptions &options = {});

// ---------------------------------------------------------------------------
// Benchmark classification (Traini et al.): stable when every fork is steady,
// unstable when none is, mixed otherwise.
enum class BenchmarkStability { stable, unstable, mixed };

std::string_view to_string(BenchmarkStability stability) noexcept;
std::string_view to_string(PenaltySource source) noexcept;

struct BenchmarkSteadyState {
  BenchmarkStability stability = BenchmarkStability::unstable;
  std::size_t steady_forks = 0;
  std::size_t forks = 0;
  // Largest steady_iteration over the steady forks: warmup iterations that
  // would have covered every steady fork's warmup (none when no fork is
  // steady).
  std::optional<std::size_t> recommended_warmup_iterations;
};

// Throws std::invalid_argument when there is no fork.
BenchmarkSteadyState classify_benchmark(std::span<const ForkSteadyState> forks);

} // namespace steady::stats
