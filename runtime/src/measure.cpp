#include "measure.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "batch_clock.h"
#include "steady/stats.h"

namespace steady {

// Long enough that the timer's resolution and overhead are noise (>= 1000x the
// resolution) and the readings between batches cheap, short enough for about
// a thousand batches per iteration.
double target_batch_ticks(const RunConfig &cfg, const TimerInfo &t, double probe_read_ns) {
  double iteration_ticks = cfg.iteration_time * 1e9 * t.ticks_per_ns;
  return std::max({1000 * t.resolution_ticks, 100 * t.overhead_ticks, 50 * probe_read_ns * t.ticks_per_ns,
                   iteration_ticks / kMaxBatchSamples});
}

double setup_batch_ticks(double target_ticks, double setup_ticks, double iteration_ticks) {
  const double for_share = setup_ticks * (1 - kMaxSetupShare) / kMaxSetupShare;
  return std::max(target_ticks, std::min(for_share, iteration_ticks));
}

double BatchCost::share(std::uint64_t n) const {
  const double ticks = per_op * double(n) + per_batch;
  return ticks > 0 ? per_batch / ticks : 0;
}

BatchCost fit_batch_cost(std::uint64_t n1, double t1, std::uint64_t n2, double t2) {
  if (n2 <= n1 || t2 <= t1)
    return {n2 > 0 ? std::max(0.0, t2) / double(n2) : 0, 0};
  const double per_op = (t2 - t1) / double(n2 - n1);
  return {per_op, std::max(0.0, t1 - per_op * double(n1))};
}

std::uint64_t batch_for_cost(std::uint64_t n, const BatchCost &cost, double max_ticks) {
  if (cost.per_batch <= 0 || cost.per_op <= 0 || cost.share(n) <= kMaxBatchCostShare)
    return n;
  // per_batch / (per_op * m + per_batch) <= share
  const double wanted = std::ceil(cost.per_batch * (1 - kMaxBatchCostShare) / (kMaxBatchCostShare * cost.per_op));
  const double most = std::floor(max_ticks / cost.per_op);
  return std::max(n, std::uint64_t(std::min(wanted, most)));
}

void thin(std::vector<BatchSample> &s) { thin_batches(s, (s.size() + 1) / 2); }

namespace {

// The timed region, written once: nothing between the two reads of the
// counter but the call of the payload's batch, its arguments loaded before
// the start read (test/codegen/timed-batch.test checks the assembly). `cpu`:
// the CPU the end was read on.
double time_batch(void (*run)(Fixture *, std::uint64_t), Fixture *state, std::uint64_t n, std::uint32_t &cpu) {
  const std::uint64_t t0 = ticks_begin();
  run(state, n);
  return double(ticks_end(cpu) - t0);
}

// What a batch cost the payload, from the raw ticks around run(): those, or
// what a self-timed benchmark timed (its loop less its pauses, or its manual
// time); the timer's overhead taken out (manual time has none). It asks the
// batch clock (a call) whether the benchmark is self-timed, so that nothing
// of it is scheduled into the timed region (test/codegen/timed-batch.test).
double batch_ticks(const TimerInfo &t, double raw_ticks) {
  const BatchClock &c = batch_clock();
  if (!c.self_timed)
    return payload_ticks(raw_ticks, t);
  return c.manual_ns >= 0 ? c.manual_ns * t.ticks_per_ns : payload_ticks(double(c.timed), t);
}

struct BatchTicks {
  double payload = 0; // batch_ticks
  double setup = 0;   // a self-timed benchmark's untimed code around its loop
};

double time_batch(const ForkPlan &p, std::uint64_t n) {
  std::uint32_t cpu;
  return time_batch(p.bench->run, p.state, n, cpu);
}

// A batch's payload ticks and, for a self-timed benchmark, its set-up: the
// raw ticks outside the loop's span (pauses are not set-up).
BatchTicks split(const TimerInfo &t, double raw) {
  const BatchClock &c = batch_clock();
  return {batch_ticks(t, raw), c.self_timed ? std::max(0.0, raw - double(c.span())) : 0.0};
}
// A self-timed benchmark's batch of n (`ticks`: the calibration's fastest
// batch of n, which may already fill the bound) grown until its loop's per-batch cost is a small share
// (batch_for_cost). The cost is fitted through n and n / kBatchCostFactor first (the smaller size costs less than a
// batch of n to measure and shows the cost at a larger share; 2n when n is 1), then, while the batch grows, through the
// last two sizes measured: a cost that fades over the loop's first ops (snappy's BM_ZFlat/0: 13 % per op over its first
// 16 ops, 3-4 % up to 128) is underestimated by a line through small sizes, and the next fit, at sizes where that cost
// is visible, corrects it. Recorded on the batch clock.
template <class RunBatch>
std::uint64_t size_for_cost(std::uint64_t n, double ticks, RunBatch &batch, const TimerInfo &timer,
                            double iteration_ticks) {
  // The median of kBatchCostRepeats batches: robust to a preempted or
  // disturbed one, and not the luckiest of a few, whose luck differs between
  // the two sizes and would make the decision differ from run to run.
  auto typical = [&](std::uint64_t size) {
    std::vector<double> t;
    for (int r = 0; r < kBatchCostRepeats; ++r)
      t.push_back(split(timer, batch(size)).payload);
    return stats::quantile(std::move(t), 0.5);
  };
  const double most = kMaxBatchCostIterations * iteration_ticks;
  if (ticks >= most) // no room to grow: not measured
    return n;
  const std::uint64_t setup_n = n;
  const std::uint64_t other = n >= kBatchCostFactor ? n / kBatchCostFactor : n > 1 ? 1 : 2;
  ticks = typical(n);
  const double other_ticks = typical(other);
  BatchCost cost =
      other < n ? fit_batch_cost(other, other_ticks, n, ticks) : fit_batch_cost(n, ticks, other, other_ticks);
  for (int round = 0; round < kBatchCostRounds; ++round) {
    const std::uint64_t sized = batch_for_cost(n, cost, most);
    if (sized <= n)
      break;
    const double sized_ticks = typical(sized);
    cost = fit_batch_cost(n, ticks, sized, sized_ticks);
    n = sized;
    ticks = sized_ticks;
  }
  BatchClock &c = batch_clock();
  c.cost_ticks = cost.per_batch;
  c.cost_share = cost.share(n);
  c.sized_for_setup = setup_n;
  return n;
}

// The batch size: the smallest n whose batches take the target time. The
// first invocations in a fresh process pay one-time set-up (lazy binding,
// libm's tables, first touches of memory: 100k ticks for a 5-tick log()), so
// one runs untimed first, and a size is accepted only when its fastest of
// kCalibrationRepeats batches reaches the target: one slow batch (cold, or
// preempted) cannot stop the growth early, which would leave the timer's
// cost in every sample.
std::uint64_t calibrate_batch(const ForkPlan &p) {
  // Invocation-level setup runs between invocations: one per batch.
  if (p.config->mode == Mode::SingleShot || p.bench->invocation_setup)
    return 1;
  const double target = target_batch_ticks(*p.config, *p.timer, p.probe->read_ns());
  const std::uint64_t reset_every = p.state ? p.state->reset_every() : 0;
  const TimerInfo timer = *p.timer; // a copy: nothing to load after the timed call
  const double iteration = p.config->iteration_time * 1e9 * timer.ticks_per_ns;
  auto batch = [&](std::uint64_t n) {
    if (reset_every && p.state)
      p.state->reset();
    return time_batch(p, n);
  };
  batch(1); // warm-up, untimed
  // A size given (--batch-size) or decided by an earlier fork: run as it is.
  if (const std::uint64_t given = p.config->batch_size ? p.config->batch_size : p.handed_batch) {
    const std::uint64_t n = reset_every ? std::min(given, reset_every) : given;
    const BatchTicks one = split(timer, batch(n)); // the set-up's record
    if (p.bench->self_timed)
      batch_clock().setup_ticks = one.setup;
    return n;
  }
  std::uint64_t n = 1;
  for (;;) {
    if (reset_every && n >= reset_every)
      return reset_every;
    const BatchTicks first = split(timer, batch(n));
    double fastest = first.payload, setup = first.setup;
    // A self-timed benchmark's set-up runs once per batch: the batch grows
    // until it is at most kMaxSetupShare of the batch's wall time, or its
    // loop lasts an iteration.
    auto needed = [&] { return setup_batch_ticks(target, setup, iteration); };
    for (int r = 1; r < kCalibrationRepeats && fastest >= needed(); ++r) {
      const BatchTicks again = split(timer, batch(n));
      fastest = std::min(fastest, again.payload);
      setup = std::min(setup, again.setup);
    }
    if (p.bench->self_timed)
      batch_clock().setup_ticks = setup;
    if (fastest >= needed() || n >= (std::uint64_t(1) << 40))
      return p.bench->self_timed && !p.callgrind ? size_for_cost(n, fastest, batch, timer, iteration) : n;
    double grow = fastest > 0 ? std::clamp(1.2 * needed() / fastest, 2.0, 100.0) : 100.0;
    n = std::uint64_t(std::ceil(double(n) * grow));
  }
}

// The first invocation on the state setup() left, overhead subtracted: much
// slower than the steady state is the sign of a payload that changes its input.
// Only fixtures have a fresh state to time it on: a throwaway trial runs one
// invocation first, so that what any first call in a fresh process pays
// (lazy statics such as an input table built on first use, the allocator's
// first pages, cold code: up to 1.4 ms on the examples) is not mistaken for a
// payload that changes its own state. A plain payload that changes a global
// is the plugin's compile-time "mutated" finding. 0: not measured.
double first_invocation(const ForkPlan &p) {
  if (!p.state)
    return 0;
  const bool per_invocation = p.bench->invocation_setup;
  auto invoke = [&](Fixture *state) {
    if (per_invocation)
      state->setup_invocation();
    ForkPlan on = p;
    on.state = state;
    const double ticks = payload_ticks(time_batch(on, 1), *p.timer);
    if (per_invocation)
      state->teardown_invocation();
    return ticks;
  };
  std::unique_ptr<Fixture> warm = create_fixture(*p.bench);
  warm->setup();
  invoke(warm.get());
  warm->teardown();
  return invoke(p.state);
}

// Timed batches with their totals, and their counts when counters are read per batch.
struct Samples {
  std::vector<BatchSample> batches;
  double ticks = 0;
  std::uint64_t ops = 0;
  CounterDelta counted;

