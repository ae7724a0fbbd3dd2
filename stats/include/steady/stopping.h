// Dynamic reconfiguration (Laaber et al., Algorithm 1): stop the
// warmup of a fork once its measurements are stable, and stop adding forks
// once the benchmark's measurements are.
//
// The criterion is computed from the weighted batch samples over unions of
// iterations: for the warmup (Eq. 1) the vector holds, for each iteration x of
// the sliding window i'' - sW .. i'', the value over the window's iterations
// up to x (so the early, slow iterations leave it); for forks (Eq. 2), for
// each fork x, the value over all forks up to x. kld compares a union with the
// one before it, so it has one value fewer: sW in a full warmup window.
//   cv    weighted coefficient of variation
//   rciw  relative width of the 99 % CI of the mean: a hierarchical bootstrap
//         over forks and iterations whose innermost level (an iteration's
//         batch samples) is drawn from its CLT sampling distribution
//         (stats::bootstrap_mean_clt), not the t interval the summary prints
//   kld   He et al.'s probability that the distribution without the newest
//         iteration (fork) equals the one with it
// stable_var (cv, rciw): max - min of the window's values <= threshold;
// stable_prob (kld): their mean > threshold. "rciw+kld" needs both.
//
// A checkpoint costs what it adds to the run (Laaber et al. measured up to
// 11 %), so each iteration is summarized once — moments for cv, the bootstrap's
// innermost level for rciw, its sorted values for kld — and every window or
// union that contains it combines the summaries.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "steady/stats.h"

namespace steady {

// "precision" (the default, issue 26) stops forks on the precision of the
// interval the summary prints (PrecisionStop) and warmups with rciw; cv, rciw
// and kld are Laaber et al.'s criteria, for warmups and forks alike.
struct StopPolicy {
  bool cv = false, rciw = false, kld = false; // none set: static configuration
  bool precision = false;                     // forks: PrecisionStop; warmup: rciw (set with it)
  double cv_threshold = 0.01, rciw_threshold = 0.03, kld_threshold = 0.99;
  double precision_target = 0.02; // relative half-width of the 99 % interval over fork means
  int window = 5;
  int resamples = 1000;
  std::uint64_t seed = 0;

  bool dynamic() const { return cv || rciw || kld; }
  std::string name() const; // "precision", "rciw", "rciw+kld", "none"
  static bool parse(const std::string &spec, StopPolicy &out);
};

// The stability values of successive checkpoints and the decision.
class Stability {
public:
  explicit Stability(const StopPolicy &p) : policy_(p) {}

  // After a warmup iteration: the window's values over `iterations` (one
  // fork). Successive calls pass the same fork, grown by new iterations.
  void checkpoint_warmup(const stats::ForkSamples &iterations);
  // After a fork: appends the value over all `forks` so far. Successive calls
  // pass the same forks, grown by new forks.
  void checkpoint_forks(const std::vector<stats::ForkSamples> &forks);
  // After checkpoint_warmup: a full window (sW + 1 iterations) is stable.
  // After checkpoint_forks: the forks so far (at least 2) are stable.
  bool stable() const;
  // The latest value of each active criterion, for reports: {"rciw": 0.012, ...}.
  std::vector<std::pair<std::string, double>> last() const;

private:
  // What the active criteria need of one iteration.
  struct IterationCriteria {
    stats::Moments moments;        // cv
    stats::IterationSummary clt{}; // rciw
    std::vector<double> sorted;    // kld
  };
  IterationCriteria criteria_of(const stats::IterationSamples &it) const;
  // Appends the criteria over one union of iterations: its moments, its
  // summaries by fork, and its sorted values against those of the union
  // without the newest iteration or fork (`before`; null: no kld value).
  void append(const stats::Moments &moments, std::span<const stats::ForkSummary> clt, const std::vector<double> *before,
              const std::vector<double> &now, bool with_rciw = true);
  double rciw_of(std::span<const stats::ForkSummary> clt, std::uint64_t checkpoint) const;
  // A warmup checkpoint's rciw values over the unions of `window`'s first
  // iterations (seeds from `base`).
  void warmup_rciw(const stats::ForkSummary &window, std::uint64_t base);

