// The JSON form of the results model: nlohmann adapters for every type (also
// the fork protocol's messages), the one reader of result files, and the one
// writer. The schema's key strings are written here and nowhere else.
#pragma once

#include <chrono>
#include <functional>
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "steady/notes.h"
#include "steady/results.h"

namespace steady {

// An unknown status reads as "error" (the first pair): a fork whose status a
// reader does not know is not one it may use.
NLOHMANN_JSON_SERIALIZE_ENUM(ForkStatus, {{ForkStatus::error, "error"},
                                          {ForkStatus::ok, "ok"},
                                          {ForkStatus::crashed, "crashed"},
                                          {ForkStatus::timeout, "timeout"},
                                          {ForkStatus::interrupted, "interrupted"},
                                          {ForkStatus::spawn_failed, "spawn-failed"},
                                          {ForkStatus::runner_failed, "runner-failed"},
                                          {ForkStatus::skipped, "skipped"}})
NLOHMANN_JSON_SERIALIZE_ENUM(CiOver, {{CiOver::none, ""},
                                      {CiOver::forks, "forks"},
                                      {CiOver::iterations, "iterations"},
                                      {CiOver::nodes, "nodes"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Mode, {{Mode::AverageTime, "avgt"}, {Mode::Sample, "sample"}, {Mode::SingleShot, "ss"}})

// The types whose keys are their members' names; a missing key reads as the
// member's default. (The runner's output paths and switches are not recorded.)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RunConfig, warmup_iterations, iterations, forks, warmup_forks,
                                                warmup_time, iteration_time, mode, filter, counters, counters_auto,
                                                seed, timeout, profile, no_fork, stop, threshold, min_warmup,
                                                max_warmup, min_forks, max_forks, window, instrument, budget,
                                                benchmark_budget, json_samples, precision, layout, batch_size)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TimerInfo, ticks_per_ns, source, invariant, resolution_ticks,
                                                overhead_ticks, loop_ticks_per_op, ticks_per_cycle)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PreemptionInfo, mechanism, fallback_reason, margin_ns, read_ns)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(CompileFinding, kind, message)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(CodeIdentity, fingerprint, bytes, functions)
// Per op (an iteration's, or a summary's mean).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Simulated, instructions, data_reads, data_writes, l1_misses, ll_misses,
                                                estimated_cycles)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(StopResult, criterion, stable, reason, last, half_width)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(AbFork, side, round, sequence, binary)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SlurmFork, node, job_id, array_job_id, array_task_id)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(AbRun, side, binary, other, seed, run)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(FamilyComplexity, name, big_o, coefficient_ns, rms, benchmarks)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ForkLayout, code, stack, heap)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ForkLockstep, cpu, turns, alone)

// The types whose JSON differs from their members: required keys, other
// names, nesting, computed values.
// A batch sample is a pair [ticks_per_op, ops], to keep result files small.
void to_json(nlohmann::json &j, const BatchSample &s);
void from_json(const nlohmann::json &j, BatchSample &s);
void to_json(nlohmann::json &j, const Iteration &it);
void from_json(const nlohmann::json &j, Iteration &it);
void to_json(nlohmann::json &j, const MachineLoad &l);
void from_json(const nlohmann::json &j, MachineLoad &l);
void to_json(nlohmann::json &j, const UnavailableCounter &u);
void from_json(const nlohmann::json &j, UnavailableCounter &u);
void to_json(nlohmann::json &j, const StateReport &r);
void from_json(const nlohmann::json &j, StateReport &r);
void to_json(nlohmann::json &j, const ForkResult &f);
void from_json(const nlohmann::json &j, ForkResult &f);
void to_json(nlohmann::json &j, const Summary &s);
void from_json(const nlohmann::json &j, Summary &s);
void to_json(nlohmann::json &j, const BenchmarkResult &b);
void from_json(const nlohmann::json &j, BenchmarkResult &b);
void to_json(nlohmann::json &j, const RunResult &run);
void from_json(const nlohmann::json &j, RunResult &run);
// A note (notes.h) as the report's data carries it: kind, severity, its words
// and the facts its kind states (written only when set). Not in result files:
// a reader derives the notes from the result.
void to_json(nlohmann::json &j, const Note &n);

// "ok", "crashed", ... as in the file.
std::string to_string(ForkStatus s);

// Parses a JSON file. Throws std::runtime_error("cannot open 'F': <errno
// text>" / "cannot read 'F': it is a directory" / "'F' is not valid JSON
// (truncated?): ...").
nlohmann::json read_json_file(const std::string &path);

// Whether `doc` says it is a steady result file (schema steady-results/1).
bool is_results_document(const nlohmann::json &doc);

// A JSON library exception's message without the library's tag, keeping
// the JSON pointer to the value (JSON_DIAGNOSTICS).
std::string json_error_text(const std::exception &e);

// A result file's document as typed results; `what` names it in errors.
// Throws std::runtime_error "WHAT is not a steady result file (schema
// steady-results/1)" or "WHAT: benchmark 'B' (/benchmarks/3/forks/0) key
// 'status' not found", and refuses what no measurement gives (negative or
// non-finite times, zero ops, a non-positive ticks_per_ns, one benchmark
// name twice), naming the benchmark and the field.
RunResult results_from_json(const nlohmann::json &doc, const std::string &what);
// The same from a file, named in errors as 'PATH'.
RunResult read_results(const std::string &path);

// Writes result files: the header indented for people, each benchmark one
// compact line (its batch samples are most of the file). For a run written
// again after every benchmark, a finished benchmark is serialized once.
// Written with write_output (steady/output_file.h).
// `max_samples` (0: all) thins each iteration's batch samples to at most
// that many (neighbours merged, weighted mean kept): 1 keeps the iteration's
// mean alone.
class ResultsWriter {
public:
  explicit ResultsWriter(std::size_t max_samples = 0) : max_samples_(max_samples) {}
  void write(const RunResult &run, const std::string &path);

private:
  std::string benchmark_json(const BenchmarkResult &b) const;
  std::size_t max_samples_;
  std::vector<std::string> cached_;
};

// A file written again as a run goes on (after every benchmark, every round)
// grows with it; this keeps the writing to about 10 % of the time.
class SaveThrottle {
public:
  // Runs `write` unless the last write began less than ten of its own
  // durations ago; `always`: runs it regardless (the last write).
  void save(const std::function<void()> &write, bool always = false);

private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point last_ = Clock::now();
  Clock::duration cost_{};
};

} // namespace steady
