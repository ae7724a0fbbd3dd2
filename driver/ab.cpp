// steady ab OLD NEW [runner options]: run two benchmark binaries with their
// forks interleaved and compare them (Peass's method).
//
// Each round runs one fork of every undecided benchmark on both sides, in a
// seeded random order (benchmarks shuffled, and per benchmark A then B or B
// then A), so that drift of the machine hits both versions alike. Every fork
// is a separate runner process (`BIN --filter='^name$' --stop=none --forks=1
// ... --json=tmp`): each side's forks are the same kind of fresh process. At
// looks after min-forks, 2 min-forks, 4 min-forks ... forks per side the
// benchmark is compared (comparison.cpp) and stops getting forks once its
// verdict is slower, faster or same. Each look tests at alpha / (number of
// looks), so that looking repeatedly does not raise the false-positive rate
// above alpha (Bonferroni over a handful of doubling looks). The run ends when
// every benchmark is decided, or at --max-forks per side, or when --budget
// seconds are spent.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <unistd.h>

#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ab_tally.h"
#include "commands.h"
#include "comparison.h"
#include "process.h"
#include "report.h"
#include "slurm.h"
#include "steady/option_checks.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/runner_args.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

// SIGINT or SIGTERM: no new fork starts, the running one is told to stop (a
// terminal's Ctrl-C reaches it anyway), and everything measured is kept.
std::atomic<int> g_signal{0};

void on_signal(int sig) { g_signal = sig; }

struct AbOptions {
  std::string bin[2];
  std::string filter = ".*";
  bool changed_only = false; // run only the benchmarks whose reachable code differs (steady select)
  int warmup_iterations = 3, iterations = 10, min_forks = 5, max_forks = 40;
  double iteration_time = 0, budget = 0, fork_timeout = 120; // 0: the runner's default / no budget
  // --help and --list finish in milliseconds; a binary that hangs on them is
  // not a steady runner.
  double probe_timeout = 10;
  std::uint64_t seed = 1;
  std::string json_side[2];
  bool verbose = false;
  std::vector<std::string> runner_args;
  // --slurm: every round is a job array, a task per benchmark running its A
  // and B fork one after the other on one node (slurm.h).
  bool slurm = false;
  SlurmPlace place;
};

const char *kSide[2] = {"A", "B"};

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

// The runners' options ask for --instrument=valgrind.
bool instrument_valgrind(const std::vector<std::string> &args) {
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--instrument=valgrind" ||
        (args[i] == "--instrument" && i + 1 < args.size() && args[i + 1] == "valgrind"))
      return true;
  return false;
}

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
  // A runner under --instrument=valgrind succeeded: the others need not
  // check valgrind again (its probe costs a valgrind start-up per fork).
  bool valgrind_checked_[2] = {false, false}; // per side: it checks that binary
  // The runner keeps baselines and thins its JSON's samples (steady 0.1 and
  // later, as its --help says): ab's forks are neither runs to compare with
  // nor to be thinned.
  bool keeps_baselines_[2] = {false, false};

  bool check_binary(int side, std::vector<std::string> &names);
  bool select_benchmarks();
  std::vector<std::string> runner_args(int side, const Bench &b, const std::string &out) const;
  ForkResult read_fork(Bench &b, int side, const std::string &out, std::string &problem);
  void run_fork(Bench &b, int side, int round);
  void collect_fork(Bench &b, int side, int round, int seq, const std::string &out, const ProgramRun &r);
  void run_round_on_slurm(const std::vector<Bench *> &pending, int round);
  void run_round(int round, const std::vector<int> &looks, const CompareOptions &per_look);
  RunResult side_results(int side) const;
  std::optional<Row> compare(const Bench &b, const CompareOptions &c) const;
  // Writes --json-a/--json-b (a FIFO or device only when `last`); false when
  // one could not be written.
  bool write_sides(bool last) const;
  int report_all(const CompareOptions &per_look, const std::vector<int> &looks, double elapsed, bool budget_spent);
};

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