  void add(double batch_ticks, std::uint64_t n) {
    ticks += batch_ticks;
    ops += n;
    batches.push_back({batch_ticks / double(n), n});
    if (batches.size() >= 2 * kMaxBatchSamples)
      thin(batches);
  }
};

// One batch as the iteration loop sees it: its raw ticks and whether the
// thread was preempted during it.
struct Batch {
  double ticks;
  Preemption why = Preemption::None;
};

// The per-batch strategy of a timed iteration: the TSC around each batch, the
// thread's usage after it (a preempted batch is run again), the counters
// around the iteration or, with untimed work between batches
// (invocation-level fixtures, resets), around each batch so that they leave
// that work out, as the time does; a self-timed benchmark's counters are its
// batch clock's, read around its loop (not its set-up). The same work makes the usage be read
// before every batch too; otherwise the reading after one batch is the next
// one's "before".
class TimedBatches {
public:
  explicit TimedBatches(const ForkPlan &p)
      : p_(p), untimed_between_(p.state && (p.bench->invocation_setup || p.state->reset_every())),
        count_batches_(untimed_between_ && !p.counters->names().empty()),
        count_loops_(p.bench->self_timed && !p.counters->names().empty()) {}

  void begin() {
    ticks_end(prev_cpu_);
    before_ = p_.counters->read();
    usage_ = p_.probe->read();
  }

