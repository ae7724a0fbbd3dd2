// The typed results model, schema "steady-results/1" (docs/results-schema.md):
// a run's configuration, machine and timer, and per benchmark its forks, each
// fork's iterations and their weighted batch samples, the stopping outcome and
// the summary. The runner fills it and writes it (results_json.h); every
// driver command reads it back through one reader; steady ab keeps its forks in
// it. Nothing here runs a benchmark.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "steady/comparison.h"
#include "steady/stats.h"
#include "steady/stopping.h"

namespace steady {

enum class Mode {
  AverageTime, // calibrated batches, time per operation (default)
  Sample,      // the same, reported as the distribution of batch samples
  SingleShot,  // one invocation per iteration: cold start
};

const char *to_string(Mode m);

// The run configuration: JMH's static configuration <wi, mi, f, wf, wt, mt>
// plus selection and output. Set from the runner's command line (see --help).
struct RunConfig {
  // Many short forks (issue 26): a fork costs about 5 ms to start here, and
  // most of a fork's time went to its rciw warmup (17 iterations of 2 ms on
  // average), while the measured iterations' noise was most of the fork
  // means' spread: so warmup iterations of 0.5 ms and 6 measured ones of 2 ms
  // (docs/user-guide.md says how these were chosen: scripts/bench-precision --config).
  int warmup_iterations = 5;     // wi (static configuration)
  int iterations = 6;            // mi
  int forks = 3;                 // f (static configuration)
  int warmup_forks = 0;          // wf
  double warmup_time = 0.0005;   // wt, seconds per warmup iteration
  double iteration_time = 0.002; // mt, seconds per measurement iteration
  // Ops per batch, as JMH's -bs: 0 calibrates (runtime/src/measure.h); given,
  // every batch of every fork runs this many (to see a per-batch cost).
  std::uint64_t batch_size = 0;
  Mode mode = Mode::AverageTime;
  std::string filter = ".*";
  std::vector<std::string> counters;
  // No --counters given: cycles and instructions are counted when the PMU
  // allows it, and dropped without a note when it does not.
  bool counters_auto = false;
  std::string json, csv, markdown; // output paths, not recorded
  // Batch samples kept per iteration in the JSON: "full" (all, up to
  // kMaxBatchSamples), "default" (thinned to kDefaultJsonSamples), "compact" (none).
  std::string json_samples = "default";
  // Seconds for the whole run and for each benchmark (0: unbounded): no
  // further fork starts once a benchmark's share is spent.
  double budget = 0, benchmark_budget = 0;
  // Baselines (runtime/src/baseline.cpp): save this run under a name, compare
  // with a named one; by default with the last run of the same binary.
  std::string save_baseline, baseline;
  bool no_baseline = false;
  int progress = -1;      // -1: when stderr is a terminal; 0 never; 1 always
  std::uint64_t seed = 0; // shuffles nothing yet; recorded for analyses that resample
  double timeout = 120;   // seconds per fork before it is killed
  // Dynamic reconfiguration (--stop): warmup stops between min_warmup and
  // max_warmup iterations, forks between min_forks and max_forks, once the
  // criterion is stable; `iterations` measurement iterations per fork.
  // Laaber et al.'s evaluation used <5, 50, 10, 2, 5, 0, wt, mt> (the former
  // default: --stop=rciw --min-forks=2 --max-forks=5 --iterations=10 with 10 ms
  // iterations); the default stops forks on the printed interval's precision
  // after at least 8 (fewer let optional stopping cost coverage: the interval
  // at the stop covered < 98 % in simulation, scripts/interval-coverage).
  std::string stop = "precision"; // precision | cv | rciw | kld | rciw+kld | none
  double threshold = 0;           // 0: the criterion's default (cv 0.01, rciw 0.03, kld 0.99)
  // --stop=precision: the forks stop once the 99 % interval over their means
  // is within this share of the mean (its half-width); absent in older files.
  double precision = 0.02;
  int min_warmup = 5, max_warmup = 50, min_forks = 8, max_forks = 30, window = 5;
  // Compute the criterion at every checkpoint but never stop: runs max_warmup
  // and max_forks, to measure the criterion's cost (scripts/bench-criteria).
  bool stop_observe = false;
  bool no_fork = false;
  bool verbose = false;
  bool list = false;
  std::string profile; // --profile given ("" for none), recorded in the results
  // What an iteration measures: "tsc" (time) or "valgrind" (every fork runs
  // under callgrind and counts the payload's instructions: Iteration::simulated).
  std::string instrument = "tsc";
  // Where a fork's code, stack and heap sit: "pinned" (as the binary has
  // them; the plugin pins the measured loop's alignment) or "random" (per
  // fork, a copy of the loop at another entry offset and random stack and
  // heap offsets: ForkResult::layout; runtime/src/layout.h).
  std::string layout = "pinned";

