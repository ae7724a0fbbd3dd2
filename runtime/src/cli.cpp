// The runner's command line. Every value is checked here, before anything is
// measured: a count or a time that cannot be meant (zero, negative, NaN,
// infinite, min above max) is an error naming the option, exit status 2.
#include "cli.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "steady/fork_loop.h"
#include "steady/runner_args.h"
#include "steady/stopping.h"
#include "steady/suggest.h"
#include "valgrind.h"

#ifndef STEADY_VERSION
#define STEADY_VERSION "unknown"
#endif

namespace steady {
namespace {

// A profile: the values of the options it sets, for every one of them not
// given on the command line.
struct Profile {
  int forks, warmup_forks, warmup_iterations, iterations;
  double warmup_time, iteration_time;
  std::string stop;
  int max_warmup, max_forks;
};

// --profile=steady-state: long static series for `steady analyze`. The thesis
// recorded 10 forks x 3000 iterations x 100 ms (50 minutes per benchmark); 3 x
// 600 x 10 ms takes about 20 s per benchmark, fits a CI job, and still leaves
// n/6 = 100 points for the steady-state verdict and three windows of the
// 200-point outlier filter. No warmup iterations: every iteration is kept and
// timed alike, since the warmup is what the analysis is to find.
constexpr int kSteadyForks = 3, kSteadyIterations = 600;
constexpr double kSteadyTime = 0.01;

// --quick: the default dynamic configuration with fewer warmup iterations
// and forks at most (the minimum of forks: its interval is as wide as the
// forks leave it): a first look, worst case about 8 x (0.1 + 20 x 0.5 ms +
// 6 x 2 ms) = 1 s per benchmark, usually 8 x 35 ms.
constexpr int kQuickMaxWarmup = 20, kQuickMaxForks = 8;
constexpr double kQuickTime = 0.002;

void apply(const CLI::App &app, RunConfig &c, const Profile &p) {
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
  unless("--stop", c.stop, p.stop);
  unless("--max-warmup", c.max_warmup, p.max_warmup);
  unless("--max-forks", c.max_forks, p.max_forks);
}

// Integers at least `min`: counts of forks, iterations, checkpoints.
CLI::Validator at_least(long long min) {
  return CLI::Validator(
      [min](std::string &s) {
        long long v = 0;
        if (CLI::detail::lexical_cast(s, v) && v < min)
          return fmt::format("must be {} or more, not {}", min, s);
        return std::string();
      },
      fmt::format("INT>={}", min));
}

// Seconds and thresholds: finite and above zero (NaN and inf rejected: an
// infinite iteration time would hang every fork until its timeout).
const CLI::Validator kPositive(
    [](std::string &s) {
      double v = 0;
      if (!CLI::detail::lexical_cast(s, v) || !std::isfinite(v) || v <= 0)
        return "must be a positive finite number, not " + s;
      return std::string();
    },
    "NUMBER>0");

void define(CLI::App &app, Cli &cli, std::string &mode, std::string &profile, bool &quick, bool &progress_on,
            bool &progress_off) {
  RunConfig &c = cli.cfg;
  app.set_version_flag("--version", "steady " STEADY_VERSION);
  app.add_option("--forks,-f", c.forks, "Measurement forks (fresh processes) per benchmark; static configuration")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_option("--warmup-forks", c.warmup_forks, "Warmup forks, discarded")
      ->check(at_least(0))
      ->capture_default_str();
  app.add_option("--warmup-iterations,--wi", c.warmup_iterations, "Warmup iterations per fork; static configuration")
      ->check(at_least(0))
      ->capture_default_str();
  app.add_option("--iterations,-i", c.iterations, "Measurement iterations per fork")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_option("--profile", profile,
                 fmt::format("steady-state: a static configuration recording long series for `steady analyze`: "
                             "{} forks x {} iterations x {} ms, no warmup iterations (about 20 s per benchmark; "
                             "the thesis used 10 x 3000 x 100 ms, 50 min, too long for CI). Options given as well "
                             "override the profile's values",
                             kSteadyForks, kSteadyIterations, kSteadyTime * 1e3))
      ->check(CLI::IsMember({"steady-state"}));
  app.add_flag("--quick", quick,
               fmt::format("A first look: {} ms iterations, at most {} warmup iterations and {} forks (options given "
                           "as well override these)",
                           kQuickTime * 1e3, kQuickMaxWarmup, kQuickMaxForks));
  app.add_option("--warmup-time", c.warmup_time, "Seconds per warmup iteration")
      ->check(kPositive)
      ->capture_default_str();
  app.add_option("--iteration-time", c.iteration_time, "Seconds per measurement iteration")
      ->check(kPositive)
      ->capture_default_str();
  app.add_option("--batch-size", c.batch_size,
                 "Ops per batch in every fork instead of the calibrated size (to see what a batch costs beyond its "
                 "ops: per-op time against batch size)")
      ->check(at_least(1));
  app.add_option("--mode", mode, "avgt (time per op), sample (batch-sample distribution) or ss (single shot)")
      ->check(CLI::IsMember({"avgt", "sample", "ss"}))
      ->capture_default_str();
  app.add_option("--stop", c.stop,
                 "Dynamic reconfiguration criterion: precision (forks stop once the printed 99 % CI is within "
                 "--precision; warmups on rciw), or Laaber et al.'s rciw, cv, kld, rciw+kld (both), or none (static)")
      ->check([](const std::string &v) {
        StopPolicy p;
        return StopPolicy::parse(v, p) ? std::string()
                                       : "not a criterion (precision, rciw, cv, kld, rciw+kld, none): " + v;
      })
      ->capture_default_str();
  app.add_option("--precision", c.precision,
                 "With --stop=precision: the 99 % CI's half-width, as a share of the mean, at which forks stop "
                 "(0.02: ±2 %)")
      ->check(kPositive)
      ->capture_default_str();
  app.footer("By default each fork's warmup stops once it is stable (rciw), and forks stop once the printed 99 % "
             "CI is within --precision (--stop=precision; Laaber et al.'s former default: --stop=rciw --min-forks=2 "
             "--max-forks=5 --iterations=10 --iteration-time=0.01 --warmup-time=0.01); "
             "--forks or --warmup-iterations without --stop select a static configuration. "
             "Every run is compared with the last run of the same binary (--no-baseline: not). "
             "Under steady ab a fork takes turns with the other version's fork on one CPU (" +
             std::string(kLockstepEnv) + "); with --layout=random, steady ab and steady slurm say which of the " +
             "run's layout draws a runner's fork is (" + kLayoutDrawOption + ").");
  app.add_option("--threshold", c.threshold, "Stability threshold (default: cv 0.01, rciw 0.03, kld 0.99)")
      ->check(kPositive);
  app.add_option("--min-warmup", c.min_warmup, "With --stop: warmup iterations before the first checkpoint")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_option("--max-warmup", c.max_warmup, "With --stop: warmup iterations at most")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_option("--min-forks", c.min_forks, "With --stop: forks before the first checkpoint")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_option("--max-forks", c.max_forks,
                 "With --stop: forks at most (with --layout=random and --stop=precision, 4x by default: the stop "
                 "judges the layout interval)")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_option("--window", c.window, "With --stop: checkpoints in the sliding window")
      ->check(at_least(1))
      ->capture_default_str();
  app.add_flag("--stop-observe", c.stop_observe,
               "With --stop: compute the criterion at every checkpoint but never stop (its cost)");
  app.add_option("--budget", c.budget,
                 "Seconds for the whole run: each benchmark gets an equal share of what is left, and starts no "
                 "further fork once it is spent")
      ->check(kPositive);
  app.add_option("--benchmark-budget", c.benchmark_budget,
                 "Seconds per benchmark: no further fork starts once they are spent")
      ->check(kPositive);
  app.add_option("--filter", c.filter, "Run benchmarks whose name matches this regex (ECMAScript)");
  app.add_flag("--list", c.list, "Print the benchmark names and exit");
  app.add_flag("--list-reach", cli.list_reach,
               "Print the functions each payload can reach and their fingerprints (the plugin's records, one "
               "tab-separated line each; read by steady select) and exit");
  app.add_option("--counters", c.counters,
                 "Events to count per op (libpfm4 names: cycles, instructions, branch-misses, cache-misses, "
                 "task-clock, page-faults, ...); default: cycles,instructions when a PMU is available; "
                 "--counters= for none")
      ->delimiter(',')
      ->expected(0, -1);
  app.add_option("--json", c.json, "Write every measurement to this JSON file (schema steady-results/1)");
  app.add_option("--json-samples", c.json_samples,
                 "Batch samples per iteration in the JSON: default (thinned to a few dozen: a few MB for the "
                 "examples), full (all, for steady evaluate's own replays at full detail), compact (none: "
                 "per-iteration means, enough for steady analyze and compare)")
      ->check(CLI::IsMember({"default", "full", "compact"}))
      ->capture_default_str();
  app.add_option("--csv", c.csv, "Write one row per iteration to this CSV file");
  app.add_option("--markdown", c.markdown, "Also write the table as Markdown to this file");
  app.add_option("--save-baseline", c.save_baseline,
                 "Save this run as the baseline NAME (in $STEADY_BASELINE_DIR, default .steady/baselines)");
  app.add_option("--baseline", c.baseline,
                 "Compare with the baseline NAME instead of the last run of this binary; a missing one is an error");
  app.add_flag("--no-baseline", c.no_baseline, "Neither compare with nor record as the last run");
  app.add_option("--instrument", c.instrument,
                 "What an iteration measures: tsc (time) or valgrind (every fork runs under valgrind's callgrind, "
                 "counting the payload's instructions, cache misses and estimated cycles per op: deterministic, "
                 "about 50x slower, no PMU needed)")
      ->check(CLI::IsMember({"tsc", "valgrind"}))
      ->capture_default_str();
  app.add_option("--callgrind-profile", cli.callgrind_profile,
                 "With --instrument=valgrind: keep callgrind's per-function profile of the last measurement "
                 "iteration in this file (callgrind_annotate and kcachegrind read it; steady cause diffs two)");
  app.add_option("--layout", c.layout,
                 "pinned: the code, stack and heap where the binary puts them (the plugin pins the measured loop's "
                 "alignment); random: per fork, the measured loop entered at another offset (0/16/32/48 bytes "
                 "past its boundary), the stack and the heap moved by 0-4 KB, so that the result is a mean over "
                 "layouts with a layout interval within --precision (more forks than pinned: docs/layout.md)")
      ->check(CLI::IsMember({"pinned", "random"}))
      ->capture_default_str();
  app.add_option("--seed", c.seed,
                 "Seed recorded for analyses that resample; with --layout=random, of the layouts "
                 "(0: a new draw every run)")
      ->capture_default_str();
  app.add_option("--timeout", c.timeout, "Seconds before a fork is killed as hung")
      ->check(kPositive)
      ->capture_default_str();
  app.add_flag("--no-fork", c.no_fork, "Measure in this process (debugging; no isolation)");
  app.add_flag("--verbose,-v", c.verbose, "Print each iteration as it is measured");
  app.add_flag("--progress", progress_on,
               "A progress line on stderr even when it is not a terminal (then one line "
               "per fork); the default is to show it on a terminal only");
  app.add_flag("--no-progress", progress_off, "No progress line");
  app.add_option("--steady-fork", cli.fork_spec)->group("");
  app.add_option("--steady-timer", cli.timer_spec)->group("");
  app.add_option("--steady-callgrind-out", cli.callgrind_out)->group("");
  app.add_option("--steady-layout", cli.layout_spec)->group("");
  app.add_option("--steady-batch-size", cli.handed_batch)->group("");
  app.add_option(kLayoutDrawOption, cli.layout_draw)->check(at_least(1))->group("");
  app.add_flag(kValgrindProbeOption, cli.valgrind_probe)->group("");
  app.add_flag(kValgrindCheckedOption, cli.valgrind_checked)->group("");
  app.add_flag("--steady-config", cli.print_config)->group("");
}

// Every long option name, for "did you mean".
std::vector<std::string> option_names(const CLI::App &app) {
  std::vector<std::string> names;
  for (const CLI::Option *o : app.get_options())
    if (!o->get_group().empty())
      for (const std::string &n : o->get_lnames())
        names.push_back("--" + n);
  return names;
}

// The checks between options, after parsing; "" when the values fit.
std::string check_together(const RunConfig &c) {
  if (c.min_warmup > c.max_warmup)
    return fmt::format("--min-warmup={} is above --max-warmup={}", c.min_warmup, c.max_warmup);
  if (c.min_forks > c.max_forks)
    return fmt::format("--min-forks={} is above --max-forks={}", c.min_forks, c.max_forks);
  // One iteration as long as the fork's time limit: every fork would be killed as hung.
  if (c.warmup_time >= c.timeout)
    return fmt::format("--warmup-time={:g} s is not below the fork --timeout={:g} s", c.warmup_time, c.timeout);
  if (c.iteration_time >= c.timeout)
    return fmt::format("--iteration-time={:g} s is not below the fork --timeout={:g} s", c.iteration_time, c.timeout);
  return "";
}

} // namespace

// CLI11 drops the empty elements of a delimited list: "--counters=,,," would
// read as "--counters=" (none). An empty name among others is a mistake.
bool empty_counter_name(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--counters", 0) != 0)
      continue;
    std::string v = a == "--counters" ? (i + 1 < argc ? argv[i + 1] : "") : a.substr(a.find('=') + 1);
    if (!v.empty() && (v.front() == ',' || v.back() == ',' || v.find(",,") != std::string::npos))
      return true;
  }
  return false;
}