  Batch run(std::uint64_t n, Iteration &it) {
    if (count_batches_)
      batch_before_ = p_.counters->read();
    if (untimed_between_)
      usage_ = p_.probe->read();
    std::uint32_t cpu;
    const double ticks = time_batch(p_.bench->run, p_.state, n, cpu);
    const ThreadUsage after = p_.probe->read();
    const Batch b{ticks, classify(usage_, after, ticks / p_.timer->ticks_per_ns, p_.probe->margin_ns())};
    usage_ = after;
    it.migrated |= cpu != prev_cpu_;
    prev_cpu_ = cpu;
    return b;
  }

  // The batch's counts, to the samples it went to (before any untimed work).
  void count(Samples &into) {
    if (count_loops_)
      into.counted += batch_clock().counted;
    else if (count_batches_)
      into.counted += counter_delta(batch_before_, p_.counters->read());
  }

  void end() { whole_ = counter_delta(before_, p_.counters->read()); }

  // Counted over the whole iteration, discarded batches included: per op of
  // every batch run (events such as instructions or task-clock do not grow
  // when the thread is preempted, so this is the payload's count).
  void record(Iteration &it, const Samples &kept, const Samples &preempted) const {
    const bool per_batch = count_batches_ || count_loops_;
    const CounterDelta &c = per_batch ? kept.counted : whole_;
    const double counted_ops = double(it.ops + (per_batch ? 0 : preempted.ops));
    for (double v : c.values)
      it.counters_per_op.push_back(v / counted_ops);
    it.multiplexed = c.multiplexed;
    it.unscheduled = c.unscheduled;
    it.context_switches = whole_.context_switches;
  }

private:
  const ForkPlan &p_;
  const bool untimed_between_, count_batches_, count_loops_;
  std::uint32_t prev_cpu_ = 0;
  CounterSnapshot before_, batch_before_;
  CounterDelta whole_;
  ThreadUsage usage_;
};

// The per-batch strategy under callgrind: each batch collected alone, so that
// neither the harness between batches nor the fork protocol is counted, and
// the harness's cost around a batch (`per_batch`) taken out. No preemption
// checks and no counters: what the payload executes does not depend on the
// scheduler. The time (valgrind's, some 50x the native one) only ends the
// iteration.
class SimulatedBatches {
public:
  // `keep`: a measurement iteration, whose dump becomes --callgrind-profile
  // (the last one measured stays).
  SimulatedBatches(const ForkPlan &p, const CallgrindCounts &per_batch, bool keep)
      : p_(p), per_batch_(per_batch), keep_(keep) {}

