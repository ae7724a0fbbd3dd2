#include "batch_clock.h"

#include "timer.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define STEADY_BATCH_CLOCK_CALLGRIND 1
#else
#define STEADY_BATCH_CLOCK_CALLGRIND 0
#endif

namespace steady {

// Out of line: the runner's timed regions call it after their end read only.
[[gnu::noinline]] BatchClock &batch_clock() {
  static BatchClock clock;
  return clock;
}

namespace {
void toggle_collection([[maybe_unused]] bool collect) {
#if STEADY_BATCH_CLOCK_CALLGRIND
  if (collect)
    CALLGRIND_TOGGLE_COLLECT;
#endif
}
} // namespace

// Collection is switched inside the timed region's ends, so that what is
// collected is what is timed; the counters are read outside them, so that
// their reads are not timed.
void BatchClock::start() {
  if (running_)
    return;
  if (counters)
    counters_at_start_ = counters->read();
  toggle_collection(collect);
  running_ = true;
  started_ = ticks_begin();
  if (!first_start_)
    first_start_ = started_;
}

void BatchClock::pause() {
  if (!running_)
    return;
  std::uint32_t cpu;
  last_stop_ = ticks_end(cpu);
  timed += last_stop_ - started_;
  running_ = false;
  toggle_collection(collect);
  if (counters)
    counted += counter_delta(counters_at_start_, counters->read());
}

void BatchClock::resume() { start(); }

void BatchClock::stop() { pause(); }

namespace {
// Google Benchmark's Counter::Flags.
constexpr int kIsRate = 1, kIsIterationInvariant = 4, kAvgIterations = 8, kInvert = int(1u << 31);
} // namespace

void BatchClock::keep() {
  if (!last)
    return;
  if (!kept_ || kept_->counters.size() != last->counters.size())
    sums_.assign(last->counters.size(), {0.0, 0});
  for (std::size_t i = 0; i < last->counters.size(); ++i) {
    sums_[i].first += last->counters[i].value;
    ++sums_[i].second;
  }
  kept_iterations_ += last->iterations;
  kept_seconds_ += last->seconds;
  kept_ = last;
}

std::optional<StateReport> take_state_report(const TimerInfo &timer) {
  BatchClock &c = batch_clock();
  if (!c.kept_ && c.last)
    c.keep();
  if (!c.kept_)
    return std::nullopt;
  const BatchClock::Batch &b = *c.kept_;
  const double iterations = c.kept_iterations_, seconds = c.kept_seconds_;
  StateReport r;
  for (std::size_t i = 0; i < b.counters.size(); ++i) {
    const BatchClock::Counter &k = b.counters[i];
    const bool summed = k.flags & (kIsRate | kAvgIterations);
    double v = summed && !(k.flags & kIsIterationInvariant) ? c.sums_[i].first : k.value;
    if (k.flags & kIsIterationInvariant)
      v *= summed ? iterations : b.iterations;
    if (k.flags & kIsRate)
      v = seconds > 0 ? v / seconds : 0;
    if (k.flags & kAvgIterations)
      v /= iterations;
    if (k.flags & kInvert)
      v = 1.0 / v;
    r.counters.emplace_back(k.name, v);
  }
  r.label = b.label;
  r.complexity_n = b.complexity_n;
  r.items_per_op = b.items / b.iterations;
  r.bytes_per_op = b.bytes / b.iterations;
  r.setup_ns = c.setup_ticks / timer.ticks_per_ns;
  r.batch_cost_ns = c.cost_ticks / timer.ticks_per_ns;
  r.batch_cost_share = c.cost_share;
  r.setup_batch_size = c.sized_for_setup;
  c.kept_.reset();
  c.last.reset();
  c.sums_.clear();
  c.kept_iterations_ = c.kept_seconds_ = 0;
  return r;
}

} // namespace steady
