// The runner: command line, benchmark selection, forks, outputs, interrupts.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <poll.h>
#include <regex>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "baseline.h"
#include "batch_clock.h"
#include "batch_handoff.h"
#include "cli.h"
#include "code_fingerprint.h"
#include "complexity.h"
#include "flags.h"
#include "fork.h"
#include "layout.h"
#include "measure.h"
#include "outputs.h"
#include "steady/fork_loop.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/runner_args.h"
#include "valgrind.h"

namespace steady {
namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0}; // the one that interrupted: the exit status is 128 + it, as a shell reports

void on_signal(int sig) {
  g_signal = sig;
  g_interrupted = true;
}

std::string now_utc() {
  char buf[32];
  std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// The options a fork needs to measure like its parent: its configuration,
// with the counters its parent opened, and the parent's timer calibration,
// whole (TimerInfo's JSON): every fork subtracts the same overhead, and none
// spends 0.7 ms of its ~25 ms measuring it again (a quarter of a fork's
// start-up at the defaults). Under valgrind only the frequency: a fork
// under callgrind measures what reading the counter costs there.
std::vector<std::string> fork_args(RunConfig c, const TimerInfo &t, bool under_valgrind) {
  c.counters_auto = false;
  std::vector<std::string> a = runner_args(c);
  a.push_back(under_valgrind ? fmt::format("--steady-timer={},{}", t.ticks_per_ns, t.source)
                             : "--steady-timer=" + nlohmann::json(t).dump());
  return a;
}

// --steady-timer: a whole calibration (JSON, from the runner), or a known
// frequency and its source (steady ab's, under valgrind), the rest measured.
TimerInfo timer_from(const std::string &spec) {
  if (spec.empty())
    return calibrate_timer();
  if (spec.front() == '{')
    return nlohmann::json::parse(spec).get<TimerInfo>();
  std::size_t comma = spec.find(',');
  return calibrate_timer(std::stod(spec.substr(0, comma)), spec.substr(comma + 1));
}

// "1m05s", "42s".
std::string duration(double seconds) {
  long s = std::lround(std::max(0.0, seconds));
  return s >= 60 ? fmt::format("{}m{:02}s", s / 60, s % 60) : fmt::format("{}s", s);
}

// The progress line on stderr: on a terminal, one line rewritten at every
// iteration; elsewhere (--progress through a pipe) one line per fork. The
// estimate of the time left is the mean time of the benchmarks done so far
// times those left (the worst case before the first one is done).
class Progress {
  bool on_;
  bool tty_ = isatty(2);
  bool verbose_;

public:
  Progress(const RunConfig &cfg) : on_(cfg.progress == 1 || (cfg.progress == -1 && isatty(2))), verbose_(cfg.verbose) {}
  // `warmups`: warmup iterations of this fork so far (with this one);
  // `max_warmup`: their bound ("up to" with dynamic warmup).
  void update(const std::string &bench, std::size_t i, std::size_t n, int fork, int forks, const Iteration &it,
              int warmups, int max_warmup, bool dynamic, int iterations, const std::string &left) {
    std::string what = it.warmup ? fmt::format("warmup {}/{}{}", warmups, dynamic ? "<=" : "", max_warmup)
                                 : fmt::format("iteration {}/{}", it.index + 1 - warmups, iterations);
    if (verbose_)
      std::fprintf(stderr, "%s fork %d %s: %.3f ns/op (%llu ops, %d batches, %d preempted%s)%s%s\n", bench.c_str(),
                   fork, what.c_str(), it.ns_per_op, (unsigned long long)it.ops, it.batches_run,
                   it.preempted_switch + it.preempted_cpu_short, it.preemption_bound_hit ? ", bound hit" : "",
                   it.migrated ? " migrated" : "", it.multiplexed ? " multiplexed" : "");
    else if (on_ && tty_)
      std::fprintf(stderr, "\r\033[K[%zu/%zu] %s fork %d/%s%d %s, %s, %s left", i + 1, n, bench.c_str(), fork,
                   dynamic ? "<=" : "", forks, what.c_str(), scaled_time(it.ns_per_op).c_str(), left.c_str());
  }
  // A fork starts: through a pipe, the one line it gets.
  void fork_started(const std::string &bench, std::size_t i, std::size_t n, int fork, int forks, bool dynamic,
                    const std::string &left) {
    if (on_ && !tty_ && !verbose_) {
      std::fprintf(stderr, "[%zu/%zu] %s fork %d/%s%d, %s left\n", i + 1, n, bench.c_str(), fork, dynamic ? "<=" : "",
                   forks, left.c_str());
      std::fflush(stderr);
    }
  }
  void done() {
    if (on_ && tty_ && !verbose_)
      std::fprintf(stderr, "\r\033[K");
  }
};

ForkResult run_in_process(const Benchmark &b, int number, bool warmup, const RunConfig &cfg, const TimerInfo &timer,
                          std::uint64_t handed_batch, Counters &counters,
                          const std::function<void(const Iteration &)> &progress) {
  ForkResult f;
  f.number = number;
  f.warmup = warmup;
  f.pid = getpid();
  f.timer = timer;
  try {
    PreemptionProbe probe;
    probe.open(timer.ticks_per_ns);
    f.preemption = preemption_info(probe);
    const RunConfig own = fork_config(b, cfg);
    // A payload that calls fork() makes a child that runs on in this loop:
    // it is ended at its first iteration, after writing its pid to this pipe
    // (the fork fails). fork() copies the write end into the child: once ours
    // is closed, EOF says every child has ended (at its first iteration, or by
    // the payload's own _exit), so a child slower than this process's
    // iterations is still told. A child that lives on without exec holds the
    // end: its wait is bounded.
    int alive[2];
    if (pipe2(alive, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    struct ClosePipe {
      int *fds;
      ~ClosePipe() {
        for (int i = 0; i < 2; ++i)
          if (fds[i] >= 0)
            close(fds[i]);
      }
    } close_pipe{alive};
    ForkPlan plan{&b, &own, &timer, &counters, nullptr, &probe, &g_interrupted};
    plan.handed_batch = handed_batch;
    WarmupOutcome w = measure_fork(
        plan, [&](std::uint64_t n) { f.batch_size = n; },
        [&](const Iteration &it) {
          if (getpid() != f.pid) {
            const long pid = getpid();
            (void)!write(alive[1], &pid, sizeof pid); // fewer bytes than PIPE_BUF: one write
            _exit(0);
          }
          f.iterations.push_back(it);
          progress(it);
        });
    f.warmup_stable = w.stable;
    f.warmup_criterion = w.last;
    f.first_invocation_ns = w.first_invocation_ticks / timer.ticks_per_ns;
    f.state_report = take_state_report(timer);
    if (w.stopped)
      f.status = ForkStatus::interrupted;
    close(alive[1]);
    alive[1] = -1;
    pollfd eof{alive[0], POLLIN, 0};
    constexpr int kChildWaitMs = 10000;
    while (poll(&eof, 1, kChildWaitMs) < 0 && errno == EINTR) {
    }
    long pid = 0;
    if (eof.revents && read(alive[0], &pid, sizeof pid) == sizeof pid) {
      f.status = ForkStatus::error;
      f.error = payload_child_error(pid);
    }
  } catch (const Skipped &e) {
    f.status = ForkStatus::skipped;
    f.error = e.what();
  } catch (const std::exception &e) {
    f.status = ForkStatus::error;
    f.error = std::string("exception: ") + e.what();
  }
  return f;
}

// The benchmarks --filter selects, in registration order; false when the
// filter is not a valid regex.
bool select_benchmarks(const std::string &filter, std::vector<std::size_t> &selected) {
  std::regex re;
  try {
    re = std::regex(filter);
  } catch (const std::regex_error &e) {
    std::fprintf(stderr, "error: --filter='%s' is not a valid regex: %s\n", filter.c_str(), e.what());
    return false;
  }
  for (std::size_t i = 0; i < benchmarks().size(); ++i)
    if (std::regex_search(benchmarks()[i].name, re))
      selected.push_back(i);
  return true;
}

// Compiled at -O0, the plugin (which runs in the optimization pipeline) has
// nothing to protect, and the numbers are those of unoptimized code.
void warn_unprotected(const std::vector<std::size_t> &selected) {
  int self_timed = 0;
  for (std::size_t i : selected) {
    const Benchmark &b = benchmarks()[i];
    if (b.self_timed && !*b.protected_by_plugin) {
      ++self_timed;
      continue;
    }
    if (!b.optimized)
      std::fprintf(stderr,
                   "warning: %s (%s:%d) was compiled without optimization (-O0): it measures unoptimized code, "
                   "and the steady plugin does not run at -O0; compile with -O2\n",
                   b.name.c_str(), b.file, b.line);
    else if (!*b.protected_by_plugin)
      std::fprintf(stderr, "warning: %s (%s:%d) %s\n", b.name.c_str(), b.file, b.line,
                   b.unprotected_reason ? b.unprotected_reason
                                        : "was compiled without the steady plugin: its dead results and constant "
                                          "inputs are not protected from the optimizer");
  }
  if (self_timed)
    std::fprintf(stderr,
                 "note: %d Google Benchmark benchmark(s) not protected by the steady plugin (compiled without it, "
                 "or given to RegisterBenchmark as a std::function): their dead results and constant inputs are as "
                 "Google Benchmark leaves them (DoNotOptimize as written)\n",
                 self_timed);
}

// Two registrations of one name (a header with STEADY_BENCH included in two
// files) would mix their results under one name: "" when every name is unique.
std::string duplicate_names() {
  std::map<std::string, const Benchmark *> seen;
  for (const Benchmark &b : benchmarks()) {
    auto [it, fresh] = seen.emplace(b.name, &b);
    if (!fresh) {
      const Benchmark &a = *it->second;
      return fmt::format("benchmark '{}' is registered twice: at {}:{} (compiled in {}) and at {}:{} (compiled in "
                         "{}); give one another name, or define it in one file only",
                         b.name, a.file, a.line, a.translation_unit, b.file, b.line, b.translation_unit);
    }
  }
  return "";
}

// A run of the selected benchmarks, fork by fork, into one RunResult that is
// saved as it grows; each benchmark's row is printed as soon as it is done.
class Runner {
public:
  Runner(RunConfig &cfg, const std::string &timer_spec, const std::vector<std::string> &wanted_counters,
         const ValgrindSession *valgrind, std::optional<Baseline> baseline, std::string binary,
         std::uint64_t handed_batch, int layout_draw);
  void measure(const std::vector<std::size_t> &selected);
  // Saves, writes the Markdown and baselines, prints the warnings; the exit status.
  int finish();

private:
  using Clock = std::chrono::steady_clock;
  // `batch`: the size an earlier fork of the benchmark decided, or 0 (batch_handoff.h).
  ForkResult run_one_fork(std::size_t index, std::size_t k, std::size_t n, int f, bool warmup, std::uint64_t batch);
  void measure_benchmark(std::size_t index, std::size_t k, std::size_t n);
  void save(bool last);
  // The worst case of one benchmark, from the configuration.
  double worst_case_seconds() const;
  // The estimate of the time left, for the progress line.
  std::string time_left(std::size_t k, std::size_t n) const;
  // When benchmark k of n must start no further fork (--budget, --benchmark-budget).
  std::optional<Clock::time_point> deadline(std::size_t k, std::size_t n) const;

  RunConfig &cfg_;
  RunResult run_;
  Counters counters_;
  Progress progress_;
  ResultsWriter json_writer_;
  SaveThrottle throttle_;
  StopPolicy policy_;
  std::vector<std::string> fork_args_;
  std::vector<std::string> fork_wrapper_; // valgrind and its options, with --instrument=valgrind
  std::string valgrind_prefix_;           // where the forks' callgrind dumps and valgrind logs go
  int total_forks_ = 0;
  // --layout=random draws from --seed, or from a new seed every run when it is 0;
  // fork f takes draw f, or layout_draw_ + f - 1 when a driver said (cli.h).
  std::uint64_t layout_seed_ = 0;
  int layout_draw_ = 0;
  bool noted_fallback_ = false; // "perf refused: getrusage" is said once
  bool write_failed_ = false;   // the last write of --json or --csv failed
  std::string json_kept_;       // where the results went when nobody read the --json FIFO
  std::optional<Baseline> baseline_;
  std::vector<BaselineChange> baseline_changes_; // one per row compared, for the line under the table
  std::string binary_;
  std::uint64_t handed_batch_; // steady ab's: its side's first fork decided this benchmark's batch size
  std::optional<TableLayout> layout_;
  std::vector<std::vector<std::string>> rows_; // for --markdown
  Clock::time_point started_ = Clock::now(), bench_started_ = started_;
};

// At most this many batch samples per iteration in the default JSON: the
// examples' file stays at a few MB (116 MB with every sample), and a
// hierarchical bootstrap still has samples within each iteration.
constexpr std::size_t kDefaultJsonSamples = 16;

std::size_t json_samples(const RunConfig &c) {
  return c.json_samples == "full" ? 0 : c.json_samples == "compact" ? 1 : kDefaultJsonSamples;
}

Runner::Runner(RunConfig &cfg, const std::string &timer_spec, const std::vector<std::string> &wanted_counters,
               const ValgrindSession *valgrind, std::optional<Baseline> baseline, std::string binary,
               std::uint64_t handed_batch, int layout_draw)
    : cfg_(cfg), progress_(cfg), json_writer_(json_samples(cfg)), policy_(stop_policy(cfg)), layout_draw_(layout_draw),
      baseline_(std::move(baseline)), binary_(std::move(binary)), handed_batch_(handed_batch) {
  run_.config = cfg;
  run_.started = now_utc();
  run_.runner_pid = getpid();
  run_.machine = describe_machine();
  run_.load_start = run_.load_end = read_machine_load();
  // A given frequency (steady ab passes its first runner's to the others, so
  // that every fork of both versions converts ticks alike) skips the ~100 ms
  // calibration.
  run_.timer = timer_from(timer_spec);
  if (baseline_)
    baseline_->other_machine =
        machine_difference(baseline_->machine, baseline_->ticks_per_ns, run_.machine, run_.timer.ticks_per_ns);
  if (!run_.timer.invariant)
    std::fprintf(stderr, "warning: the TSC is not invariant on this CPU: times may drift with frequency changes\n");

  // Counters are opened here too (for --no-fork, and to report once what is
  // unavailable before anything runs); forks open their own.
  counters_.open(wanted_counters);
  if (!cfg.counters_auto)
    counters_.add_fallback();
  run_.counter_names = counters_.names();
  run_.counters_unavailable = counters_.unavailable();
  if (std::string line = counters_.summary(); !line.empty() && !cfg.counters_auto)
    std::fprintf(stderr, "note: %s\n", line.c_str());
  for (const std::string &w : counters_.warnings())
    std::fprintf(stderr, "warning: %s\n", w.c_str());
  counters_.enable();
  // The forks open what opened here (run.config keeps what was asked for).
  cfg.counters = counters_.names();
  fork_args_ = fork_args(cfg, run_.timer, valgrind != nullptr);
  if (valgrind) {
    fork_wrapper_ = valgrind->command();
    valgrind_prefix_ = valgrind->out_prefix();
    fork_args_.push_back("--steady-callgrind-out=" + valgrind->out_prefix());
    if (!valgrind->profile.empty())
      fork_args_.push_back("--callgrind-profile=" + valgrind->profile);
  }
  total_forks_ = cfg.warmup_forks + (policy_.dynamic() ? cfg.max_forks : cfg.forks);
  layout_seed_ = cfg.seed ? cfg.seed : fresh_layout_seed();
}

// The files are written again after every benchmark, so that a run killed by
// anything (even SIGKILL) leaves a valid file that says partial; with large
// files, at most ~10 % of the run's time goes to that (the last write always
// happens, and only it may say the run is complete).
void Runner::save(bool last) {
  if (!last)
    run_.partial = true;
  throttle_.save(
      [&] {
        write_failed_ = false;
        for (const std::string *path : {&cfg_.json, &cfg_.csv}) {
          if (path->empty() || (!last && written_in_place(*path)))
            continue;
          try {
            write_or_keep(*path, path == &cfg_.json ? ".json" : ".csv", [&](const std::string &to) {
              if (path == &cfg_.json)
                json_writer_.write(run_, to);
              else
                write_csv(run_, to);
            });
          } catch (const std::exception &e) {
            progress_.done();
            std::fprintf(stderr, "error: %s\n", e.what());
            write_failed_ = true;
            if (const auto *not_read = dynamic_cast<const OutputNotRead *>(&e); not_read && path == &cfg_.json)
              json_kept_ = not_read->kept;
          }
        }
      },
      last);
}

double Runner::worst_case_seconds() const {
  const int forks = cfg_.warmup_forks + (policy_.dynamic() ? cfg_.max_forks : cfg_.forks);
  const int warmups = policy_.dynamic() ? cfg_.max_warmup : cfg_.warmup_iterations;
  // A fork also starts a process and calibrates its batch size: about 0.1 s here.
  constexpr double kForkStart = 0.1;
  const double fork = warmups * cfg_.warmup_time + cfg_.iterations * cfg_.iteration_time + kForkStart;
  // A budget stops forks from starting, not a fork that has started.
  const double budget = benchmark_budget(cfg_);
  return budget > 0 ? std::min(forks * fork, budget + fork) : forks * fork;
}

std::string Runner::time_left(std::size_t k, std::size_t n) const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
  const double in_this = std::chrono::duration<double>(Clock::now() - bench_started_).count();
  double left =
      k == 0 ? worst_case_seconds() * double(n) - elapsed : (elapsed - in_this) / double(k) * double(n - k) - in_this;
  if (cfg_.budget > 0)
    left = std::min(left, cfg_.budget - elapsed);
  return (k == 0 ? "<= " : "~") + duration(left);
}

std::optional<Runner::Clock::time_point> Runner::deadline(std::size_t k, std::size_t n) const {
  std::optional<double> share;
  if (const double budget = benchmark_budget(cfg_); budget > 0)
    share = budget;
  if (cfg_.budget > 0) {
    const double left = cfg_.budget - std::chrono::duration<double>(bench_started_ - started_).count();
    share = std::min(share.value_or(left), left / double(n - k));
  }
  if (!share)
    return std::nullopt;
  return bench_started_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*share));
}