  void begin() { p_.callgrind->zero(); }

  Batch run(std::uint64_t n, Iteration &) {
    std::uint32_t cpu;
    const std::uint64_t t0 = ticks_begin();
    Callgrind::collected_batch(*p_.bench, p_.state, n);
    return {double(ticks_end(cpu) - t0)};
  }

  void count(Samples &) {}

  void end() { counted_ = p_.callgrind->dump(keep_); }

  void record(Iteration &it, const Samples &, const Samples &) const {
    it.simulated = simulated_per_op(counted_, per_batch_, it.batches_run, double(it.ops));
  }

private:
  const ForkPlan &p_;
  const CallgrindCounts &per_batch_;
  bool keep_;
  CallgrindCounts counted_;
};

// One iteration, timed or simulated (`Batches`: the per-batch strategy):
// batches of n until its time is spent, the fixture's iteration and
// invocation levels and resets around them, untimed. Preempted batches are
// kept aside: they become the iteration's samples, flagged, only when it
// finds no clean batch within its bound.
template <class Batches>
Iteration run_iteration(const ForkPlan &p, std::uint64_t n, int index, bool warmup, Batches &batches) {
  const TimerInfo &t = *p.timer;
  const double budget = (warmup ? p.config->warmup_time : p.config->iteration_time) * 1e9 * t.ticks_per_ns;
  const bool single_shot = p.config->mode == Mode::SingleShot;
  Iteration it;
  it.index = index;
  it.warmup = warmup;
  Fixture *state = p.state;
  const bool per_invocation = state && p.bench->invocation_setup;
  const std::uint64_t reset_every = state ? state->reset_every() : 0;
  std::uint64_t since_reset = reset_every; // calibration left the state anywhere: reset first
  Samples kept, preempted;
  if (state)
    state->setup_iteration();
  batches.begin();
  const std::uint64_t start = ticks_begin();
  for (;;) {
    if (per_invocation)
      state->setup_invocation();
    if (reset_every && since_reset >= reset_every) {
      state->reset();
      since_reset = 0;
    }
    const Batch b = batches.run(n, it);
    // A preempted single shot cannot be run again (the next would not be cold): it is kept, flagged.
    Samples &into = b.why == Preemption::None || single_shot ? kept : preempted;
    batches.count(into);
    if (p.bench->self_timed && !warmup && &into == &kept)
      batch_clock().keep();
    since_reset += n;
    if (per_invocation)
      state->teardown_invocation();
    into.add(batch_ticks(t, b.ticks), n);
    ++it.batches_run;
    it.preempted_switch += b.why == Preemption::Switched;
    it.preempted_cpu_short += b.why == Preemption::CpuShort;
    it.preempted_kept += b.why != Preemption::None && &into == &kept;
    if (single_shot)
      break;
    const double elapsed = double(ticks_begin() - start);
    if (elapsed < budget)
      continue;
    if (kept.ops > 0)
      break;
    const int preempted_batches = it.preempted_switch + it.preempted_cpu_short;
    if ((elapsed >= kPreemptionBound * budget && preempted_batches >= kMinPreempted) ||
        preempted_batches >= kMaxDiscarded) {
      // Every batch was preempted (a payload longer than a time slice, or a
      // machine too busy): its samples are what there is, flagged.
      it.preemption_bound_hit = true;
      it.preempted_kept = it.preempted_switch + it.preempted_cpu_short;
      std::swap(kept, preempted);
      break;
    }
  }
  batches.end();
  if (state)
    state->teardown_iteration();
  if (kept.batches.size() > kMaxBatchSamples)
    thin(kept.batches);
  it.batches = std::move(kept.batches);
  it.ticks = kept.ticks;
  it.ops = kept.ops;
  it.ticks_per_op = it.ticks / double(it.ops);
  it.ns_per_op = it.ticks_per_op / t.ticks_per_ns;
  batches.record(it, kept, preempted);
  return it;
}

} // namespace

RunConfig fork_config(const Benchmark &b, const RunConfig &cfg) {
  RunConfig own = cfg;
  if (!b.single_shot)
    return own;
  own.mode = Mode::SingleShot;
  if (b.shot_runs > 0) {
    own.stop = "none";
    own.warmup_iterations = b.shot_warmups;
    own.iterations = b.shot_runs;
  }
  return own;
}

WarmupJudge judge_in_place(const RunConfig &cfg) {
  auto stop = std::make_shared<WarmupStop>(stop_policy(cfg), cfg.min_warmup);
  return {[stop](const Iteration &it) { return stop->stop_after(metric_samples(it)); },
          [stop] { return stop->last(); }};
}

WarmupOutcome measure_fork(ForkPlan plan, const std::function<void(std::uint64_t)> &on_batch_size,
                           const std::function<void(const Iteration &)> &on_iteration, const WarmupJudge *judge) {
  // The first turn: the fixture's setup and the batch calibration.
  if (plan.lockstep)
    plan.lockstep->wait();
  std::unique_ptr<Fixture> state = create_fixture(*plan.bench);
  plan.state = state.get();
  batch_clock().self_timed = plan.bench->self_timed;
  batch_clock().collect = plan.callgrind != nullptr;
  batch_clock().ticks_per_ns = plan.timer->ticks_per_ns;
  batch_clock().cost_ticks = batch_clock().cost_share = 0;
  batch_clock().sized_for_setup = 0;
  batch_clock().counters = plan.bench->self_timed && !plan.callgrind && plan.counters && !plan.counters->names().empty()
                               ? plan.counters
                               : nullptr;
  if (state)
    state->setup();
  WarmupOutcome outcome;
  auto stopped = [&] { return outcome.stopped = plan.stop && plan.stop->load(); };
  if (plan.callgrind)
    plan.callgrind->start();
  // A self-timed benchmark's first call builds its input (Google Benchmark's
  // set-up before the loop), and a throwaway trial would run its Setup and
  // Teardown out of their order: not measured.
  if (plan.config->mode != Mode::SingleShot && !plan.bench->self_timed)
    outcome.first_invocation_ticks = first_invocation(plan);
  std::uint64_t n = calibrate_batch(plan);
  if (plan.lockstep)
    plan.lockstep->pass();
  on_batch_size(n);
  CallgrindCounts per_batch;
  if (plan.callgrind)
    per_batch = plan.callgrind->per_batch(*plan.bench, plan.state,
                                          !plan.bench->invocation_setup && !(state && state->reset_every()));
  auto run_iteration = [&](const ForkPlan &p, std::uint64_t n, int index, bool warmup) {
    if (p.callgrind) {
      SimulatedBatches simulated(p, per_batch, !warmup);
      return steady::run_iteration(p, n, index, warmup, simulated);
    }
    TimedBatches timed(p);
    if (p.lockstep)
      p.lockstep->wait();
    Iteration it = steady::run_iteration(p, n, index, warmup, timed);
    if (p.lockstep)
      p.lockstep->pass();
    return it;
  };
  int index = 0;
  const StopPolicy policy = stop_policy(*plan.config);
  if (!policy.dynamic()) {
    for (int i = 0; i < plan.config->warmup_iterations && !stopped(); ++i)
      on_iteration(run_iteration(plan, n, index++, true));
  } else {
    // Algorithm 1: up to max_warmup iterations, until WarmupStop says stable.
    const WarmupJudge in_place = judge ? WarmupJudge{} : judge_in_place(*plan.config);
    const WarmupJudge &stop = judge ? *judge : in_place;
    outcome.stable = false;
    for (int i = 1; i <= plan.config->max_warmup && !stopped(); ++i) {
      Iteration it = run_iteration(plan, n, index++, true);
      on_iteration(it);
      if (stop.stop_after(it)) {
        outcome.stable = true;
        if (!plan.config->stop_observe)
          break;
      }
    }
    outcome.last = stop.last();
  }
  for (int i = 0; i < plan.config->iterations && !stopped(); ++i)
    on_iteration(run_iteration(plan, n, index++, false));
  if (state)
    state->teardown();
  return outcome;
}

} // namespace steady