  const StopPolicy policy_;
  std::vector<IterationCriteria> warmup_;        // this fork's warmup iterations so far
  std::vector<stats::ForkSummary> forks_;        // the forks so far, for rciw
  stats::Moments forks_moments_;                 // their union, for cv
  std::vector<double> forks_before_, forks_now_; // the union without and with the newest fork, for kld
  std::vector<double> cv_, rciw_, kld_;
  // Values cv and rciw need for a decision (kld: one fewer); none before the
  // first checkpoint.
  std::size_t unions_needed_ = std::numeric_limits<std::size_t>::max();
  std::uint64_t checkpoints_ = 0;
};

// Algorithm 1's stop rule, written once: the runner's warmup loop
// (measure.cpp), the fork loop (ForkLoop, model/include/steady/fork_loop.h:
// the runner's, steady slurm's and steady evaluate's) and evaluate's warmup
// replay ask these, so that the replay decides exactly as the runner did.
// These own the checkpoints and the lower bounds (min_warmup, min_forks); the
// warmup loop owns max_warmup, ForkLoop the fork maximum, the budget and the
// words of the stop reason.

// Lines 6-9: the warmup of one fork.
class WarmupStop {
public:
  WarmupStop(const StopPolicy &p, int min_warmup) : stability_(p), min_warmup_(min_warmup) {}
  // After each warmup iteration, its batch samples: whether the warmup may end
  // here (from min_warmup on, once the window is stable).
  bool stop_after(stats::IterationSamples iteration);
  std::vector<std::pair<std::string, double>> last() const { return stability_.last(); }

private:
  Stability stability_;
  stats::ForkSamples iterations_;
  int min_warmup_;
};

// Line 14: the forks of one benchmark.
class ForkStop {
public:
  ForkStop(const StopPolicy &p, int min_forks) : stability_(p), min_forks_(min_forks) {}
  // After each measurement fork, its measurement iterations: whether no more
  // forks are needed (from min_forks on, once the forks are stable).
  bool stop_after(stats::ForkSamples fork);
  const std::vector<stats::ForkSamples> &forks() const { return forks_; }
  std::vector<std::pair<std::string, double>> last() const { return stability_.last(); }

private:
  Stability stability_;
  std::vector<stats::ForkSamples> forks_;
  int min_forks_;
};

// The default fork stop (issue 26): the precision of the interval the summary
// prints, Student's t over the fork means at 99 % (model/src/summary.cpp).
// From min_forks on, the forks stop once its half-width is within `target` of
// their mean, so that the stop reason and the printed interval agree.
// Stopping on a narrow interval is optional stopping: it favours moments when
// the forks happen to agree, and the interval printed at the stop covers less
// than its nominal 99 %; the minimum of forks keeps that at >= 98 %
// (scripts/interval-coverage, test/unit/stopping_test.cpp). No fork is ever
// dropped.
//
//
// Under --layout=random (issue 27) each fork runs at one code offset, and the
// result the user gets is the layout interval (model/src/summary.cpp): the
// span of the offsets' intervals. With forks at two offsets or more the stop
// judges that interval against the target (layout_precision()):
//  - offsets that agree (no difference beyond fork noise, stats::means_differ,
//    the layout-sensitive note's rule): the layout interval itself within
//    the target of the mean, as a pinned row's interval is. Until 2026-11-27
//    an agreement rule stopped on the mean's interval with every offset's
//    within the target beyond it: layout intervals up to twice the target
//    wide (5.8 % against pinned's 3.6 % at +-2 %, issue 27 session 41);
//  - offsets that differ (a layout-sensitive loop: the interval is wide by
//    the layout, which no fork narrows): each offset's interval (pooled
//    within-offset variance, as Summary::layout_offsets) within the target,
//    so both ends of the layout interval are as precise as a pinned run.
// Costs in forks against pinned: docs/layout.md (ForkLoop.DISABLED_LayoutStopTable).
class PrecisionStop {
public:
  PrecisionStop(double target, int min_forks) : target_(target), min_forks_(min_forks) {}
  // After each measurement fork, its mean (ticks or instructions per op) and
  // its code offset under --layout=random (-1: none recorded).
  bool stop_after(double fork_mean, int code = -1);
  // The relative half-width the stop judges over the forks so far: the
  // layout's with forks at two code offsets or more, else the mean's
  // interval's (infinity before 2 forks, 0 when every fork mean is 0).
  double half_width() const;
  bool reached() const { return int(means_.size()) >= min_forks_ && half_width() <= target_; }
  int forks() const { return int(means_.size()); }
  // The code offsets the forks ran at (0 or 1: not --layout=random).
  int offsets() const;

  // The layout's precision (layout_precision of the forks so far).
  struct Layout {
    double half_width = std::numeric_limits<double>::infinity();
    bool agree = false; // the offsets do not differ: half_width is the layout interval's
  };
  Layout layout() const;
  // The mean's interval's relative half-width, whatever the offsets.
  double mean_half_width() const;

private:
  std::vector<double> means_;
  std::vector<int> codes_; // parallel to means_
  double target_;
  int min_forks_;
};

// The precision random mode's stop judges, of fork means grouped by code
// offset, relative to `mean` (all forks'): with the offsets shown to differ,
// the largest relative half-width of their 99 % intervals; else (agree) the
// layout interval's half-width, (highest end - lowest end) / 2 / mean.
// Infinity with fewer than two offsets or no offset of two forks.
PrecisionStop::Layout layout_precision(const std::vector<std::vector<double>> &by_offset, double mean);

// Forks whose warmup reached --max-warmup without settling (issue 26): does
// the row's mean still hold? A fork still warming up measures something else
// than the forks that settled, so its mean stands apart from theirs; a fork
// whose warmup was only noisy (a busy machine: 2 ms iterations 5-10 % apart)
// does not. Measured on the examples at load averages 6-12 (4 runs, 192 rows):
// 73 rows had such a fork, and the two-sample t-test's p-values of those
// forks' means against the settled forks' were about uniform (3 of 63 below
// 1 %, 6 below 5 %), so that "any such fork makes the row UNSTABLE" flagged 38 %
// of rows for noise. The decision: the pooled two-sample t-test of the fork
// means (one_way_anova of two groups) at `alpha`; with fewer than two
// settled forks there is nothing to test against and they count as differing.
// No fork is dropped either way: the interval stays over all of them.
struct UnsettledForks {
  bool tested = false; // two settled forks or more, one unsettled or more
  bool differ = false; // p < alpha, or not testable
  double p_value = NAN;
  double shift = NAN; // mean(unsettled) / mean(settled) - 1
};
UnsettledForks unsettled_forks(std::span<const double> settled, std::span<const double> unsettled, double alpha = 0.01);

} // namespace steady