std::vector<std::string> Ab::runner_args(int side, const Bench &b, const std::string &out) const {
  // One fork per runner, with what ab sets; the rest is the user's (o_.runner_args).
  RunConfig c;
  c.counters_auto = true; // --counters, if any, among the user's options
  c.stop = "none";
  c.forks = 1;
  c.warmup_forks = 0;
  c.warmup_iterations = o_.warmup_iterations;
  c.iterations = o_.iterations;
  c.seed = o_.seed + std::uint64_t(sequence_);
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
  args.insert(args.end(), o_.runner_args.begin(), o_.runner_args.end());
  return args;
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
  for (BenchmarkResult &e : run.benchmarks)
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
      fork = std::move(e.forks.front());
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
  std::vector<std::string> args = runner_args(side, b, out);
  int seq = sequence_++;
  collect_fork(b, side, round, seq, out, spawn(args, out));
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

RunResult Ab::side_results(int side) const {
  RunResult run = header_[side].value_or(RunResult{});
  run.partial = g_signal != 0;
  if (ticks_per_ns_ > 0)
    run.timer.ticks_per_ns = ticks_per_ns_;
  run.ab = AbRun{kSide[side], o_.bin[side], o_.bin[1 - side], o_.seed};
  for (const Bench &b : benches_) {
    if (!b.identified)
      continue;
    // A summary for readers of the file, as the runner's; compare recomputes
    // from the forks.
    StopResult stop;
    stop.reason = b.decided ? "steady ab: decided" : "steady ab: undecided at the end of the run";
    finish_benchmark(run.benchmarks.emplace_back(b.side[side]), std::move(stop), run);
  }
  return run;
}

std::optional<Row> Ab::compare(const Bench &b, const CompareOptions &c) const {
  Series a = series_of(b.side[0], ticks_per_ns_), n = series_of(b.side[1], ticks_per_ns_);
  if (a.forks.empty() || n.forks.empty())
    return std::nullopt;
  Row r = compare_series(b.name, a, n, c);
  r.forks = std::pair(int(a.forks.size()), int(n.forks.size()));
  return r;
}

bool Ab::write_sides(bool last) const {
  bool ok = true;
  for (int side : {0, 1}) {
    if (o_.json_side[side].empty() || (!last && written_in_place(o_.json_side[side])))
      continue;
    try {
      const json doc = side_results(side);
      write_output(o_.json_side[side], [&](std::ostream &out) { out << doc.dump() << "\n"; });
    } catch (const std::exception &e) {
      fmt::print(stderr, "steady ab: {}\n", e.what());
      ok = false;
    }
  }
  return ok;
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
      std::vector<std::string> args = runner_args(side, *b, out);
      std::erase(args, "--json=" + out); // the task writes the file, stamped with its node
      planned.push_back({b, side, sequence_++, out});
      task.runs.push_back({args, out});
    }
  }
  const std::string wave = fmt::format("{}/round-{}.json", tmp_, round);
  std::map<int, TaskState> states;
  try {
    write_output(wave, [&](std::ostream &o) { o << nlohmann::json{{"tasks", tasks}}.dump() << "\n"; });
    states = run_wave(wave, tasks, slurm_name_, o_.place, tmp_ + "/logs");
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

// One fork of every pending benchmark on both sides, in a random order, then
// a look at those that reached the next look.
void Ab::run_round(int round, const std::vector<int> &looks, const CompareOptions &per_look) {
  std::vector<Bench *> pending;
  for (Bench &b : benches_)
    if (b.wants_forks())
      pending.push_back(&b);
  std::shuffle(pending.begin(), pending.end(), rng_);
  if (o_.slurm)
    run_round_on_slurm(pending, round);
  for (Bench *b : pending) {
    if (!o_.slurm) {
      if (g_signal)
        return;
      int first = int(rng_() & 1);
      run_fork(*b, first, round);
      if (g_signal) // B's fork of this round is not run: an unpaired A fork is kept all the same
        return;
      run_fork(*b, 1 - first, round);
    }
    // A benchmark that keeps failing on a side is given up, with its data.
    if (int side = b->failing_side(); side >= 0 && !b->given_up) {
      b->given_up = true;
      fmt::print(stderr, "steady ab: {} fails on {} ('{}'): no more forks of it\n", b->name, kSide[side], o_.bin[side]);
    }
  }
  for (Bench *b : pending) {
    if (b->given_up || !b->take_look(looks))
      continue;
    std::optional<Row> row = compare(*b, per_look);
    b->decided = row && row->result.decided();
    if (!o_.verbose && isatty(2))
      fmt::print(stderr, "\r\033[Kround {}: {} {}", round, b->name, row ? to_string(row->result.verdict) : "");
  }
}

// The final comparison of everything measured, at the per-look alpha the
// decisions were made with.
int Ab::report_all(const CompareOptions &per_look, const std::vector<int> &looks, double elapsed, bool budget_spent) {
  std::vector<Row> rows;
  int undecided = 0;
  for (Bench &b : benches_) {
    std::optional<Row> r = compare(b, per_look);
    if (!r) {
      fmt::print(stderr,
                 "steady ab: {} has too few successful forks to compare (A {} ok {} failed, B {} ok {} failed)\n",
                 b.name, b.ok[0], b.failed[0], b.ok[1], b.failed[1]);
      continue;
    }
    undecided += !r->result.decided();
    rows.push_back(*r);
  }
  const bool written = write_sides(true);
  if (rows.empty())
    return g_signal ? 128 + g_signal : 2;
  fmt::print("A: {}\nB: {}\n", o_.bin[0], o_.bin[1]);
  json header = {{"schema", "steady-compare/1"},
                 {"base", o_.bin[0]},
                 {"new", o_.bin[1]},
                 {"ab",
                  {{"seed", o_.seed},
                   {"alpha_per_look", per_look.alpha},
                   {"looks", looks},
                   {"seconds", elapsed},
                   {"forks_run", sequence_},
                   {"budget_spent", budget_spent}}}};
  if (!o_.json_side[0].empty())
    header["base_results"] = o_.json_side[0];
  if (!o_.json_side[1].empty())
    header["new_results"] = o_.json_side[1];
  bool gate = false;
  try {
    gate = report(rows, per_look, "steady ab", header);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady ab: {}\n", e.what());
    return 2;
  }
  if (!c_.html_out.empty() && !write_comparison_report(c_.html_out, "steady ab", rows, per_look,
                                                       compared_side(fmt::format("A: {}", o_.bin[0]), side_results(0)),
                                                       compared_side(fmt::format("B: {}", o_.bin[1]), side_results(1))))
    return 2;
  // A benchmark left out of the table fails the run, as a benchmark whose
  // every fork failed fails the runner.
  const std::size_t uncompared = benches_.size() - rows.size();
  fmt::print("{} forks in {:.1f} s; {} of {} benchmark(s) decided{}{}; tests at alpha {:.3g} per look (looks at {} "
             "forks per version)\n",
             sequence_, elapsed, rows.size() - undecided, rows.size(),
             g_signal       ? " (interrupted)"
             : budget_spent ? " (the --budget ran out)"
                            : "",
             uncompared ? fmt::format(", {} not compared (too few successful forks)", uncompared) : "", per_look.alpha,
             fmt::join(looks, ", "));
  if (g_signal)
    return 128 + g_signal;
  return !written ? 2 : gate || uncompared ? 1 : 0;
}

int Ab::run() {
  // The runners' captured output lives in $TMPDIR (default /tmp); with
  // --slurm in the current directory, since Slurm's nodes see the forks'
  // files only on a shared file system.
  if (o_.slurm)
    if (auto why = slurm_unavailable()) {
      fmt::print(stderr, "steady ab: {}\n", *why);
      return 2;
    }
  const char *tmpdir = std::getenv("TMPDIR");
  const std::string parent = o_.slurm ? "." : tmpdir && *tmpdir ? tmpdir : "/tmp";
  std::string pattern = parent + "/steady-ab.XXXXXX";
  if (!mkdtemp(pattern.data())) {
    fmt::print(stderr, "steady ab: cannot create a temporary directory in '{}'{} for the runners' output: {}\n", parent,
               o_.slurm ? "" : " ($TMPDIR)", std::strerror(errno));
    return 2;
  }
  tmp_ = std::filesystem::absolute(pattern).lexically_normal().string();
  slurm_name_ = "steady-ab-" + std::to_string(getpid());
  struct Cleanup { // also what an interrupted runner left in it
    std::string d;
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(d, ec);
    }
  } cleanup{tmp_};
  struct sigaction sa{};
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  if (!select_benchmarks())
    return g_signal ? 128 + g_signal : 2;

  const std::vector<int> looks = stats::look_schedule(o_.min_forks, o_.max_forks);
  CompareOptions per_look = c_;
  per_look.alpha = c_.alpha / double(looks.size());

  const Clock::time_point start = Clock::now();
  // After a round, so that an interrupted run keeps its data; but the files
  // grow with every round, so (like the runner) at most ~10 % of the time
  // goes to writing them.
  SaveThrottle throttle;
  bool budget_spent = false;
  for (int round = 1; round <= o_.max_forks && !g_signal; ++round) {
    if (std::none_of(benches_.begin(), benches_.end(), [](const Bench &b) { return b.wants_forks(); }))
      break;
    if (o_.budget > 0 && std::chrono::duration<double>(Clock::now() - start).count() > o_.budget) {
      budget_spent = true;
      break;
    }
    run_round(round, looks, per_look);
    throttle.save([&] { write_sides(false); });
  }
  if (!o_.verbose && isatty(2))
    fmt::print(stderr, "\r\033[K");
  return report_all(per_look, looks, std::chrono::duration<double>(Clock::now() - start).count(), budget_spent);
}

} // namespace