int parse_command_line(int argc, char **argv, Cli &cli) {
  if (empty_counter_name(argc, argv)) {
    std::fprintf(stderr,
                 "error: --counters has an empty event name (--counters= alone counts none; nothing was run)\n");
    return 2;
  }
  CLI::App app{"steady benchmark runner: forks fresh processes, measures TSC time and counters per iteration"};
  std::string mode = "avgt", profile;
  bool quick = false, progress_on = false, progress_off = false;
  define(app, cli, mode, profile, quick, progress_on, progress_off);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e);
  } catch (const CLI::ExtrasError &e) {
    std::string unknown = e.what(), hint;
    for (const std::string &extra : app.remaining())
      if (std::string near = closest_name(extra, option_names(app)); !near.empty()) {
        hint = fmt::format("; did you mean {}?", near);
        break;
      }
    std::fprintf(stderr, "error: %s%s (nothing was run; --help lists the options)\n", unknown.c_str(), hint.c_str());
    return 2;
  } catch (const CLI::ParseError &e) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", e.what());
    return 2;
  }
  RunConfig &c = cli.cfg;
  cli.counters_given = app.count("--counters") > 0;
  // No --counters: cycles and instructions when the PMU allows (valgrind
  // counts for itself).
  c.counters_auto = !cli.counters_given && c.instrument != "valgrind";
  c.progress = progress_off ? 0 : progress_on ? 1 : -1;
  if (!profile.empty()) {
    apply(app, c, {kSteadyForks, 0, 0, kSteadyIterations, kSteadyTime, kSteadyTime, "none", c.max_warmup, c.max_forks});
    c.profile = profile;
  } else if (quick) {
    apply(app, c,
          {c.forks, c.warmup_forks, c.warmup_iterations, c.iterations, c.warmup_time, kQuickTime, c.stop,
           kQuickMaxWarmup, kQuickMaxForks});
    c.profile = "quick";
  }
  // A maximum of forks below the default minimum (--max-forks=3, --quick)
  // lowers the minimum, unless it was asked for too.
  if (!app.count("--min-forks"))
    c.min_forks = std::min(c.min_forks, c.max_forks);
  // Asking for a number of forks or warmup iterations (like JMH's -f, -wi)
  // means a static configuration, unless a criterion is named as well.
  if (!app.count("--stop") && (app.count("--forks") || app.count("--warmup-iterations")))
    c.stop = "none";
  // --layout=random's precision stop judges the layout interval
  // (layout_precision): at least as many forks per offset as a pinned run.
  if (!app.count("--max-forks"))
    c.max_forks = default_max_forks(c, c.max_forks);
  c.mode = mode == "sample" ? Mode::Sample : mode == "ss" ? Mode::SingleShot : Mode::AverageTime;
  if (c.layout == "random" && c.no_fork) {
    std::fprintf(stderr, "error: --layout=random moves code, stack and heap per fork: it cannot be combined with "
                         "--no-fork (nothing was run)\n");
    return 2;
  }
  if (c.instrument == "valgrind" && (c.no_fork || cli.counters_given)) {
    std::fprintf(stderr,
                 "error: --instrument=valgrind runs every fork under callgrind, which counts for itself: "
                 "it cannot be combined with %s (nothing was run)\n",
                 c.no_fork ? "--no-fork" : "--counters");
    return 2;
  }
  if (!cli.callgrind_profile.empty() && c.instrument != "valgrind") {
    std::fprintf(stderr, "error: --callgrind-profile needs --instrument=valgrind (nothing was run)\n");
    return 2;
  }
  if (std::string problem = check_together(c); !problem.empty()) {
    std::fprintf(stderr, "error: %s (nothing was run)\n", problem.c_str());
    return 2;
  }
  std::erase(c.counters, std::string()); // "--counters=": none
  return -1;
}

} // namespace steady