// Fork `f` of benchmark `index` (the k-th of n selected), in a fresh process
// unless --no-fork; says why it failed, and once how preemption is detected.
ForkResult Runner::run_one_fork(std::size_t index, std::size_t k, std::size_t n, int f, bool warmup,
                                std::uint64_t batch) {
  const Benchmark &b = benchmarks()[index];
  int warmups = 0;
  progress_.fork_started(b.name, k, n, f, total_forks_, policy_.dynamic(), time_left(k, n));
  auto report = [&](const Iteration &it) {
    warmups += it.warmup;
    progress_.update(b.name, k, n, f, total_forks_, it, warmups,
                     policy_.dynamic() ? cfg_.max_warmup : cfg_.warmup_iterations, policy_.dynamic(), cfg_.iterations,
                     time_left(k, n));
  };
  std::optional<ForkLayout> layout;
  std::string layout_spec;
  if (cfg_.layout == "random") {
    const std::vector<RunFn> copies = code_variants(b.run);
    const LayoutChoice c = choose_layout(layout_seed_, index, layout_draw_ ? layout_draw_ + f - 1 : f, copies.size());
    layout = describe(c, copies);
    layout_spec = steady::layout_spec(c);
  }
  ForkRequest req{index, f, warmup, fork_args_, cfg_.timeout, fork_wrapper_, layout_spec};
  if (const RunConfig own = fork_config(b, cfg_); stop_policy(own).dynamic()) {
    req.warmup_stop = stop_policy(own);
    req.min_warmup = own.min_warmup;
  }
  req.batch_size = batch;
  ForkResult fork = cfg_.no_fork ? run_in_process(b, f, warmup, cfg_, run_.timer, batch, counters_, report)
                                 : run_fork_process(req, g_interrupted, report, nullptr, nullptr);
  fork.layout = layout;
  fork.batch_size_handed = batch > 0 && fork.batch_size == batch;
  if (fork.failed() && fork.status != ForkStatus::interrupted && fork.status != ForkStatus::skipped) {
    progress_.done();
    // What valgrind said about it (its messages go to a log, not to the run's stderr).
    std::string why;
    if (!valgrind_prefix_.empty())
      if (std::string v = valgrind_reason(fmt::format("{}.{}.log", valgrind_prefix_, fork.pid)); !v.empty())
        why = " (valgrind: " + v + ")";
    std::fprintf(stderr, "error: %s fork %d %s: %s%s; %zu iteration(s) kept, the run goes on\n", b.name.c_str(), f,
                 to_string(fork.status).c_str(), fork.error.c_str(), why.c_str(), fork.iterations.size());
  }
  if (const PreemptionInfo &pi = fork.preemption; !pi.fallback_reason.empty() && !noted_fallback_) {
    progress_.done();
    std::fprintf(stderr, "note: preemption detected with %s (%s)\n", pi.mechanism.c_str(), pi.fallback_reason.c_str());
    noted_fallback_ = true;
  }
  return fork;
}

