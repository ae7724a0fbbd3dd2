// steady ab and the two binaries (ab.h): probing them, the runner arguments
// of a fork, running forks (one by one, or a round as a Slurm job array) and
// reading what each runner wrote back as a typed fork.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#include <fmt/core.h>
#include <fmt/format.h>

#include "ab.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/runner_args.h"

namespace steady::driver::ab {
namespace {

using json = nlohmann::json;

// Runs a runner (or a probe of one) with its output in CAPTURE.out and
// CAPTURE.err, passing an interrupt on to it.
ProgramRun spawn(const std::vector<std::string> &args, const std::string &capture, double limit = 0) {
  return run_captured(args, capture, {.timeout = limit, .interrupt = &g_signal});
}

std::string last_line(const std::string &s) {
  std::string t = s;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r'))
    t.pop_back();
  std::size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

} // namespace

// The runners' options ask for --instrument=valgrind.
bool instrument_valgrind(const std::vector<std::string> &args) {
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--instrument=valgrind" ||
        (args[i] == "--instrument" && i + 1 < args.size() && args[i + 1] == "valgrind"))
      return true;
  return false;
}

bool Ab::check_binary(int side, std::vector<std::string> &names) {
  const std::string &bin = o_.bin[side];
  // The runner's --help names it; anything else is not a steady benchmark
  // (it may ignore or misread the runner's options).
  ProgramRun help = spawn({bin, "--help"}, tmp_ + "/help", o_.probe_timeout);
  if (!help.problem.empty()) {
    fmt::print(stderr, "steady ab: {} ({}): {}\n", kSide[side], bin, help.problem);
    return false;
  }
  if (help.timed_out) {
    fmt::print(stderr, "steady ab: {} '{}' is not a steady benchmark binary (its --help did not finish in {:g} s)\n",
               kSide[side], bin, o_.probe_timeout);
    return false;
  }
  if (help.status != 0 || help.out.find("steady benchmark runner") == std::string::npos) {
    fmt::print(stderr,
               "steady ab: {} '{}' is not a steady benchmark binary (its --help {}); build it with `steady c++` "
               "or link libsteady\n",
               kSide[side], bin,
               help.status != 0 ? fmt::format("exited with status {}", help.status)
                                : std::string("does not describe the steady runner"));
    return false;
  }
  keeps_baselines_[side] = help.out.find("--no-baseline") != std::string::npos;
  takes_turns_[side] = help.out.find(kLockstepEnv) != std::string::npos;
  takes_layout_draw_[side] = help.out.find(kLayoutDrawOption) != std::string::npos;
  ProgramRun list = spawn({bin, "--list", "--filter=" + o_.filter}, tmp_ + "/list", o_.probe_timeout);
  if (list.status != 0 || list.timed_out) {
    fmt::print(stderr, "steady ab: {} '{}' --list failed ({}): {}\n", kSide[side], bin,
               list.timed_out ? fmt::format("did not finish in {:g} s", o_.probe_timeout)
                              : fmt::format("status {}", list.status),
               last_line(list.err));
    return false;
  }
  std::istringstream lines(list.out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty())
      names.push_back(line);
  return true;
}

// The benchmarks both binaries have (those only one has are named).
bool Ab::select_benchmarks() {
  std::vector<std::string> names[2];
  for (int side : {0, 1})
    if (!check_binary(side, names[side]))
      return false;
  std::set<std::string> in_b(names[1].begin(), names[1].end()), in_a(names[0].begin(), names[0].end());
  for (const std::string &n : names[0])
    if (in_b.count(n))
      benches_.emplace_back().name = n;
    else
      fmt::print(stderr, "steady ab: {} is only in A ('{}'): not compared\n", n, o_.bin[0]);
  for (const std::string &n : names[1])
    if (!in_a.count(n))
      fmt::print(stderr, "steady ab: {} is only in B ('{}'): not compared\n", n, o_.bin[1]);
  if (benches_.empty()) {
    fmt::print(stderr, "steady ab: '{}' and '{}' have no benchmark in common{}\n", o_.bin[0], o_.bin[1],
               o_.filter == ".*" ? "" : " matching --filter=" + o_.filter);
    return false;
  }
  return true;
}

std::vector<std::string> Ab::runner_args(int side, const Bench &b, int round, const std::string &out) const {
  // One fork per runner, with what ab sets; the rest is the user's (o_.runner_args).
  RunConfig c;
  c.counters_auto = true; // --counters, if any, among the user's options
  c.stop = "none";
  c.forks = 1;
  c.warmup_forks = 0;
  c.warmup_iterations = o_.warmup_iterations;
  c.iterations = o_.iterations;
  // With --layout=random the round's A and B fork draw the same layout (code
  // offset, stack, heap), so that the layout's spread cancels in their ratio
  // as the machine's state does: one seed for the whole run, and the round as
  // the draw, so that the rounds take the code offsets in the runner's
  // shuffled blocks of four (each offset once per four rounds). A runner
  // without kLayoutDrawOption gets a seed per round (the offsets at random).
  const bool draws = takes_layout_draw_[0] && takes_layout_draw_[1];
  c.seed = draws ? (o_.seed ? o_.seed : ~std::uint64_t(0)) // 0: every runner would draw anew
                 : (o_.seed << 32) + std::uint64_t(round);
  c.timeout = o_.fork_timeout;
  c.json = out;
  if (o_.iteration_time > 0)
    c.iteration_time = c.warmup_time = o_.iteration_time;
  if (keeps_baselines_[side]) {
    c.no_baseline = true;
    c.json_samples = "full";
  }
  // Written even at this build's defaults: the binaries may be built with
  // another version of steady.
  std::vector<std::string_view> pinned = {"--forks",      "--warmup-forks", "--warmup-iterations",
                                          "--iterations", "--seed",         "--timeout"};
  if (o_.iteration_time > 0)
    pinned.insert(pinned.end(), {"--iteration-time", "--warmup-time"});
  std::vector<std::string> args = {o_.bin[side], exact_filter(b.name)};
  for (std::string &a : steady::runner_args(c, pinned))
    args.push_back(std::move(a));
  // The first runner's TSC frequency for all the others: no calibration
  // noise between forks, and ~100 ms less per fork.
  if (ticks_per_ns_ > 0 && !o_.slurm) // nodes differ in frequency: each runner calibrates its own
    args.push_back(fmt::format("--steady-timer={},{}", ticks_per_ns_, timer_source_));
  if (valgrind_checked_[side])
    args.push_back("--steady-valgrind-checked");
  if (draws)
    args.push_back(fmt::format("{}={}", kLayoutDrawOption, round));
  if (const std::uint64_t decided = b.side[side].batch_size)
    args.push_back(fmt::format("--steady-batch-size={}", decided));
  // --cause: the forks' own callgrind profile is the cause's measurement
  // (each fork overwrites it: the side's last one is kept), unless the user
  // keeps it elsewhere.
  if (o_.cause && instrument_valgrind(o_.runner_args) &&
      std::none_of(o_.runner_args.begin(), o_.runner_args.end(),
                   [](const std::string &a) { return a.starts_with("--callgrind-profile"); }))
    args.push_back("--callgrind-profile=" + profile_path(b, side));
  args.insert(args.end(), o_.runner_args.begin(), o_.runner_args.end());
  return args;
}

std::string Ab::profile_path(const Bench &b, int side) const {
  return fmt::format("{}/profile-{}-{}.callgrind", tmp_, &b - benches_.data(), kSide[side]);
}

// The fork a runner wrote to `out`; sets `problem` when it failed. The runner
// writes its file even when the fork inside it fails; no file (or no such
// benchmark in it) means the runner itself failed.
ForkResult Ab::read_fork(Bench &b, int side, const std::string &out, std::string &problem) {
  json doc = read_json_file(out);
  if (!is_results_document(doc))
    throw std::runtime_error("it is not a steady result file");
  RunResult run = results_from_json(doc, "'" + out + "'");
  std::optional<ForkResult> fork;
  for (BenchmarkResult &e : run.benchmarks) {
    if (e.name == b.name && !e.not_measured.empty()) // a test steady gtest does not measure: disabled, skipped...
      throw std::runtime_error("not measured: " + e.not_measured);
    if (e.name == b.name && !e.forks.empty()) {
      if (!b.identified) {
        for (BenchmarkResult &mine : b.side) {
          mine.name = e.name;
          mine.params = e.params;
          mine.file = e.file;
          mine.line = e.line;
          mine.protected_by_plugin = e.protected_by_plugin;
        }
        b.identified = true;
      }
      if (!b.side[side].code)
        b.side[side].code = e.code; // each binary's own machine code
      // The side's first runner decided a Google Benchmark function's batch
      // size: its later runners run it (a binary that writes the row's size
      // knows --steady-batch-size; older ones write none and size their own).
      if (!b.side[side].batch_size)
        b.side[side].batch_size = e.batch_size;
      fork = std::move(e.forks.front());
    }
  }
  if (!fork)
    throw std::runtime_error("the runner measured no fork of it");
  if (ticks_per_ns_ == 0) {
    ticks_per_ns_ = run.timer.ticks_per_ns;
    timer_source_ = run.timer.source;
  }
  if (o_.slurm) // in the ticks of the first runner, like the forks that share its frequency
    rescale_ticks(*fork, run.timer.ticks_per_ns, ticks_per_ns_);
  if (!header_[side]) {
    run.benchmarks.clear();
    header_[side] = std::move(run);
  }
  if (fork->failed())
    problem = fmt::format("fork {}: {}", to_string(fork->status), fork->error);
  return *fork;
}

void Ab::run_fork(Bench &b, int side, int round) {
  std::string out = fmt::format("{}/fork-{}.json", tmp_, sequence_);
  std::vector<std::string> args = runner_args(side, b, round, out);
  int seq = sequence_++;
  collect_fork(b, side, round, seq, out, spawn(args, out));
}

bool Ab::run_pair(Bench &b, int first, int round) {
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    fmt::print(stderr, "steady ab: socketpair: {}; this round's forks of {} run one after the other\n",
               std::strerror(errno), b.name);
    return false;
  }
  // The first turn waits at `first`'s end.
  const char turn = 'T';
  if (write(ends[1 - first], &turn, 1) != 1)
    fmt::print(stderr, "steady ab: lockstep: {}\n", std::strerror(errno));
  const int cpu = cpus_.empty() ? -1 : cpus_[rng_() % cpus_.size()];
  std::string out[2];
  std::vector<std::string> args[2];
  int seq[2];
  for (int side : {first, 1 - first}) {
    out[side] = fmt::format("{}/fork-{}.json", tmp_, sequence_);
    args[side] = runner_args(side, b, round, out[side]);
    seq[side] = sequence_++;
  }
  ProgramRun r[2];
  auto run = [&](int side) {
    r[side] = run_captured(args[side], out[side],
                           {.interrupt = &g_signal,
                            .env = {fmt::format("{}={},{}", kLockstepEnv, kHandedFd, cpu)},
                            .hand_fd = ends[side]});
  };
  std::thread other(run, 1 - first);
  run(first);
  other.join();
  for (int side : {first, 1 - first})
    collect_fork(b, side, round, seq[side], out[side], r[side]);
  return true;
}

