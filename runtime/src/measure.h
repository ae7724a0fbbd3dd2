// One fork's measurement, in the process that runs it: batch calibration,
// warmup iterations, measurement iterations.
#pragma once

#include <atomic>
#include <functional>

#include "counters.h"
#include "lockstep.h"
#include "preemption.h"
#include "steady/registry.h"
#include "steady/results.h"
#include "steady/stopping.h"
#include "timer.h"
#include "valgrind.h"

namespace steady {

struct ForkPlan {
  const Benchmark *bench;
  const RunConfig *config;
  const TimerInfo *timer;
  Counters *counters;           // opened and enabled by the caller
  Fixture *state;               // the trial's fixture, set up by measure_fork; null for plain benchmarks
  const PreemptionProbe *probe; // opened by the caller
  // When set (an interrupt, in --no-fork runs), no further iteration starts.
  const std::atomic<bool> *stop = nullptr;
  // --instrument=valgrind: the fork runs under callgrind, and iterations
  // count the payload's instructions (Iteration::simulated).
  Callgrind *callgrind = nullptr;
  // The batch size an earlier fork of the benchmark decided (batch_handoff.h):
  // run as it is, without calibrating (0: calibrate).
  std::uint64_t handed_batch = 0;
  // steady ab's lockstep (lockstep.h): the fixture's setup and the batch
  // calibration are one turn, each iteration another. Null: alone.
  Lockstep *lockstep = nullptr;
};

// At most this many weighted batch samples are kept per iteration.
inline constexpr std::size_t kMaxBatchSamples = 1000;

// A batch size is accepted when the fastest of this many batches reaches the
// target time.
inline constexpr int kCalibrationRepeats = 3;

// A self-timed benchmark's untimed set-up around its loop (Google Benchmark's
// code before and after `for (auto _ : state)`) runs once per batch, where
// Google Benchmark runs it a few times in all: batches are made long enough
// that it takes at most this share of a batch's wall time, unless that would
// make the batch's loop longer than an iteration (setup_batch_ticks).
inline constexpr double kMaxSetupShare = 0.1;

// Preempted batches are run again; an iteration that has no clean batch by
// the end of its time goes on for up to kPreemptionBound times its time (and
// at most kMaxDiscarded batches), then keeps its preempted batches, flagged.
// It tries at least kMinPreempted batches first: one batch descheduled for
// longer than the bound (47 ms for a 2 ms iteration at a load average of 15)
// says nothing about the next, and kept it made one fork read 7194 ns where
// the others read 52 ns, which no comparison of forks survives.
inline constexpr double kPreemptionBound = 10;
inline constexpr int kMaxDiscarded = 10000;
inline constexpr int kMinPreempted = 3;

// The time one batch should take: >= 1000x the timer's resolution and 100x
// its overhead, >= 50x the cost of a preemption reading (`probe_read_ns`, paid
// per batch: at most 2 % of an iteration's time and of its counts), and
// about 1/1000 of an iteration.
double target_batch_ticks(const RunConfig &cfg, const TimerInfo &t, double probe_read_ns = 0);

// The loop time a self-timed benchmark's batch needs, with `setup_ticks` of
// set-up per batch: the target, grown until the set-up is kMaxSetupShare of
// the batch's wall time, but never beyond `iteration_ticks`. Past that an
// iteration is one batch, one set-up whatever its size, and a longer batch
// only lengthens every iteration: snappy's BM_ZFlatAll (19 ms loop per op,
// 20 ms set-up) went from 44 ops per batch (0.8 s per warmup iteration) to
// one, the set-up then half of its wall time.
double setup_batch_ticks(double target_ticks, double setup_ticks, double iteration_ticks);

// A self-timed benchmark's loop pays a cost per batch beyond its ops: its
// first ops after the set-up it runs before the loop (docs/google-benchmark.md,
// "Batches"). Batches grow until that cost is at most this share of a batch's
// timed ticks, measured per benchmark at run time from two batch sizes
// (kBatchCostFactor apart, the median of kBatchCostRepeats batches each;
// refitted at each larger size, kBatchCostRounds times at most), but their
// loop not beyond kMaxBatchCostIterations iterations' time: a longer batch is
// preempted more often on a busy machine, and every warmup iteration lasts it.
inline constexpr double kMaxBatchCostShare = 0.01;
inline constexpr std::uint64_t kBatchCostFactor = 4;
inline constexpr double kMaxBatchCostIterations = 2;
inline constexpr int kBatchCostRounds = 4;
// The fit runs once per benchmark (runtime/src/batch_handoff.h), so it takes
// 15 batches per size where each fork took 5: over 5 independent decisions per
// snappy row, 9 of 57 rows' sizes spanned more than 2x (13 with 5 batches);
// where they still differ the fitted cost is near the noise (0-2 % of a batch)
// and the ns/op show no trend with the size (BM_UFlat/4 at 522-1111 ops:
// 3949-3976 ns).
inline constexpr int kBatchCostRepeats = 15;

// A batch's timed ticks as a line in its size n: per_op * n + per_batch,
// through (n1, t1) and (n2, t2), n2 > n1. A negative per_batch (noise) reads
// as none; when t2 does not exceed t1 (a preempted or cold first size), the
// sizes tell nothing: per_op is t2's, per_batch none.
struct BatchCost {
  double per_op = 0, per_batch = 0;
  // per_batch's share of a batch of n ops' timed ticks.
  double share(std::uint64_t n) const;
};
BatchCost fit_batch_cost(std::uint64_t n1, double t1, std::uint64_t n2, double t2);

// The batch size, at least n, at which cost.per_batch is at most
// kMaxBatchCostShare of the batch's timed ticks, but whose loop takes at most
// max_ticks (n when n's already does).
std::uint64_t batch_for_cost(std::uint64_t n, const BatchCost &cost, double max_ticks);

// Halves the number of batch samples by merging neighbours (weights add up,
// the weighted mean is kept).
void thin(std::vector<BatchSample> &samples);

// The configuration a fork of `b` measures with: the run's, in single-shot
// mode for a single-shot benchmark, with its fixed warmup and measured runs
// when it has them (a static configuration within the fork: no warmup
// criterion over a handful of single shots; the forks still stop as the
// run's --stop says).
RunConfig fork_config(const Benchmark &b, const RunConfig &cfg);

struct WarmupOutcome {
  bool stable = true; // static warmup counts as stable
  std::vector<std::pair<std::string, double>> last;
  bool stopped = false; // plan.stop was raised: the fork ended early
  // The first invocation after setup, timed alone (not in ss mode); 0 if not.
  double first_invocation_ticks = 0;
};

// With --stop, whether the warmup may end after an iteration just reported
// (WarmupStop::stop_after on its samples), and the criterion's latest values
// (empty when another process keeps them).
struct WarmupJudge {
  std::function<bool(const Iteration &)> stop_after;
  std::function<std::vector<std::pair<std::string, double>>()> last;
};

// The judge that runs the checkpoints in this process, on the measuring core.
WarmupJudge judge_in_place(const RunConfig &cfg);

// Creates and sets up the trial's fixture, calibrates the batch size and
// reports it, runs the warmup iterations (a fixed number, or with --stop until
// `judge` says stable; none given: judge_in_place), then the measurement
// iterations, reporting each as soon as it is measured, and tears the fixture
// down.
WarmupOutcome measure_fork(ForkPlan plan, const std::function<void(std::uint64_t batch_size)> &on_batch_size,
                           const std::function<void(const Iteration &)> &on_iteration,
                           const WarmupJudge *judge = nullptr);

} // namespace steady