// What a benchmark's fixture declares it processes per invocation.
void declared_throughput(const Benchmark &b, BenchmarkResult &r) {
  std::unique_ptr<Fixture> f = create_fixture(b);
  if (!f)
    return;
  r.bytes_per_op = f->bytes_per_op();
  r.items_per_op = f->items_per_op();
}

// A trial that did not pass (steady gtest's run of a test before measuring
// it): no fork runs; a failure is kept as the benchmark's one failed fork.
void record_trial(const Trial &t, BenchmarkResult &r) {
  if (t.outcome == Trial::passed)
    return;
  if (t.outcome == Trial::not_measured) {
    r.not_measured = t.message;
    return;
  }
  ForkResult &f = r.forks.emplace_back();
  f.number = 1;
  f.status = t.outcome == Trial::timed_out ? ForkStatus::timeout
             : t.outcome == Trial::crashed ? ForkStatus::crashed
                                           : ForkStatus::error;
  f.error = t.message;
}

// Forks while the fork loop (ForkLoop: Algorithm 1 within the minimum, the
// maximum and the budget) wants them, then the summary; saved and printed
// after every benchmark.
void Runner::measure_benchmark(std::size_t index, std::size_t k, std::size_t n) {
  const Benchmark &b = benchmarks()[index];
  bench_started_ = Clock::now();
  const std::optional<Clock::time_point> until = deadline(k, n);
  BenchmarkResult &result = run_.benchmarks.emplace_back();
  result.name = b.name;
  result.params = b.params;
  result.file = b.file;
  result.line = b.line;
  result.protected_by_plugin = *b.protected_by_plugin;
  declared_throughput(b, result);
  result.not_measured = b.not_measured;
  result.ignored = b.ignored;
  if (!b.ignored.empty()) {
    progress_.done();
    std::fprintf(stderr, "note: %s: %s accepted and not applied (steady decides forks, batches and iterations)\n",
                 b.name.c_str(), fmt::format("{}", fmt::join(b.ignored, ", ")).c_str());
  }
  result.single_shot = b.single_shot;
  record_trial(b.trial, result);
  ForkLoop loop(cfg_);
  const RunConfig own = fork_config(b, cfg_);
  // Decided once (batch_handoff.h): steady ab's, or the first fork's that reported one.
  auto batch = [&] { return batch_to_hand(b.self_timed, own, result.forks, handed_batch_); };
  for (int f = 1;
       loop.wanted() > 0 && !g_interrupted && result.not_measured.empty() && b.trial.outcome == Trial::passed; ++f) {
    if (until && Clock::now() >= *until && loop.out_of_budget())
      break;
    const Clock::time_point started = Clock::now();
    ForkResult &done = result.forks.emplace_back(run_one_fork(index, k, n, f, f <= cfg_.warmup_forks, batch()));
    done.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (done.status == ForkStatus::skipped) {
      result.not_measured = "skipped: " + done.error;
      break;
    }
    loop.add(done);
  }
  finish_benchmark(result, loop.stop(), run_);
  result.batch_size = decided_batch_size(batch(), result.forks);
  if (!result.not_measured.empty())
    result.stop.reason = "not measured";
  if (b.trial.outcome != Trial::passed)
    result.stop = {policy_.name(), false, kNotMeasured, {}};
  result.compile_findings = compile_findings(b);
  if (!b.code.empty())
    result.code = code_fingerprint(b.code);
  else if (!b.run_is_adapter)
    result.code = code_fingerprint(reinterpret_cast<const void *>(b.run));
  summarize_state_reports(result);
  flag_result(result, run_.timer, b.self_timed);
  run_.load_end = read_machine_load();
  save(false); // after every benchmark: a killed run still leaves a complete file
  // The row, as soon as it is known, flushed also into a pipe.
  std::string change;
  if (auto c = baseline_ ? compare_with_baseline(*baseline_, result, run_.timer.ticks_per_ns) : std::nullopt) {
    change = change_cell(*c);
    baseline_changes_.push_back(*c);
  }
  rows_.push_back(layout_->row(run_, result, change));
  progress_.done();
  std::printf("%s\n", layout_->text(rows_.back()).c_str());
  std::fflush(stdout);
}

