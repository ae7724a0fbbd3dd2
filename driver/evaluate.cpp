// steady evaluate RESULTS.json: Laaber et al.'s evaluation (section 5) on our own
// suite. Takes one long static recording (every iteration of every fork, e.g.
// `./bench --stop=none --forks=5 --warmup-iterations=0 --iterations=100
// --json=rec.json`), replays Algorithm 1 with each criterion post hoc on the
// same data, and compares each dynamic result with the static one: the 99 %
// bootstrap CI of the ratio of means (10 000 resamples) straddling 1 means "not
// different" (Table 2); change rate, time saved, warmup iterations and forks
// used (Table 3), and the median and largest half-width of the 99 % interval
// each leaves the user with (issue 26). The row "none" spends the whole dynamic budget (wi_max,
// f_max): how close to the static result the configuration can get at all.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>

#include <fmt/core.h>

#include "commands.h"
#include "steady/fork_loop.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace {

struct EvalOptions {
  std::string file;
  // "none": the dynamic configuration's whole budget, never stopped early — the
  // reference for how far any criterion's result can get from the static one.
  std::vector<std::string> criteria = {"cv", "rciw", "kld", "rciw+kld", "precision", "none"};
  int static_warmup = 5, min_warmup = 5, max_warmup = 50, iterations = 10, min_forks = 2, max_forks = 5, window = 5;
  int resamples = 10000;
  double precision = RunConfig{}.precision; // --stop=precision's target
  std::uint64_t seed = 1;
  // Seconds per benchmark after which no fork starts (0: none), replayed on
  // the forks' recorded wall times.
  double benchmark_budget = 0;
};

// One benchmark's recording: forks -> iterations -> batch samples as the
// runner's stop rule takes them (metric_samples: ticks/op, or instructions
// under --instrument=valgrind), each fork's wall seconds and its code offset
// under --layout=random (-1: none; the precision stop judges the offsets').
struct Recording {
  std::string name;
  std::vector<stats::ForkSamples> forks;
  std::vector<double> seconds;
  std::vector<int> codes;
};

// The measured forks of every benchmark.
std::vector<Recording> load(const std::string &path) {
  std::vector<Recording> out;
  for (const BenchmarkResult &b : read_results(path).benchmarks) {
    Recording r{b.name, {}, {}, {}};
    for (const ForkResult &f : b.forks) {
      if (!f.measured())
        continue;
      stats::ForkSamples fork;
      for (const Iteration &it : f.iterations)
        if (!it.batches.empty())
          fork.push_back(metric_samples(it));
      if (!fork.empty()) {
        r.forks.push_back(std::move(fork));
        r.seconds.push_back(f.seconds);
        r.codes.push_back(f.layout ? f.layout->code : -1);
      }
    }
    if (!r.forks.empty())
      out.push_back(std::move(r));
  }
  return out;
}

// The run configuration whose fork loop the replay of `criterion` asks: "none"
// is static with f_max forks (the whole dynamic budget).
RunConfig replay_config(const std::string &criterion, const EvalOptions &o) {
  RunConfig c;
  c.stop = criterion;
  c.window = o.window;
  c.seed = o.seed;
  c.min_warmup = o.min_warmup;
  c.max_warmup = o.max_warmup;
  c.iterations = o.iterations;
  c.min_forks = o.min_forks;
  c.forks = c.max_forks = o.max_forks;
  c.benchmark_budget = o.benchmark_budget;
  c.precision = o.precision;
  return c;
}

struct Replay {
  std::vector<stats::ForkSamples> measured;
  int iterations_used = 0;
  double warmup_mean = 0;
};

