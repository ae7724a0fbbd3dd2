// What a run measures: per benchmark, per fork, per iteration, with up to
// 1000 weighted batch samples per iteration. Everything the JSON holds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "counters.h"
#include "preemption.h"
#include "steady/config.h"
#include "steady/registry.h"
#include "timer.h"

namespace steady {

struct BatchSample {
  double ticks_per_op;
  std::uint64_t ops; // the weight
};

struct Iteration {
  int index = 0;
  bool warmup = false;
  std::uint64_t ops = 0;
  double ticks = 0;        // payload time, overhead and empty-loop cost subtracted
  double ticks_per_op = 0;
  double ns_per_op = 0;
  bool migrated = false;   // rdtscp saw another CPU during the iteration
  bool multiplexed = false; // a counter group ran less than it was enabled: values scaled
  bool unscheduled = false; // a counter group never ran: its values are 0
  std::vector<double> counters_per_op; // in the order of the run's counter names
  double context_switches = 0;
  // Batches during which the thread was switched out, or got less CPU time
  // than TSC time (steal): discarded and run again, except those counted in
  // preempted_kept (single shot, or the bound was hit).
  int batches_run = 0; // timed batches, kept or not
  int preempted_switch = 0;
  int preempted_cpu_short = 0;
  int preempted_kept = 0;
  bool preemption_bound_hit = false; // no clean batch within the bound: the samples are preempted ones
  std::vector<BatchSample> batches;
};

// How the fork detected preemption (preemption.h).
struct PreemptionInfo {
  std::string mechanism;       // "perf" (context-switches event) or "getrusage"
  std::string fallback_reason; // why not perf ("" when perf)
  double margin_ns = 0;        // CPU time may trail TSC time by this much (+1 % of the batch)
  double read_ns = 0;          // cost of one reading, paid once per batch outside the timed region
};

struct ForkResult {
  int number = 0;          // 1-based, warmup forks first
  bool warmup = false;
  long pid = 0;
  std::string status = "ok"; // ok | crashed | timeout | error | interrupted | spawn-failed
  int exit_code = 0;
  int signal = 0;
  std::string error;
  std::uint64_t batch_size = 0;
  // The fork's own timer calibration (its overhead and empty-loop cost are
  // what its iterations had subtracted); the run's frequency.
  TimerInfo timer;
  PreemptionInfo preemption;
  std::vector<Iteration> iterations;
  // Dynamic warmup: whether the criterion was met, and its last values.
  bool warmup_stable = false;
  std::vector<std::pair<std::string, double>> warmup_criterion;

  // The fork's first invocation, timed alone right after the fixture's setup
  // (before the batch calibration), overhead subtracted; 0 if not measured.
  double first_invocation_ns = 0;

  bool failed() const { return status != "ok"; }
  int warmup_iterations() const;
};

struct Summary {
  double ns_per_op = 0, ci_low = 0, ci_high = 0;
  std::string ci_over; // "forks" (hierarchical bootstrap), "iterations" (one fork)
  double ticks_per_op = 0;
  std::vector<double> counters_per_op;
  double p50 = 0, p90 = 0, p99 = 0; // weighted percentiles of the batch samples, ns/op
  int forks_used = 0, forks_failed = 0, iterations = 0;
  bool migrated = false, multiplexed = false, unscheduled = false;
  // Over the measurement iterations: timed batches, those preempted, those
  // of them kept as samples (single shot, bound hit), and the iterations that
  // hit the bound (their samples are preempted ones: not trustworthy).
  int batches_run = 0, preempted = 0, preempted_kept = 0, bound_hit = 0;
  // instructions / cycles when both were counted, else 0.
  double ipc = 0;
};

struct StopResult {
  std::string criterion = "none";
  bool stable = true; // false: ran to the maximum without meeting the criterion
  std::string reason; // "stable after N forks", "max forks (N) reached", "static configuration",
                      // "no fork measured" (dynamic, every fork failed)
  std::vector<std::pair<std::string, double>> last;
};

// What the plugin found at compile time (Benchmark::compile_findings).
struct CompileFinding {
  std::string kind; // folded | deleted | hoisted | mutated
  std::string message;
};

struct BenchmarkResult {
  const Benchmark *bench = nullptr;
  std::vector<ForkResult> forks;
  Summary summary;
  StopResult stop;
  std::vector<CompileFinding> compile_findings;
  // Run-time signs that the number is not what the benchmark means to measure:
  // "measures-nothing", "first-invocation-slow" (see flags.cpp).
  std::vector<std::string> flags;
  double first_invocation_ratio = 0; // median first invocation / ns_per_op, 0 if unknown
};

// The plugin's findings for b, without those a fixture's reset() or
// invocation-level setup already answers (a mutated input it restores).
std::vector<CompileFinding> compile_findings(const Benchmark &b);
// Sets r.flags and r.first_invocation_ratio from r's summary and forks.
void flag_result(BenchmarkResult &r, const TimerInfo &timer);
// A flag, as the console and `steady compare` word it.
std::string describe_flag(const std::string &flag, const BenchmarkResult *r = nullptr);

struct Machine {
  std::string cpu, kernel, governor, hostname;
  int cores = 0;
};

// The machine's load when the run started or ended: /proc/loadavg and the
// cumulative steal and total CPU time of /proc/stat (jiffies).
struct MachineLoad {
  double load1 = 0, load5 = 0, load15 = 0;
  double steal_jiffies = 0, total_jiffies = 0;
};
MachineLoad read_machine_load();
// The share of the machine's CPU time stolen by the hypervisor between two readings.
double steal_share(const MachineLoad &start, const MachineLoad &end);

struct RunResult {
  RunConfig config;
  TimerInfo timer;
  Machine machine;
  MachineLoad load_start, load_end;
  std::vector<std::string> counter_names;
  std::vector<Counters::Unavailable> counters_unavailable;
  std::vector<BenchmarkResult> benchmarks;
  std::string started;
  bool partial = false;
};

Machine describe_machine();
PreemptionInfo preemption_info(const PreemptionProbe &probe);
// Over the measurement iterations of the forks that did not fail; the 99 % CI
// is the hierarchical bootstrap's.
Summary summarize(const std::vector<ForkResult> &forks, std::size_t counters, double ticks_per_ns,
                  std::uint64_t seed);

// instructions / cycles from the counters per op ("cycles" or "cpu-cycles",
// and "instructions"), 0 when either is missing.
double instructions_per_cycle(const std::vector<std::string> &names, const std::vector<double> &per_op);

// Outputs.
void write_json(const RunResult &run, const std::string &path); // atomically
// The same, for a run written again after every benchmark: finished
// benchmarks are serialized once.
class JsonWriter {
public:
  void write(const RunResult &run, const std::string &path);

private:
  std::vector<std::string> cached_;
};
void write_csv(const RunResult &run, const std::string &path);
void print_table(const RunResult &run);
// One line when a notable share of batches was preempted, and a warning when
// iterations found no clean batch (stderr).
void print_machine_busy(const RunResult &run);

} // namespace steady