void Runner::measure(const std::vector<std::size_t> &selected) {
  std::size_t longest = 0;
  bool throughput = false;
  for (std::size_t i : selected) {
    longest = std::max(longest, benchmarks()[i].name.size());
    BenchmarkResult declared;
    declared_throughput(benchmarks()[i], declared);
    // A Google Benchmark function says what it processed only when it runs.
    throughput |= declared.bytes_per_op > 0 || declared.items_per_op > 0 || benchmarks()[i].self_timed;
  }
  layout_.emplace(run_, longest, throughput, baseline_.has_value());
  const double worst = worst_case_seconds() * double(selected.size());
  std::fprintf(stderr, "%zu benchmark(s), at most %s%s%s\n", selected.size(),
               duration(cfg_.budget > 0 ? std::min(worst, cfg_.budget + worst_case_seconds()) : worst).c_str(),
               policy_.dynamic() ? " (each stops once its result is stable, usually much sooner)" : "",
               baseline_ ? fmt::format("; compared with {} ({})", baseline_->name, baseline_->path).c_str() : "");
  if (baseline_ && !baseline_->other_machine.empty())
    std::fprintf(stderr,
                 "warning: %s was recorded on another machine (%s): a change in the table is the machine's as much as "
                 "the code's, so it gets no verdict; save a baseline on this machine, or compare two builds side by "
                 "side with steady ab\n",
                 baseline_->name.c_str(), baseline_->other_machine.c_str());
  std::printf("%s\n", layout_->text(layout_->header()).c_str());
  std::fflush(stdout);
  for (std::size_t k = 0; k < selected.size() && !g_interrupted; ++k)
    measure_benchmark(selected[k], k, selected.size());
}

