// The runner: command line, benchmark selection, forks, outputs, interrupts.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <optional>
#include <regex>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "flags.h"
#include "fork.h"
#include "measure.h"
#include "outputs.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/stopping.h"
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

struct Cli {
  RunConfig cfg;
  std::string fork_spec;         // hidden: INDEX,NUMBER,FD in a fork
  std::string timer_spec;        // hidden: the parent's TSC frequency and source
  std::string callgrind_out;     // hidden: in a fork under callgrind, where its dumps go
  bool valgrind_probe = false;   // hidden: ValgrindSession's probe
  bool valgrind_checked = false; // hidden: valgrind ran this program before (steady ab)
  std::string mode = "avgt";
  std::string profile;
};

// --profile=steady-state: long static series for `steady analyze`. The thesis
// recorded 10 forks x 3000 iterations x 100 ms (50 minutes per benchmark); 3 x
// 600 x 10 ms takes about 20 s per benchmark, fits a CI job, and still leaves
// n/6 = 100 points for the steady-state verdict and three windows of the
// 200-point outlier filter. No warmup iterations: every iteration is kept and
// timed alike, since the warmup is what the analysis is to find.
struct Profile {
  int forks = 3, warmup_forks = 0, warmup_iterations = 0, iterations = 600;
  double warmup_time = 0.01, iteration_time = 0.01;
};
constexpr Profile kSteadyStateProfile{};

// The profile's values for every option not given on the command line.
void apply_profile(const CLI::App &app, RunConfig &c) {
  const Profile &p = kSteadyStateProfile;
  auto unless = [&](const char *flag, auto &field, auto value) {
    if (!app.count(flag))
      field = value;
  };
  unless("--forks", c.forks, p.forks);
  unless("--warmup-forks", c.warmup_forks, p.warmup_forks);
  unless("--warmup-iterations", c.warmup_iterations, p.warmup_iterations);
  unless("--iterations", c.iterations, p.iterations);
  unless("--warmup-time", c.warmup_time, p.warmup_time);
  unless("--iteration-time", c.iteration_time, p.iteration_time);
  unless("--stop", c.stop, std::string("none"));
}

