// steady ab's internals (ab.cpp), by stage: ab.cpp runs the command and
// its rounds; ab_runner.cpp talks to the two binaries (probes, runner
// arguments, forks run and read back, a round on Slurm); ab_report.cpp
// writes the side files and the comparison. What it decides between rounds
// is ab_tally.h.
#pragma once

#include <atomic>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ab_tally.h"
#include "comparison.h"
#include "process.h"
#include "slurm.h"
#include "steady/results.h"

namespace steady::driver::ab {

// SIGINT or SIGTERM (ab.cpp's handler): no new fork starts, the running one
// is told to stop (a terminal's Ctrl-C reaches it anyway), and everything
// measured is kept.
extern std::atomic<int> g_signal;

struct AbOptions {
  std::string bin[2];
  std::string filter = ".*";
  bool changed_only = false; // run only the benchmarks whose reachable code differs (steady select)
  nlohmann::json selection;  // with changed_only: steady select's decision per benchmark
  bool traced = false;       // with changed_only: only those that executed changed code on the old build (executed.h)
  double trace_limit = 300;  // --trace-limit: seconds per trace (kTraceLimit)
  // --cause: for a slower or faster verdict, the root cause measured (steady
  // cause: callgrind under --instrument=valgrind, else perf's cpu-clock).
  bool cause = false;
  // --cause-budget: seconds of perf sampling for all the time causes together.
  double cause_budget = 60;
  int warmup_iterations = 3, iterations = 10, min_forks = 5, max_forks = 40;
  double iteration_time = 0, budget = 0, fork_timeout = 120; // 0: the runner's default / no budget
  // --help and --list finish in milliseconds; a binary that hangs on them is
  // not a steady runner.
  double probe_timeout = 10;
  std::uint64_t seed = 1;
  std::string json_side[2];
  bool verbose = false;
  // What is undecided at the end of the rounds is decided at its noise floor
  // when that is wider than --equivalence (stats::ComparisonOptions::noise_floor).
  bool noise_floor = true;
  std::vector<std::string> runner_args;
  // --slurm: every round is a job array, a task per benchmark running its A
  // and B fork one after the other on one node (slurm.h).
  bool slurm = false;
  SlurmPlace place;
  // A round's A and B fork run at once on one CPU, taking turns iteration by
  // iteration (runtime/src/lockstep.h); off: one after the other.
  bool lockstep = true;
};

inline const char *kSide[2] = {"A", "B"};

// A benchmark: its forks on both sides, and what ab decided about it.
struct Bench : AbTally {
  std::string name;
  // Each side's forks as typed results; name, params, file, line and
  // protected come from the first fork a runner measured.
  BenchmarkResult side[2];
  bool identified = false;
};

class Ab {
public:
  Ab(AbOptions o, CompareOptions c) : o_(std::move(o)), c_(std::move(c)), rng_(o_.seed) {}
  int run();

private:
  AbOptions o_;
  CompareOptions c_;
  std::mt19937_64 rng_;
  std::string tmp_;
  std::vector<Bench> benches_;
  std::optional<RunResult> header_[2]; // the first runner's result file of each side, without benchmarks
  double ticks_per_ns_ = 0;            // one conversion for every fork of both sides
  std::string timer_source_;
  int sequence_ = 0;
  std::string slurm_name_; // the Slurm jobs' name (--slurm)
  std::string run_id_;     // this run in both side files (AbRun::run)
  // A runner under --instrument=valgrind succeeded: the others need not
  // check valgrind again (its probe costs a valgrind start-up per fork).
  bool valgrind_checked_[2] = {false, false}; // per side: it checks that binary
  // The runner keeps baselines and thins its JSON's samples (steady 0.1 and
  // later, as its --help says): ab's forks are neither runs to compare with
  // nor to be thinned.
  bool keeps_baselines_[2] = {false, false};
  // Its runner takes turns under lockstep (steady 0.1 from 2026-11-27, as
  // its --help says); with an older one, forks run one after the other.
  bool takes_turns_[2] = {false, false};
  // Its runner takes kLayoutDrawOption (from 2026-11-28, as its --help says).
  bool takes_layout_draw_[2] = {false, false};
  std::vector<int> cpus_; // where lockstep pairs may run: ab's own CPUs

  bool check_binary(int side, std::vector<std::string> &names);
  bool select_benchmarks();
  std::vector<std::string> runner_args(int side, const Bench &b, int round, const std::string &out) const;
  ForkResult read_fork(Bench &b, int side, const std::string &out, std::string &problem);
  void run_fork(Bench &b, int side, int round);
  // The round's two forks of `b` in lockstep, `first` taking the first turn;
  // false when no socket could be made (nothing was run).
  bool run_pair(Bench &b, int first, int round);
  void collect_fork(Bench &b, int side, int round, int seq, const std::string &out, const ProgramRun &r);
  void run_round_on_slurm(const std::vector<Bench *> &pending, int round);
  void run_round(int round, const std::vector<int> &looks, const CompareOptions &per_look);
  RunResult side_results(int side) const;
  std::optional<Row> compare(const Bench &b, const CompareOptions &c) const;
  // Writes --json-a/--json-b (a FIFO or device only when `last`); false when
  // one could not be written.
  bool write_sides(bool last) const;
  // --cause under --instrument=valgrind: where the runner keeps the callgrind
  // profile of the side's last fork (the cause comes from it, no run more).
  std::string profile_path(const Bench &b, int side) const;
  // --cause: measures the root cause of each slower or faster row.
  void add_causes(std::vector<Row> &rows) const;
  int report_all(const CompareOptions &per_look, const std::vector<int> &looks, double elapsed, bool budget_spent);
};

// The runners' options ask for --instrument=valgrind.
bool instrument_valgrind(const std::vector<std::string> &args);

} // namespace steady::driver::ab