int Runner::finish() {
  progress_.done();
  run_.partial = bool(g_interrupted);
  run_.load_end = read_machine_load();
  run_.complexity = complexity_fits(run_.benchmarks);
  std::fputs(complexity_rows(run_.complexity).c_str(), stdout);
  save(true);
  int status = 0;
  if (!cfg_.markdown.empty() && layout_) {
    try {
      const std::string md = markdown_table(*layout_, rows_);
      write_or_keep(cfg_.markdown, ".md",
                    [&](const std::string &to) { write_output(to, [&](std::ostream &out) { out << md; }); });
    } catch (const std::exception &e) {
      std::fprintf(stderr, "error: --markdown: %s\n", e.what());
      status = 1;
    }
  }
  if (baseline_)
    std::fputs(baseline_summary(*baseline_, baseline_changes_, run_.load_end.load1).c_str(), stderr);
  if (!run_.partial && !save_baselines(run_, binary_))
    status = 1;
  print_machine_busy(run_);
  int multiplexed = 0;
  for (const BenchmarkResult &r : run_.benchmarks)
    multiplexed += r.summary.multiplexed || r.summary.unscheduled;
  if (multiplexed)
    std::fprintf(stderr,
                 "warning: counters were multiplexed in %d benchmark(s) (a group ran less than it was enabled): "
                 "values are scaled by time enabled/running; ask for fewer events for exact counts\n",
                 multiplexed);
  if (g_interrupted) { // also while waiting for a FIFO's reader, after the last benchmark
    const std::string &json = json_kept_.empty() ? cfg_.json : json_kept_;
    std::fprintf(stderr, "interrupted: results %s%s%s\n", run_.partial ? "so far" : "(complete)",
                 json.empty() ? "" : " are in ", json.c_str());
    return 128 + g_signal;
  }
  int all_failed = 0;
  for (const BenchmarkResult &r : run_.benchmarks)
    all_failed += r.not_measured.empty() &&
                  std::none_of(r.forks.begin(), r.forks.end(), [](const ForkResult &f) { return !f.failed(); });
  if (all_failed)
    std::fprintf(stderr, "error: every fork of %d benchmark(s) failed: nothing measured for them\n", all_failed);
  return write_failed_ || all_failed ? 1 : status;
}

} // namespace