// --changed-only: the filter becomes the changed payloads (a parameterized
// benchmark's instances are NAME/...). False when nothing is left to run.
static bool restrict_to_changed(AbOptions &o) {
  if (o.filter != ".*")
    throw CLI::ValidationError("--changed-only", "selects the benchmarks itself: not with --filter");
  std::vector<std::string> changed;
  if (!select_and_print("steady ab", o.bin[0], o.bin[1], changed))
    throw CLI::RuntimeError(2);
  if (changed.empty()) {
    fmt::print("steady ab: no benchmark reaches changed code: nothing to run\n");
    return false;
  }
  std::string names;
  for (const std::string &n : changed)
    names += (names.empty() ? "" : "|") + regex_escape(n);
  o.filter = "^(" + names + ")(/.*)?$";
  return true;
}

void add_ab(CLI::App &app, const std::vector<std::string> &after_dashes) {
  auto o = std::make_shared<AbOptions>();
  auto c = std::make_shared<CompareOptions>();
  auto gate = std::make_shared<std::string>();
  auto margin = std::make_shared<std::string>("1%");
  CLI::App *sub = app.add_subcommand(
      "ab", "Run two benchmark binaries with interleaved forks (A B B A ...) until every benchmark is decided, "
            "then compare them like `steady compare`; other options (and those after --) go to both runners");
  sub->add_option("old", o->bin[0], "The baseline benchmark binary (A)")->required();
  sub->add_option("new", o->bin[1], "The new benchmark binary (B)")->required();
  sub->add_option("--filter", o->filter, "Benchmarks whose name matches this regex")->capture_default_str();
  sub->add_flag("--changed-only", o->changed_only,
                "Run only the benchmarks whose reachable code differs (as `steady select` lists them)");
  sub->add_option("--warmup-iterations,--wi", o->warmup_iterations, "Warmup iterations per fork")
      ->capture_default_str();
  sub->add_option("--iterations,-i", o->iterations, "Measurement iterations per fork")->capture_default_str();
  sub->add_option("--iteration-time", o->iteration_time,
                  "Seconds per warmup and measurement iteration (default: the runner's)");
  sub->add_option("--min-forks", o->min_forks, "Forks per version before the first look")->capture_default_str();
  sub->add_option("--max-forks", o->max_forks, "Forks per version at most")->capture_default_str();
  sub->add_option("--budget", o->budget, "Seconds after which no new round starts (0: no limit)")
      ->capture_default_str();
  sub->add_option("--timeout", o->fork_timeout, "Seconds before a fork is killed as hung")->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of the fork order")->capture_default_str();
  sub->add_option("--probe-timeout", o->probe_timeout, "Seconds a binary's --help and --list may take")
      ->check(steady::options::finite(true, "seconds"))
      ->capture_default_str();
  sub->add_option("--json-a", o->json_side[0], "Write A's forks as a steady result file (for steady compare)");
  sub->add_option("--json-b", o->json_side[1], "Write B's forks as a steady result file");
  sub->add_flag("--verbose,-v", o->verbose, "Print every fork as it finishes");
  sub->add_flag("--slurm", o->slurm,
                "Run every round as a Slurm job array: each benchmark's A and B fork on the same node, one after the "
                "other (needs the binaries and the current directory on a shared file system)");
  sub->add_option("--partition", o->place.partition, "With --slurm: the jobs' partition");
  sub->add_option("--time", o->place.time, "With --slurm: time limit per task");
  sub->add_option("--max-nodes", o->place.max_nodes, "With --slurm: tasks running at once")
      ->check(CLI::NonNegativeNumber);
  add_comparison_options(sub, *c, *gate, *margin);
  sub->allow_extras();
  sub->callback([sub, o, c, gate, margin, after_dashes] {
    parse_gate_options(*c, *gate, *margin);
    if (o->min_forks < 2 || o->max_forks < o->min_forks)
      throw CLI::ValidationError("--min-forks/--max-forks", "need 2 <= min-forks <= max-forks");
    o->runner_args = sub->remaining();
    o->runner_args.insert(o->runner_args.end(), after_dashes.begin(), after_dashes.end());
    // The per-fork runner options are ab's to set.
    for (const std::string &a : o->runner_args)
      for (const char *own : {"--forks", "--stop", "--json", "--filter", "--list", "--warmup-forks"})
        if (a == own || a.rfind(std::string(own) + "=", 0) == 0)
          throw CLI::ValidationError(a, "is set by steady ab for every fork");
    check_outputs("steady ab", {{"--json-a", o->json_side[0]},
                                {"--json-b", o->json_side[1]},
                                {"--json", c->json_out},
                                {"--markdown", c->markdown_out}});
    if (!c->html_out.empty() && !check_report_output(c->html_out, "steady ab"))
      throw CLI::RuntimeError(2);
    if (o->changed_only && !restrict_to_changed(*o))
      return;
    Ab ab(*o, *c);
    if (int status = ab.run())
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