void define(CLI::App &app, Cli &cli) {
  RunConfig &c = cli.cfg;
  app.add_option("--forks,-f", c.forks, "Measurement forks (fresh processes) per benchmark; static configuration")
      ->capture_default_str();
  app.add_option("--warmup-forks", c.warmup_forks, "Warmup forks, discarded")->capture_default_str();
  app.add_option("--warmup-iterations,--wi", c.warmup_iterations, "Warmup iterations per fork; static configuration")
      ->capture_default_str();
  app.add_option("--iterations,-i", c.iterations, "Measurement iterations per fork")->capture_default_str();
  const Profile &p = kSteadyStateProfile;
  app.add_option("--profile", cli.profile,
                 fmt::format("steady-state: a static configuration recording long series for `steady analyze`: "
                             "{} forks x {} iterations x {} ms, no warmup iterations (about 20 s per benchmark; "
                             "the thesis used 10 x 3000 x 100 ms, 50 min, too long for CI). Options given as well "
                             "override the profile's values",
                             p.forks, p.iterations, p.iteration_time * 1e3))
      ->check(CLI::IsMember({"steady-state"}));
  app.add_option("--warmup-time", c.warmup_time, "Seconds per warmup iteration")->capture_default_str();
  app.add_option("--iteration-time", c.iteration_time, "Seconds per measurement iteration")->capture_default_str();
  app.add_option("--mode", cli.mode, "avgt (time per op), sample (batch-sample distribution) or ss (single shot)")
      ->check(CLI::IsMember({"avgt", "sample", "ss"}))
      ->capture_default_str();
  app.add_option("--stop", c.stop,
                 "Dynamic reconfiguration criterion: rciw, cv, kld, rciw+kld (both), or none (static)")
      ->check([](const std::string &v) {
        StopPolicy p;
        return StopPolicy::parse(v, p) ? std::string() : "not a criterion (rciw, cv, kld, rciw+kld, none): " + v;
      })
      ->capture_default_str();
  app.footer("By default warmup and forks stop as soon as the result is stable (--stop=rciw); "
             "--forks or --warmup-iterations without --stop select a static configuration.");
  app.add_option("--threshold", c.threshold, "Stability threshold (default: cv 0.01, rciw 0.03, kld 0.99)");
  app.add_option("--min-warmup", c.min_warmup, "With --stop: warmup iterations before the first checkpoint")
      ->capture_default_str();
  app.add_option("--max-warmup", c.max_warmup, "With --stop: warmup iterations at most")->capture_default_str();
  app.add_option("--min-forks", c.min_forks, "With --stop: forks before the first checkpoint")->capture_default_str();
  app.add_option("--max-forks", c.max_forks, "With --stop: forks at most")->capture_default_str();
  app.add_option("--window", c.window, "With --stop: checkpoints in the sliding window")->capture_default_str();
  app.add_flag("--stop-observe", c.stop_observe,
               "With --stop: compute the criterion at every checkpoint but never stop (its cost)");
  app.add_option("--filter", c.filter, "Run benchmarks whose name matches this regex (ECMAScript)");
  app.add_flag("--list", c.list, "Print the benchmark names and exit");
  app.add_option("--counters", c.counters,
                 "Events to count per op (libpfm4 names: cycles, instructions, branch-misses, cache-misses, "
                 "task-clock, page-faults, ...); default: cycles,instructions when a PMU is available; "
                 "--counters= for none")
      ->delimiter(',')
      ->expected(0, -1);
  app.add_option("--json", c.json, "Write every measurement to this JSON file (schema steady-results/1)");
  app.add_option("--csv", c.csv, "Write one row per iteration to this CSV file");
  app.add_option("--instrument", c.instrument,
                 "What an iteration measures: tsc (time) or valgrind (every fork runs under valgrind's callgrind, "
                 "counting the payload's instructions, cache misses and estimated cycles per op: deterministic, "
                 "about 50x slower, no PMU needed)")
      ->check(CLI::IsMember({"tsc", "valgrind"}))
      ->capture_default_str();
  app.add_option("--seed", c.seed, "Seed recorded for analyses that resample")->capture_default_str();
  app.add_option("--timeout", c.timeout, "Seconds before a fork is killed as hung")->capture_default_str();
  app.add_flag("--no-fork", c.no_fork, "Measure in this process (debugging; no isolation)");
  app.add_flag("--verbose,-v", c.verbose, "Print each iteration as it is measured");
  app.add_option("--steady-fork", cli.fork_spec)->group("");
  app.add_option("--steady-timer", cli.timer_spec)->group("");
  app.add_option("--steady-callgrind-out", cli.callgrind_out)->group("");
  app.add_flag(kValgrindProbeOption, cli.valgrind_probe)->group("");
  app.add_flag(kValgrindCheckedOption, cli.valgrind_checked)->group("");
}

// The options a fork needs to measure like its parent.
std::vector<std::string> fork_args(const RunConfig &c, const TimerInfo &t) {
  std::vector<std::string> a = {"--warmup-iterations=" + std::to_string(c.warmup_iterations),
                                "--iterations=" + std::to_string(c.iterations),
                                fmt::format("--warmup-time={}", c.warmup_time),
                                fmt::format("--iteration-time={}", c.iteration_time),
                                std::string("--mode=") + to_string(c.mode),
                                "--stop=" + c.stop,
                                fmt::format("--threshold={}", c.threshold),
                                "--min-warmup=" + std::to_string(c.min_warmup),
                                "--max-warmup=" + std::to_string(c.max_warmup),
                                "--window=" + std::to_string(c.window),
                                c.stop_observe ? "--stop-observe" : "--stop-observe=false",
                                "--seed=" + std::to_string(c.seed),
                                "--instrument=" + c.instrument,
                                fmt::format("--steady-timer={},{}", t.ticks_per_ns, t.source)};
  if (!c.counters.empty())
    a.push_back(fmt::format("--counters={}", fmt::join(c.counters, ",")));
  return a;
}

TimerInfo timer_from(const std::string &spec) {
  if (spec.empty())
    return calibrate_timer();
  std::size_t comma = spec.find(',');
  return calibrate_timer(std::stod(spec.substr(0, comma)), spec.substr(comma + 1));
}