// The steady_reach section: one NUL-terminated text per translation unit
// compiled with the plugin (pass/Reach.cpp); the linker defines its bounds.
extern "C" const char __start_steady_reach[] __attribute__((weak));
extern "C" const char __stop_steady_reach[] __attribute__((weak));

static int print_reach() {
  for (const char *p = __start_steady_reach; p && p < __stop_steady_reach;) {
    std::string_view text(p);
    std::fwrite(text.data(), 1, text.size(), stdout);
    p += text.size() + 1;
  }
  return 0;
}

int run_main(int argc, char **argv) {
  Cli cli;
  if (int status = parse_command_line(argc, argv, cli); status >= 0)
    return status;
  RunConfig &cfg = cli.cfg;

  if (cli.valgrind_probe)
    return serve_valgrind_probe();
  if (cli.list_reach)
    return print_reach();
  detail::run_deferred_registrations();
  if (!cli.fork_spec.empty()) {
    std::size_t index;
    int number, fd, verdict_fd = -1;
    if (std::sscanf(cli.fork_spec.c_str(), "%zu,%d,%d,%d", &index, &number, &fd, &verdict_fd) < 3 ||
        index >= benchmarks().size())
      return 2;
    return serve_fork(index, number, fd, verdict_fd, cfg, timer_from(cli.timer_spec), cli.callgrind_out,
                      cli.callgrind_profile, cli.layout_spec, cli.handed_batch);
  }

  if (std::string twice = duplicate_names(); !twice.empty()) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", twice.c_str());
    return 2;
  }
  for (const std::string &note : detail::registration_notes())
    std::fprintf(stderr, "note: %s\n", note.c_str());
  std::vector<std::size_t> selected;
  if (!select_benchmarks(cfg.filter, selected))
    return 2;
  if (selected.empty() && !cfg.list) {
    std::fprintf(stderr,
                 "error: --filter='%s' matches none of the %zu benchmarks (--list names them; nothing was run)\n",
                 cfg.filter.c_str(), benchmarks().size());
    return 2;
  }
  if (cfg.list) {
    for (std::size_t i : selected)
      std::printf("%s\n", benchmarks()[i].name.c_str());
    return 0;
  }
  if (cli.handed_batch && selected.size() > 1) {
    std::fprintf(stderr,
                 "error: --steady-batch-size is one benchmark's batch size, and --filter='%s' selects %zu "
                 "(nothing was run)\n",
                 cfg.filter.c_str(), selected.size());
    return 2;
  }
  std::vector<std::string> wanted_counters = cfg.counters;
  const bool valgrind = cfg.instrument == "valgrind";
  if (cfg.counters_auto)
    wanted_counters = {"cycles", "instructions"};
  if (auto err = Counters::validate(wanted_counters)) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", err->c_str());
    return 2;
  }
  if (cli.print_config) {
    // steady slurm runs each fork as a runner of its own: it takes the
    // configuration as this runner resolved it (profile, static or dynamic).
    nlohmann::json names = nlohmann::json::array();
    for (std::size_t i : selected)
      names.push_back(benchmarks()[i].name);
    // "layout_draw": this runner takes kLayoutDrawOption.
    nlohmann::json doc = {
        {"config", cfg}, {"json", cfg.json}, {"csv", cfg.csv}, {"benchmarks", names}, {"layout_draw", true}};
    std::printf("%s\n", doc.dump().c_str());
    return 0;
  }
  const std::string binary = argc > 0 ? argv[0] : "benchmark";
  std::vector<std::pair<std::string, std::string>> outputs = {{"--json", cfg.json},
                                                              {"--csv", cfg.csv},
                                                              {"--markdown", cfg.markdown},
                                                              {"--callgrind-profile", cli.callgrind_profile}};
  if (!cfg.save_baseline.empty()) {
    if (std::string problem = baseline_name_problem(cfg.save_baseline); !problem.empty()) {
      std::fprintf(stderr, "error: --save-baseline=%s: %s (nothing was run)\n", cfg.save_baseline.c_str(),
                   problem.c_str());
      return 2;
    }
    if (std::string problem = prepare_baseline_dir(binary); !problem.empty()) {
      std::fprintf(stderr, "error: --save-baseline=%s: %s (nothing was run)\n", cfg.save_baseline.c_str(),
                   problem.c_str());
      return 2;
    }
    outputs.emplace_back("--save-baseline=" + cfg.save_baseline, baseline_file(binary, cfg.save_baseline));
  }
  if (std::string problem = outputs_problem(outputs); !problem.empty()) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", problem.c_str());
    return 2;
  }
  std::string baseline_error;
  std::optional<Baseline> baseline = load_baseline(cfg, binary, baseline_error);
  if (!baseline_error.empty()) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", baseline_error.c_str());
    return 2;
  }
  std::optional<ValgrindSession> session;
  if (valgrind && !selected.empty()) {
    if (std::string why = session.emplace().open(!cli.valgrind_checked); !why.empty()) {
      std::fprintf(stderr, "error: --instrument=valgrind: %s (nothing was run)\n", why.c_str());
      return 2;
    }
    if (!cli.callgrind_profile.empty())
      session->profile = std::filesystem::absolute(cli.callgrind_profile).string();
    if (!cli.valgrind_checked)
      std::fprintf(stderr, "note: --instrument=valgrind counts the instructions the payload executes under callgrind, "
                           "not time: system calls, sleeps and waits on a clock count as the instructions they "
                           "execute, not as the time they take\n");
  }
  warn_unprotected(selected);

  Runner runner(cfg, cli.timer_spec, wanted_counters, session ? &*session : nullptr, std::move(baseline), binary,
                cli.handed_batch, cli.layout_draw);
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  on_output_interrupt([] { return bool(g_interrupted); });
  runner.measure(selected);
  return runner.finish();
}

} // namespace steady