  bool operator==(const RunConfig &) const = default;
};

struct TimerInfo {
  double ticks_per_ns = 1;
  std::string source;           // "cpuid-0x15", "hypervisor-0x40000010", "calibrated", "cntfrq", "clock"
  bool invariant = false;       // invariant TSC (CPUID 0x80000007 EDX[8]); always true off x86
  double resolution_ticks = 1;  // smallest non-zero difference of two reads
  double overhead_ticks = 0;    // median cost of a start/end pair around nothing
  double loop_ticks_per_op = 0; // cost of one empty iteration of the harness loop
  // TSC ticks per core cycle, from a chain of dependent adds (one cycle each);
  // 0: not measured (older files, a target without the chain).
  double ticks_per_cycle = 0;
};

struct Machine {
  std::string cpu, kernel, governor, hostname;
  int cores = 0;
};

// How the machines two runs were recorded on differ, in words ("cpu 'A' vs
// 'B'; TSC 2.596 vs 2.100 GHz"), or "" when nothing either file records
// differs: a difference between such runs includes the machine's. A field
// only one file records is not a difference (older files, Google Benchmark).
std::string machine_difference(const Machine &a, double a_ticks_per_ns, const Machine &b, double b_ticks_per_ns);

// The machine's load when the run started or ended: /proc/loadavg and the
// cumulative steal and total CPU time of /proc/stat (jiffies).
struct MachineLoad {
  double load1 = 0, load5 = 0, load15 = 0;
  double steal_jiffies = 0, total_jiffies = 0;
};
// The share of the machine's CPU time stolen by the hypervisor between two readings.
double steal_share(const MachineLoad &start, const MachineLoad &end);

struct UnavailableCounter {
  std::string name, reason;
};

// Under --instrument=valgrind, what callgrind's simulation counted for the
// payload's batches of an iteration, per op (runtime/src/valgrind.h). Its
// fixed caches (those iai uses: I1 and D1 32 KiB 8-way, LL 8 MiB 16-way,
// 64-byte lines) make the counts the same on every machine.
struct Simulated {
  double instructions = 0;                // Ir: exact for a deterministic payload
  double data_reads = 0, data_writes = 0; // Dr, Dw
  double l1_misses = 0;                   // I1mr + D1mr + D1mw
  double ll_misses = 0;                   // ILmr + DLmr + DLmw
  double estimated_cycles = 0;            // estimated_cycles() of the above
};

// Itamar Turner-Trauring's estimate from cache simulation counts, as iai and
// iai-callgrind compute it ("Estimated Cycles"; pythonspeed.com/articles/
// consistent-benchmarking-in-ci/): L1 hits + 5 x LL hits + 35 x RAM accesses,
// where accesses = Ir + Dr + Dw, L1 hits = accesses - L1 misses, LL hits =
// L1 misses - LL misses and RAM accesses = LL misses.
double estimated_cycles(double accesses, double l1_misses, double ll_misses);

struct BatchSample {
  double ticks_per_op;
  std::uint64_t ops; // the weight
};

struct Iteration {
  int index = 0;
  bool warmup = false;
  std::uint64_t ops = 0;
  double ticks = 0; // payload time, overhead and empty-loop cost subtracted
  double ticks_per_op = 0;
  double ns_per_op = 0;
  bool migrated = false;               // rdtscp saw another CPU during the iteration
  bool multiplexed = false;            // a counter group ran less than it was enabled: values scaled
  bool unscheduled = false;            // a counter group never ran: its values are 0
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
  std::optional<Simulated> simulated; // --instrument=valgrind only
};

// How the fork detected preemption (runtime/src/preemption.h).
struct PreemptionInfo {
  std::string mechanism;       // "perf" (context-switches event) or "getrusage"
  std::string fallback_reason; // why not perf ("" when perf)
  double margin_ns = 0;        // CPU time may trail TSC time by this much (+1 % of the batch)
  double read_ns = 0;          // cost of one reading, paid once per batch outside the timed region
};

// Merges neighbouring samples (weights add up, the weighted mean is kept)
// until at most `max` (>= 1) remain.
void thin_batches(std::vector<BatchSample> &samples, std::size_t max);

// The batch samples of an iteration as the statistics take them, in ticks/op
// divided by `ticks_per_ns` (1: ticks).
stats::IterationSamples weighted_samples(const Iteration &it, double ticks_per_ns = 1);
// What the stopping criteria see of an iteration: its instructions per op
// (one sample) when it was simulated, else its batch samples in ticks/op.
stats::IterationSamples metric_samples(const Iteration &it);

// skipped: the benchmark said it cannot run (Google Benchmark's SkipWithError,
// steady::Skipped); no further fork of it starts.
enum class ForkStatus { ok, crashed, timeout, error, interrupted, spawn_failed, runner_failed, skipped };

// A criterion's latest values by name: {"rciw": 0.012, ...}.
using CriterionValues = std::vector<std::pair<std::string, double>>;

// Where steady ab ran a fork: its side, round and place in the whole run.
struct AbFork {
  std::string side, binary;
  int round = 0, sequence = 0;
};

// Where steady slurm ran a fork: the Slurm node (SLURMD_NODENAME, not the
// hostname: one host may run several node names) and the job array task.
struct SlurmFork {
  std::string node;
  long job_id = 0, array_job_id = 0;
  int array_task_id = 0;
};

// What a Google Benchmark function set on its State in a fork's last measured
// batch, finished as Google Benchmark finishes it: a kIsRate counter per second
// of the batch's time, a kAvgIterations one per iteration.
struct StateReport {
  // User counters, with Google Benchmark's items_per_second and bytes_per_second.
  std::vector<std::pair<std::string, double>> counters;
  std::string label;
  double complexity_n = 0;
  double items_per_op = 0, bytes_per_op = 0; // SetItemsProcessed / SetBytesProcessed per iteration
  // The untimed code around the loop, per batch (measured by the batch
  // calibration; batches are sized so that it stays a small share).
  double setup_ns = 0;
  // The loop's cost per batch beyond its ops (fitted through two batch sizes
  // by the batch calibration), its share of a batch's timed time at the size
  // used, and the size the set-up's share alone asked for, from which the
  // batch grew until that share was small (runtime/src/measure.h,
  // kMaxBatchCostShare). 0: not measured (a fixed --batch-size, valgrind,
  // files before 2026-11-27).
  double batch_cost_ns = 0, batch_cost_share = 0;
  std::uint64_t setup_batch_size = 0;
};

// A fork's layout under --layout=random (runtime/src/layout.h): where the
// measured loop's entry sat modulo 64 bytes, and the bytes by which the
// stack (before the batch loop) and the heap (at the fork's start) were moved.
struct ForkLayout {
  int code = 0, stack = 0, heap = 0;
  bool operator==(const ForkLayout &) const = default;
};

// steady ab's lockstep (runtime/src/lockstep.h): the CPU the fork and its
// partner of the round ran on (-1: not pinned), the turns it took (the
// batch calibration, then each iteration) and how many of them it ran alone
// because its partner had ended, died or never took part (an older runner).
struct ForkLockstep {
  int cpu = -1, turns = 0, alone = 0;
  bool operator==(const ForkLockstep &) const = default;
};

struct ForkResult {
  int number = 0; // 1-based, warmup forks first
  bool warmup = false;
  long pid = 0;
  ForkStatus status = ForkStatus::ok;
  int exit_code = 0;
  int signal = 0;
  std::string error;
  std::uint64_t batch_size = 0;
  // It ran the batch size an earlier fork of its benchmark decided (handed
  // on by the runner, or by steady ab to its side's later forks) instead of
  // calibrating its own: Google Benchmark functions, from 2026-11-27
  // (runtime/src/batch_handoff.h). False: its own calibration (older files).
  bool batch_size_handed = false;
  // The timer calibration its iterations used (the overhead subtracted from
  // their batches): the runner's, handed to every fork (each fork measured
  // its own in files before 2026-11-26, and still does under valgrind).
  TimerInfo timer;
  PreemptionInfo preemption;
  std::vector<Iteration> iterations;
  // Dynamic warmup: whether the criterion was met, and its last values.
  bool warmup_stable = false;
  CriterionValues warmup_criterion;
  // The fork's first invocation, timed alone right after the fixture's setup
  // (before the batch calibration), overhead subtracted; 0 if not measured.
  double first_invocation_ns = 0;
  // Wall seconds from the fork's start to its end as its runner saw them
  // (process start, calibration, warmup, measurement); 0 when not recorded
  // (files before it was): what a replay of a budget needs.
  double seconds = 0;
  std::optional<AbFork> ab;
  std::optional<SlurmFork> slurm;
  std::optional<StateReport> state_report; // Google Benchmark functions only
  std::optional<ForkLayout> layout;        // --layout=random only
  std::optional<ForkLockstep> lockstep;    // steady ab's forks run in lockstep only