// What a runner left in `out` (`r`: how it ended), as fork `seq` of `b`'s side.
void Ab::collect_fork(Bench &b, int side, int round, int seq, const std::string &out, const ProgramRun &r) {
  ForkResult fork;
  std::string problem = r.problem;
  if (problem.empty()) {
    try {
      fork = read_fork(b, side, out, problem);
    } catch (const std::exception &e) {
      problem = fmt::format("runner exited with status {}: {}; {}", r.status, e.what(), last_line(r.err));
      fork.status = ForkStatus::runner_failed;
      fork.error = problem;
    }
    std::remove(out.c_str()); // also when it was unreadable: the directory is removed at the end
  } else {
    fork.status = ForkStatus::runner_failed;
    fork.error = problem;
  }
  // Every runner calibrates its own TSC frequency; one conversion for all
  // forks keeps calibration noise out of the ratio.
  if (ticks_per_ns_ > 0)
    for (Iteration &it : fork.iterations)
      it.ns_per_op = it.ticks_per_op / ticks_per_ns_;
  std::vector<ForkResult> &forks = b.side[side].forks;
  fork.number = int(forks.size()) + 1;
  fork.ab = AbFork{kSide[side], o_.bin[side], round, seq};
  if (o_.verbose)
    fmt::print(stderr, "steady ab: round {} #{} {} {} fork {} pid {}: {}\n", round, seq, kSide[side], b.name,
               fork.number, fork.pid, problem.empty() ? "ok" : problem);
  if (problem.empty()) {
    ++b.ok[side];
    valgrind_checked_[side] |= instrument_valgrind(o_.runner_args);
  } else if (g_signal) { // the interrupt stopped it: kept, not a failure to report
    if (fork.status == ForkStatus::ok || fork.status == ForkStatus::runner_failed)
      fork.status = ForkStatus::interrupted;
  } else {
    ++b.failed[side];
    fmt::print(stderr, "steady ab: {} ({}) {} fork {} failed: {}; what was measured is kept, the run goes on\n",
               kSide[side], o_.bin[side], b.name, fork.number, problem);
  }
  forks.push_back(std::move(fork));
}