class Progress {
  bool tty_ = isatty(2);
  bool verbose_;

public:
  explicit Progress(bool verbose) : verbose_(verbose) {}
  // `warmups`: warmup iterations of this fork so far (with this one);
  // `max_warmup`: their bound ("up to" with dynamic warmup).
  void update(const std::string &bench, std::size_t i, std::size_t n, int fork, int forks, const Iteration &it,
              int warmups, int max_warmup, bool dynamic, int iterations) {
    std::string what = it.warmup ? fmt::format("warmup {}/{}{}", warmups, dynamic ? "<=" : "", max_warmup)
                                 : fmt::format("iteration {}/{}", it.index + 1 - warmups, iterations);
    if (verbose_)
      std::fprintf(stderr, "%s fork %d %s: %.3f ns/op (%llu ops, %d batches, %d preempted%s)%s%s\n", bench.c_str(),
                   fork, what.c_str(), it.ns_per_op, (unsigned long long)it.ops, it.batches_run,
                   it.preempted_switch + it.preempted_cpu_short, it.preemption_bound_hit ? ", bound hit" : "",
                   it.migrated ? " migrated" : "", it.multiplexed ? " multiplexed" : "");
    else if (tty_)
      std::fprintf(stderr, "\r\033[K[%zu/%zu] %s: fork %d/%s%d, %s, %.3f ns/op", i + 1, n, bench.c_str(), fork,
                   dynamic ? "<=" : "", forks, what.c_str(), it.ns_per_op);
  }
  void done() {
    if (tty_ && !verbose_)
      std::fprintf(stderr, "\r\033[K");
  }
};

ForkResult run_in_process(const Benchmark &b, int number, bool warmup, const RunConfig &cfg, const TimerInfo &timer,
                          Counters &counters, const std::function<void(const Iteration &)> &progress) {
  ForkResult f;
  f.number = number;
  f.warmup = warmup;
  f.pid = getpid();
  f.timer = timer;
  try {
    PreemptionProbe probe;
    probe.open(timer.ticks_per_ns);
    f.preemption = preemption_info(probe);
    WarmupOutcome w = measure_fork(
        {&b, &cfg, &timer, &counters, nullptr, &probe, &g_interrupted}, [&](std::uint64_t n) { f.batch_size = n; },
        [&](const Iteration &it) {
          f.iterations.push_back(it);
          progress(it);
        });
    f.warmup_stable = w.stable;
    f.warmup_criterion = w.last;
    f.first_invocation_ns = w.first_invocation_ticks / timer.ticks_per_ns;
    if (w.stopped)
      f.status = ForkStatus::interrupted;
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

void warn_unprotected(const std::vector<std::size_t> &selected) {
  for (std::size_t i : selected) {
    const Benchmark &b = benchmarks()[i];
    if (!*b.protected_by_plugin)
      std::fprintf(stderr,
                   "warning: %s (%s:%d) was compiled without the steady plugin: its dead "
                   "results and constant inputs are not protected from the optimizer\n",
                   b.name.c_str(), b.file, b.line);
  }
}

// A run of the selected benchmarks, fork by fork, into one RunResult that is
// saved as it grows.
class Runner {
public:
  Runner(RunConfig &cfg, const std::string &timer_spec, const std::vector<std::string> &wanted_counters,
         const ValgrindSession *valgrind);
  void measure(const std::vector<std::size_t> &selected);
  // Saves, prints the table and warnings; the exit status.
  int finish();

private:
  ForkResult run_one_fork(std::size_t index, std::size_t k, std::size_t n, int f, bool warmup);
  void measure_benchmark(std::size_t index, std::size_t k, std::size_t n);
  void save(bool last);

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
  bool noted_fallback_ = false; // "perf refused: getrusage" is said once
  bool write_failed_ = false;   // the last write of --json or --csv failed
};

Runner::Runner(RunConfig &cfg, const std::string &timer_spec, const std::vector<std::string> &wanted_counters,
               const ValgrindSession *valgrind)
    : cfg_(cfg), progress_(cfg.verbose), policy_(stop_policy(cfg)) {
  run_.config = cfg;
  run_.started = now_utc();
  run_.runner_pid = getpid();
  run_.machine = describe_machine();
  run_.load_start = run_.load_end = read_machine_load();
  // A given frequency (steady ab passes its first runner's to the others, so
  // that every fork of both versions converts ticks alike) skips the ~100 ms
  // calibration.
  run_.timer = timer_from(timer_spec);
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
  fork_args_ = fork_args(cfg, run_.timer);
  if (valgrind) {
    fork_wrapper_ = valgrind->command();
    valgrind_prefix_ = valgrind->out_prefix();
    fork_args_.push_back("--steady-callgrind-out=" + valgrind->out_prefix());
  }
  total_forks_ = cfg.warmup_forks + (policy_.dynamic() ? cfg.max_forks : cfg.forks);
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
            if (path == &cfg_.json)
              json_writer_.write(run_, *path);
            else
              write_csv(run_, *path);
          } catch (const std::exception &e) {
            progress_.done();
            std::fprintf(stderr, "error: %s\n", e.what());
            write_failed_ = true;
          }
        }
      },
      last);
}