// Algorithm 1 on recorded forks as the runner runs it: WarmupStop over each
// fork's iterations, the fork loop (ForkLoop) over the forks, with the budget
// spent as the recorded forks spent it (a fork's wall time in proportion to
// the iterations the replay uses of it).
Replay replay(const Recording &r, const RunConfig &cfg) {
  Replay out;
  const StopPolicy policy = stop_policy(cfg);
  ForkLoop loop(cfg);
  std::vector<int> warmups;
  double spent = 0;
  for (std::size_t k = 0; k < r.forks.size() && loop.wanted() > 0; ++k) {
    const stats::ForkSamples &fork = r.forks[k];
    if (cfg.benchmark_budget > 0 && spent >= cfg.benchmark_budget && loop.out_of_budget())
      break;
    const int available = int(fork.size()) - cfg.iterations;
    if (available < 1)
      continue;
    WarmupStop warm(policy, cfg.min_warmup);
    int stop = std::min(cfg.max_warmup, available);
    for (int i = 1; i <= std::min(cfg.max_warmup, available); ++i)
      if (warm.stop_after(fork[std::size_t(i - 1)])) {
        stop = i;
        break;
      }
    warmups.push_back(stop);
    out.iterations_used += stop + cfg.iterations;
    spent += r.seconds[k] * double(stop + cfg.iterations) / double(fork.size());
    stats::ForkSamples measured(fork.begin() + stop, fork.begin() + stop + cfg.iterations);
    out.measured.push_back(measured);
    loop.add_measured(std::move(measured), true, r.codes[k]);
  }
  out.warmup_mean = warmups.empty() ? 0 : std::accumulate(warmups.begin(), warmups.end(), 0.0) / double(warmups.size());
  return out;
}

// The relative half-width of the 99 % interval the runner would print over
// these forks (Student's t over the fork means, its low end stopped at 0, as
// model/src/summary.cpp): what the user is left with.
double printed_half_width(const std::vector<stats::ForkSamples> &forks) {
  if (forks.size() < 2)
    return NAN;
  std::vector<double> means;
  for (const stats::ForkSamples &f : forks)
    means.push_back(stats::fork_mean(f));
  const stats::Interval ci = stats::t_interval(means, 0.99);
  return (ci.high - std::max(ci.low, 0.0)) / 2 / ci.estimate;
}

std::string mean_sd(const std::vector<double> &v, const char *fmt_one) {
  double m = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()), ss = 0;
  for (double x : v)
    ss += (x - m) * (x - m);
  double sd = v.size() > 1 ? std::sqrt(ss / double(v.size() - 1)) : 0;
  return fmt::format(fmt::runtime(std::string(fmt_one) + " ± " + fmt_one), m, sd);
}

