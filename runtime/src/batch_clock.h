// The clock of a benchmark that times its own batches (Benchmark::self_timed:
// a Google Benchmark function, whose loop is the timed region and whose code
// before and after it is untimed set-up). The benchmark's State starts,
// pauses, resumes and stops it; the runner reads what the last batch timed
// (measure.cpp). Under --instrument=valgrind it also switches callgrind's
// collection, so that only the loop's instructions are counted; with
// --counters it reads them around the loop, so that the set-up is not counted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "counters.h"
#include "steady/results.h"

namespace steady {

struct BatchClock {
  // Set by the runner for the fork.
  bool self_timed = false;            // the fork's benchmark times its batches on this clock
  bool collect = false;               // under callgrind: collection follows the clock
  const Counters *counters = nullptr; // read around the loop when set
  double ticks_per_ns = 1;
  // The last batch: its timed ticks (loop less pauses), and the manual time
  // it reported instead (UseManualTime), < 0 when none.
  std::uint64_t timed = 0;
  double manual_ns = -1;
  // What `counters` counted in the last batch's loop, less its pauses.
  CounterDelta counted;
  // The loop's span, from its start to its end, pauses included: the batch's
  // wall time less this is its set-up.
  std::uint64_t span() const { return first_start_ && last_stop_ > first_start_ ? last_stop_ - first_start_ : 0; }
  // What the last batch set on its State, as the adapter read it
  // (runtime/src/gbench.cpp).
  struct Counter {
    std::string name;
    double value;
    int flags; // Google Benchmark's Counter::Flags
  };
  struct Batch {
    std::vector<Counter> counters;
    double iterations = 0, seconds = 0;
    std::string label;
    double complexity_n = 0, items = 0, bytes = 0;
  };
  std::optional<Batch> last;
  // The last batch counts towards the fork's report: a measurement batch
  // that was not preempted (measure.cpp).
  void keep();
  // The set-up's ticks per batch, as the batch calibration measured them.
  double setup_ticks = 0;
  // The loop's per-batch cost, its share at the size used, and the size the
  // set-up alone asked for (measure.cpp, size_for_cost); 0: not measured.
  double cost_ticks = 0, cost_share = 0;
  std::uint64_t sized_for_setup = 0;

  void start();
  void pause();
  void resume();
  void stop();
  // Before a batch: nothing timed yet.
  void reset() {
    timed = 0;
    manual_ns = -1;
    running_ = false;
    first_start_ = last_stop_ = 0;
    last.reset();
    counted = CounterDelta{};
  }

private:
  friend std::optional<StateReport> take_state_report(const TimerInfo &timer);
  // The kept batches: their sums, and the last one.
  std::vector<std::pair<double, std::size_t>> sums_; // per counter of `kept_`: the sum of its values, batches
  std::optional<Batch> kept_;
  double kept_iterations_ = 0, kept_seconds_ = 0;
  std::uint64_t started_ = 0, first_start_ = 0, last_stop_ = 0;
  CounterSnapshot counters_at_start_;
  bool running_ = false;
};

// This process's one clock (a fork measures one benchmark on one thread).
BatchClock &batch_clock();

// The fork's report over its kept batches (the last batch when none was
// kept), with its set-up cost per batch, finished as Google Benchmark
// finishes counters (its counter.cc): a kIsRate counter is its sum over the
// batches per second of their time, a kAvgIterations one per iteration, the
// others the last batch's value. nullopt when the benchmark is not self-timed.
std::optional<StateReport> take_state_report(const TimerInfo &timer);

} // namespace steady