// Fork `f` of benchmark `index` (the k-th of n selected), in a fresh process
// unless --no-fork; says why it failed, and once how preemption is detected.
ForkResult Runner::run_one_fork(std::size_t index, std::size_t k, std::size_t n, int f, bool warmup) {
  const Benchmark &b = benchmarks()[index];
  int warmups = 0;
  auto report = [&](const Iteration &it) {
    warmups += it.warmup;
    progress_.update(b.name, k, n, f, total_forks_, it, warmups,
                     policy_.dynamic() ? cfg_.max_warmup : cfg_.warmup_iterations, policy_.dynamic(), cfg_.iterations);
  };
  ForkResult fork = cfg_.no_fork ? run_in_process(b, f, warmup, cfg_, run_.timer, counters_, report)
                                 : run_fork_process({index, f, warmup, fork_args_, cfg_.timeout, fork_wrapper_},
                                                    g_interrupted, report, nullptr, nullptr);
  if (fork.failed() && fork.status != ForkStatus::interrupted) {
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

// Forks until Algorithm 1 (ForkStop) says stable or up to the maximum, then
// the summary; saved after every benchmark.
void Runner::measure_benchmark(std::size_t index, std::size_t k, std::size_t n) {
  const Benchmark &b = benchmarks()[index];
  BenchmarkResult &result = run_.benchmarks.emplace_back();
  result.name = b.name;
  result.params = b.params;
  result.file = b.file;
  result.line = b.line;
  result.protected_by_plugin = *b.protected_by_plugin;
  result.stop.criterion = policy_.name();
  result.stop.reason = policy_.dynamic() ? "no fork measured" : "static configuration";
  ForkStop stop(policy_, cfg_.min_forks);
  for (int f = 1; f <= total_forks_ && !g_interrupted; ++f) {
    const bool warmup = f <= cfg_.warmup_forks;
    const ForkResult &done = result.forks.emplace_back(run_one_fork(index, k, n, f, warmup));
    if (!policy_.dynamic() || warmup || done.failed())
      continue;
    stats::ForkSamples samples;
    for (const Iteration &it : done.iterations)
      if (!it.warmup && !it.batches.empty())
        samples.push_back(metric_samples(it));
    if (samples.empty())
      continue;
    const bool stable = stop.stop_after(std::move(samples));
    result.stop.last = stop.last();
    if (stable && !cfg_.stop_observe) {
      result.stop.reason = fmt::format("stable after {} forks", stop.forks().size());
      break;
    }
    if (f == total_forks_) {
      result.stop.stable = false;
      result.stop.reason = fmt::format("max forks ({}) reached", cfg_.max_forks);
    }
  }
  // Stable needs a measured fork, and every measured fork's warmup stable.
  result.stop.stable &= std::any_of(result.forks.begin(), result.forks.end(),
                                    [](const ForkResult &fr) { return !fr.failed() && !fr.warmup; });
  for (const ForkResult &fr : result.forks)
    result.stop.stable &= fr.warmup_stable || fr.failed();
  result.summary = summarize(result.forks, run_.counter_names.size(), run_.timer.ticks_per_ns, cfg_.seed);
  result.summary.ipc = instructions_per_cycle(run_.counter_names, result.summary.counters_per_op);
  result.compile_findings = compile_findings(b);
  flag_result(result, run_.timer);
  run_.load_end = read_machine_load();
  save(false); // after every benchmark: a killed run still leaves a complete file
}

void Runner::measure(const std::vector<std::size_t> &selected) {
  for (std::size_t k = 0; k < selected.size() && !g_interrupted; ++k)
    measure_benchmark(selected[k], k, selected.size());
}

int Runner::finish() {
  progress_.done();
  run_.partial = bool(g_interrupted);
  run_.load_end = read_machine_load();
  save(true);
  print_table(run_);
  print_machine_busy(run_);
  int multiplexed = 0;
  for (const BenchmarkResult &r : run_.benchmarks)
    multiplexed += r.summary.multiplexed || r.summary.unscheduled;
  if (multiplexed)
    std::fprintf(stderr,
                 "warning: counters were multiplexed in %d benchmark(s) (a group ran less than it was enabled): "
                 "values are scaled by time enabled/running; ask for fewer events for exact counts\n",
                 multiplexed);
  if (run_.partial) {
    std::fprintf(stderr, "interrupted: results so far%s%s\n", cfg_.json.empty() ? "" : " are in ", cfg_.json.c_str());
    return 128 + g_signal;
  }
  int all_failed = 0;
  for (const BenchmarkResult &r : run_.benchmarks)
    all_failed += std::none_of(r.forks.begin(), r.forks.end(), [](const ForkResult &f) { return !f.failed(); });
  if (all_failed)
    std::fprintf(stderr, "error: every fork of %d benchmark(s) failed: nothing measured for them\n", all_failed);
  return write_failed_ || all_failed ? 1 : 0;
}

} // namespace

int run_main(int argc, char **argv) {
  CLI::App app{"steady benchmark runner: forks fresh processes, measures TSC time and counters per iteration"};
  Cli cli;
  define(app, cli);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  RunConfig &cfg = cli.cfg;
  if (!cli.profile.empty()) {
    apply_profile(app, cfg);
    cfg.profile = cli.profile;
  }
  // Asking for a number of forks or warmup iterations (like JMH's -f, -wi)
  // means a static configuration, unless a criterion is named as well.
  if (!app.count("--stop") && (app.count("--forks") || app.count("--warmup-iterations")))
    cfg.stop = "none";
  cfg.mode = cli.mode == "sample" ? Mode::Sample : cli.mode == "ss" ? Mode::SingleShot : Mode::AverageTime;

  if (cli.valgrind_probe)
    return serve_valgrind_probe();
  if (!cli.fork_spec.empty()) {
    std::size_t index;
    int number, fd;
    if (std::sscanf(cli.fork_spec.c_str(), "%zu,%d,%d", &index, &number, &fd) != 3 || index >= benchmarks().size())
      return 2;
    return serve_fork(index, number, fd, cfg, timer_from(cli.timer_spec), cli.callgrind_out);
  }

  std::vector<std::size_t> selected;
  if (!select_benchmarks(cfg.filter, selected))
    return 2;
  if (cfg.list) {
    for (std::size_t i : selected)
      std::printf("%s\n", benchmarks()[i].name.c_str());
    return 0;
  }
  std::erase(cfg.counters, std::string()); // "--counters=": none
  std::vector<std::string> wanted_counters = cfg.counters;
  const bool valgrind = cfg.instrument == "valgrind";
  if (valgrind && (cfg.no_fork || app.count("--counters"))) {
    std::fprintf(stderr,
                 "error: --instrument=valgrind runs every fork under callgrind, which counts for itself: "
                 "it cannot be combined with %s (nothing was run)\n",
                 cfg.no_fork ? "--no-fork" : "--counters");
    return 2;
  }
  if (!app.count("--counters") && !valgrind) {
    wanted_counters = {"cycles", "instructions"};
    cfg.counters_auto = true;
  }
  if (auto err = Counters::validate(wanted_counters)) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", err->c_str());
    return 2;
  }
  for (auto [flag, path] : {std::pair("--json", &cfg.json), std::pair("--csv", &cfg.csv)}) {
    try {
      if (!path->empty())
        check_output(*path);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "error: %s: %s (nothing was run)\n", flag, e.what());
      return 2;
    }
  }
  std::optional<ValgrindSession> session;
  if (valgrind && !selected.empty()) {
    if (std::string why = session.emplace().open(!cli.valgrind_checked); !why.empty()) {
      std::fprintf(stderr, "error: --instrument=valgrind: %s (nothing was run)\n", why.c_str());
      return 2;
    }
    if (!cli.valgrind_checked)
      std::fprintf(stderr, "note: --instrument=valgrind counts the instructions the payload executes under callgrind, "
                           "not time: system calls, sleeps and waits on a clock count as the instructions they "
                           "execute, not as the time they take\n");
  }
  warn_unprotected(selected);

  Runner runner(cfg, cli.timer_spec, wanted_counters, session ? &*session : nullptr);
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  runner.measure(selected);
  return runner.finish();
}

} // namespace steady