// The round as one job array: a task per benchmark runs its two forks, in a
// random order, on one node, so that the node's speed cancels in the ratio.
void Ab::run_round_on_slurm(const std::vector<Bench *> &pending, int round) {
  struct Planned {
    Bench *b;
    int side, seq;
    std::string out;
  };
  std::vector<Planned> planned;
  std::vector<WaveTask> tasks;
  for (Bench *b : pending) {
    WaveTask &task = tasks.emplace_back();
    int first = int(rng_() & 1);
    for (int side : {first, 1 - first}) {
      std::string out = fmt::format("{}/fork-{}.json", tmp_, sequence_);
      std::vector<std::string> args = runner_args(side, *b, round, out);
      std::erase(args, "--json=" + out); // the task writes the file, stamped with its node
      planned.push_back({b, side, sequence_++, out});
      task.runs.push_back({args, out});
    }
  }
  const std::string wave = fmt::format("{}/round-{}.json", tmp_, round);
  std::map<int, TaskState> states;
  try {
    write_output(wave, [&](std::ostream &o) { o << nlohmann::json{{"tasks", tasks}}.dump() << "\n"; });
    states = run_wave(wave, tasks, slurm_name_, o_.place, tmp_ + "/logs", &g_signal);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady ab: {}\n", e.what());
  }
  std::remove(wave.c_str());
  for (std::size_t k = 0; k < planned.size(); ++k) {
    const Planned &p = planned[k];
    ProgramRun r;
    r.status = 0;
    if (!std::ifstream(p.out)) {
      const TaskState &s = states.count(int(k / 2)) ? states[int(k / 2)] : states[kUnlisted];
      r.problem = fmt::format("Slurm task {} on {}: {}, exit code {}", s.job_id, s.node.empty() ? "?" : s.node,
                              s.state.empty() ? "unknown" : s.state, s.exit_code.empty() ? "?" : s.exit_code);
    }
    collect_fork(*p.b, p.side, round, p.seq, p.out, r);
  }
}

} // namespace steady::driver::ab