int evaluate(const EvalOptions &o) {
  std::vector<Recording> recs;
  try {
    recs = load(o.file);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady evaluate: {}\n", e.what());
    return 2;
  }
  if (recs.empty()) {
    fmt::print(stderr, "steady evaluate: '{}' holds no successful forks\n", o.file);
    return 2;
  }
  if (o.benchmark_budget > 0)
    for (const Recording &r : recs)
      if (std::find(r.seconds.begin(), r.seconds.end(), 0.0) != r.seconds.end()) {
        fmt::print(stderr,
                   "steady evaluate: --benchmark-budget: '{}' does not record the wall time of {}'s forks (recorded "
                   "by a runner older than the forks' \"seconds\")\n",
                   o.file, r.name);
        return 2;
      }
  fmt::print("steady evaluate: {} benchmarks from {}; static = all forks, first {} iterations cut; dynamic = "
             "<{}, {}, {}, {}, {}> (wi_min, wi_max, mi, f_min, f_max), window {}{}; ratio CI: 99 %, {} resamples\n",
             recs.size(), o.file, o.static_warmup, o.min_warmup, o.max_warmup, o.iterations, o.min_forks, o.max_forks,
             o.window, o.benchmark_budget > 0 ? fmt::format(", budget {:g} s per benchmark", o.benchmark_budget) : "",
             o.resamples);
  fmt::print("{:<10} {:>14} {:>20} {:>7} {:>7} {:>7} {:>11} {:>14} {:>12} {:>16}\n", "criterion", "not different",
             "change rate %", "<1%", "<2%", "<3%", "time saved", "warmup its", "forks", "CI ±% median/max");
  for (const std::string &c : o.criteria) {
    if (StopPolicy policy; !StopPolicy::parse(c, policy)) {
      fmt::print(stderr, "steady evaluate: '{}' is not a criterion\n", c);
      return 2;
    }
    const RunConfig cfg = replay_config(c, o);
    int same = 0, total_static = 0, total_used = 0;
    std::vector<double> change, warmups, forks, widths;
    for (const Recording &r : recs) {
      std::vector<stats::ForkSamples> static_data;
      for (const stats::ForkSamples &f : r.forks) {
        total_static += int(f.size());
        if (int(f.size()) > o.static_warmup)
          static_data.emplace_back(f.begin() + o.static_warmup, f.end());
      }
      Replay d = replay(r, cfg);
      if (d.measured.empty() || static_data.empty())
        continue;
      total_used += d.iterations_used;
      stats::Interval ratio = stats::bootstrap_ratio_clt(static_data, d.measured, 0.99, o.resamples, o.seed);
      same += ratio.low <= 1 && 1 <= ratio.high;
      change.push_back(100 * std::abs(ratio.estimate - 1));
      warmups.push_back(d.warmup_mean);
      forks.push_back(double(d.measured.size()));
      if (double w = printed_half_width(d.measured); !std::isnan(w))
        widths.push_back(100 * w);
    }
    auto below = [&](double t) {
      return 100.0 * double(std::count_if(change.begin(), change.end(), [&](double x) { return x < t; })) /
             double(change.size());
    };
    const std::string width = widths.empty() ? "-"
                                             : fmt::format("{:.2f} / {:.2f}", stats::quantile(widths, 0.5),
                                                           *std::max_element(widths.begin(), widths.end()));
    fmt::print("{:<10} {:>13.1f}% {:>20} {:>6.1f}% {:>6.1f}% {:>6.1f}% {:>10.1f}% {:>14} {:>12} {:>16}\n", c,
               100.0 * same / double(change.size()), mean_sd(change, "{:.2f}"), below(1), below(2), below(3),
               100.0 * (1 - double(total_used) / double(total_static)), mean_sd(warmups, "{:.1f}"),
               mean_sd(forks, "{:.1f}"), width);
  }
  return 0;
}

} // namespace

void add_evaluate(CLI::App &app) {
  auto o = std::make_shared<EvalOptions>();
  CLI::App *sub = app.add_subcommand(
      "evaluate", "Replay every stopping criterion on a long static recording and compare with the static result "
                  "(Laaber et al., Tables 2 and 3)");
  sub->add_option("results", o->file, "A static recording (./bench --stop=none --warmup-iterations=0 ...)")->required();
  sub->add_option("--criteria", o->criteria, "Criteria to replay")->delimiter(',')->capture_default_str();
  sub->add_option("--static-warmup", o->static_warmup, "Iterations the static result cuts as warmup")
      ->capture_default_str();
  sub->add_option("--min-warmup", o->min_warmup)->capture_default_str();
  sub->add_option("--max-warmup", o->max_warmup)->capture_default_str();
  sub->add_option("--iterations", o->iterations, "Measurement iterations per fork (mi)")->capture_default_str();
  sub->add_option("--min-forks", o->min_forks)->capture_default_str();
  sub->add_option("--max-forks", o->max_forks)->capture_default_str();
  sub->add_option("--window", o->window)->capture_default_str();
  sub->add_option("--resamples", o->resamples, "Bootstrap resamples of the ratio CI")->capture_default_str();
  sub->add_option("--precision", o->precision, "The precision criterion's target (relative half-width of the 99 % CI)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--benchmark-budget", o->benchmark_budget,
                  "Seconds per benchmark after which no fork starts, replayed on the forks' recorded wall times")
      ->check(CLI::PositiveNumber);
  sub->callback([o] {
    if (int status = evaluate(*o))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