  bool failed() const { return status != ForkStatus::ok; }
  // Its measurement iterations' mean ns/op, weighted by ops (0 without any).
  double mean_ns_per_op() const;
  // A fork whose measurements count: neither failed nor a warmup fork.
  bool measured() const { return !failed() && !warmup; }
  int warmup_iterations() const;
};

// Forks whose means form a group apart from the others' (stats/include/steady/
// fork_groups.h): their numbers and the mean of their fork means, in ns/op, or
// in instructions/op when every iteration was simulated.
struct ForkGroup {
  std::vector<int> forks;
  double center = 0;
};

// --layout=random: one code offset's forks (the loop's entry modulo 64), their
// mean and its 99 % interval, in ns/op.
struct OffsetInterval {
  int code = 0, forks = 0;
  double mean = 0, low = 0, high = 0;
};

// What the summary's 99 % CI is over: the means of several forks (Student's
// t), or the iterations of one fork (bootstrap); none without measurements;
// the means of the Slurm nodes when the forks ran on several (Student's t).
enum class CiOver { none, forks, iterations, nodes };

struct Summary {
  double ns_per_op = 0, ci_low = 0, ci_high = 0;
  CiOver ci_over = CiOver::none;
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
  // The Slurm nodes the forks used ran on (0: not run by steady slurm), and
  // the share of the fork means' variance that lies between nodes (one-way
  // random-effects ANOVA; NaN when no node ran two forks).
  int nodes = 0;
  double between_node_share = 0;
  // --instrument=valgrind: the simulated counts per op over the measurement
  // iterations, and the lowest and highest fork mean of instructions per op
  // (equal when the payload's count does not vary between processes).
  std::optional<Simulated> simulated;
  double instructions_fork_min = 0, instructions_fork_max = 0;
  // Two or more when the forks disagree (their means form groups, or one is
  // far off), ascending by center; empty when they agree.
  std::vector<ForkGroup> fork_groups;
  // --layout=random: each code offset's forks' mean and 99 % interval (the
  // within-offset variance pooled over the offsets, or each offset's own when
  // layout_spreads_differ), ascending by offset; the
  // layout interval: the range the result takes by where its code sits
  // (ci_low/ci_high are the mean over layouts), from the lowest of their
  // lower ends to the highest of their upper ends (until 2026-11-27: the
  // mean's interval when the offsets agreed); layout_sensitive: their means
  // differ beyond fork noise; layout_spreads_differ: their forks spread
  // differently (stats::equal_spread_p < 0.01: some placement makes the code
  // erratic). Empty (and 0, 0) with fewer than two offsets or no offset of
  // two forks.
  std::vector<OffsetInterval> layout_offsets;
  double layout_low = 0, layout_high = 0;
  bool layout_sensitive = false;
  bool layout_spreads_differ = false;
};

// StopResult::reason of a benchmark that got no fork: not measured, or its
// trial failed (runtime/gtest).
inline constexpr const char *kNotMeasured = "not measured";

struct StopResult {
  std::string criterion = "none";
  bool stable = true; // false: ran to the maximum without meeting the criterion
  std::string reason; // worded by ForkLoop (fork_loop.h): "±1.8 % after 9 forks", "±3.4 % after 12 forks:
                      // budget spent", "stable after N forks", "max forks (N) reached
                      // before ...", "static configuration", "budget spent after N fork(s)", ...
  CriterionValues last;
  // --stop=precision: the relative half-width of the 99 % interval over fork
  // means when the forks stopped (the reason's "±1.8 %"); 0 otherwise and in
  // older files.
  double half_width = 0;
};

// What the plugin found at compile time (Benchmark::compile_findings).
struct CompileFinding {
  std::string kind; // folded | deleted | hoisted | mutated
  std::string message;
};

// The machine code a benchmark timed (runtime/src/code_fingerprint.h): equal
// fingerprints in two result files mean the same instructions ran.
struct CodeIdentity {
  std::string fingerprint; // 16 hex digits
  std::uint64_t bytes = 0; // code hashed, the measured loop and the callees followed
  int functions = 0;       // functions hashed (1: everything inlined into the loop)
};

// Whether A and B timed the same machine code: nothing unless both carry a
// fingerprint. Said next to a verdict, never used to reach it.
inline std::optional<bool> same_code(const std::optional<CodeIdentity> &a, const std::optional<CodeIdentity> &b) {
  if (!a || !b)
    return std::nullopt;
  return a->fingerprint == b->fingerprint;
}

struct BenchmarkResult {
  std::string name; // with its parameters: "sort/size=64"
  std::vector<std::pair<std::string, std::string>> params;
  std::string file;
  int line = 0;
  bool protected_by_plugin = false;
  std::vector<CompileFinding> compile_findings;
  std::optional<CodeIdentity> code; // absent: not computed (older files, no symbols, no capstone)
  // Run-time signs that the number is not what the benchmark means to measure:
  // "measures-nothing", "first-invocation-slow" (runtime/src/flags.cpp).
  std::vector<std::string> flags;
  double first_invocation_ratio = 0; // median first invocation / ns_per_op, 0 if unknown
  // Declared by the benchmark (Fixture::bytes_per_op, items_per_op), or
  // reported by a Google Benchmark function (SetBytesProcessed, ...): 0 if not.
  double bytes_per_op = 0, items_per_op = 0;
  // A Google Benchmark function's counters, label and complexity N: the median
  // over its forks of each fork's StateReport.
  std::vector<std::pair<std::string, double>> user_counters;
  std::string label;
  double complexity_n = 0;
  // Why nothing was measured ("" when measured): a feature steady does not
  // run ("Threads(2)"), or the benchmark skipped itself ("skipped: why"), or
  // steady gtest's trial of a test (disabled, skipped, a death test...).
  std::string not_measured;
  // What the benchmark asked for that steady accepts and does not apply
  // (Google Benchmark's Repetitions(3), MinTime(0.5), ...).
  std::vector<std::string> ignored;
  std::vector<ForkResult> forks;
  // The one batch size its forks ran, decided once (by the first fork that
  // calibrated it, the others handed it: batch_size_handed); 0 when each fork
  // decided its own (plain payloads, older files) or --batch-size fixed it.
  std::uint64_t batch_size = 0;
  StopResult stop;
  Summary summary;
  // Measured in single-shot mode whatever the run's mode (steady gtest: a test
  // longer than an iteration).
  bool single_shot = false;
};

// A Google Benchmark family's complexity fit (its Complexity()): Google
// Benchmark's rows NAME_BigO and NAME_RMS, fitted to steady's ns per op of the
// family's measured benchmarks by their complexity N (stats/complexity.h).
struct FamilyComplexity {
  std::string name;  // "BM_Sum": the rows are BM_Sum_BigO and BM_Sum_RMS
  std::string big_o; // the curve fitted: "N", "NlgN", "f(N)", ...
  double coefficient_ns = 0;
  double rms = 0; // normalized by the mean time: 0.02 is 2 %
  std::vector<std::string> benchmarks;
};

// The two binaries steady ab ran, on a side file it writes.
struct AbRun {
  std::string side, binary, other;
  std::uint64_t seed = 0;
  // The same in both side files of one run and in no other run's ("" in
  // files before it was): steady compare pairs their forks by round then.
  std::string run;
};

struct RunResult {
  bool partial = false;
  std::string started;
  long runner_pid = 0;
  RunConfig config;
  Machine machine;
  TimerInfo timer;
  MachineLoad load_start, load_end;
  std::vector<std::string> counter_names;
  std::vector<UnavailableCounter> counters_unavailable;
  std::vector<BenchmarkResult> benchmarks;
  std::vector<FamilyComplexity> complexity;
  std::optional<AbRun> ab;
};

// Over the measurement iterations of the forks that did not fail; the 99 % CI
// is Student's t over the fork means (over the node means when the forks ran
// on several Slurm nodes, each fork on one), or a bootstrap over the
// iterations of a single fork (see CiOver).
Summary summarize(const std::vector<ForkResult> &forks, std::size_t counters, double ticks_per_ns, std::uint64_t seed);

// The groups of the measured forks' means (model/src/disagreement.cpp), each
// fork's mean with the standard error of its iterations: two or more when
// they disagree, else none.
std::vector<ForkGroup> fork_groups(const std::vector<ForkResult> &forks);

// A Google Benchmark function's counters, label, complexity N and items and
// bytes per op on the benchmark: per value, the median over the forks that
// reported one (model/src/state_report.cpp).
void summarize_state_reports(BenchmarkResult &b);

// A benchmark's measurement forks (ok, not warmup) and their measurement
// iterations, with batch samples in ns/op, or in instructions per op when
// every one was simulated (--instrument=valgrind), as the comparison takes
// them; no forks when none measured.
stats::Series series_of(const BenchmarkResult &b, double ticks_per_ns);

// A fork's measurement iterations as the stopping criterion across forks
// takes them (instructions under --instrument=valgrind): the runner's and
// steady slurm's, so that both stop alike.
stats::ForkSamples stop_samples(const ForkResult &f);

// A benchmark's result once its forks are in: its stop (ForkLoop::stop(), or
// steady ab's), its summary and IPC with the run's counters, timer and seed.
// The runner, steady slurm and steady ab finish every benchmark with it.
void finish_benchmark(BenchmarkResult &b, StopResult stop, const RunResult &run);

// The stopping policy a run's configuration describes (its --stop already
// validated): the runner's, and steady slurm's when it decides the next wave.
StopPolicy stop_policy(const RunConfig &cfg);

// instructions / cycles from the counters per op ("cycles" or "cpu-cycles",
// and "instructions"), 0 when either is missing.
double instructions_per_cycle(const std::vector<std::string> &names, const std::vector<double> &per_op);

} // namespace steady
