// steady analyze RESULTS.json: steady-state analysis of every fork
// of every benchmark. Per fork, the series is ns/op of every iteration, warmup
// included (the warmup is what is being judged); outlier filter, PELT with the
// penalty from CROPS + Kneedle, then steady or not and where the steady state
// starts. Per benchmark: stable / unstable / mixed and a recommended warmup
// (the largest steady-state start over its forks) against what the run used.
// --plot DIR writes one SVG per fork; --json FILE the whole analysis.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "steady/results_json.h"
#include "steady/steady_state.h"
#include "svg_plot.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;

// Below this many iterations n/6 leaves fewer than 2 points to judge and
// segments of at least 2 points leave little to find: the fork is reported,
// not analyzed.
constexpr std::size_t kMinIterations = 12;

struct Options {
  std::string file, json_out, plot_dir;
  std::size_t last_points = 0; // 0: n/6
  std::string range = "thesis";
  double tolerance = 0.05;
  bool no_outlier_filter = false;
};

struct ForkSeries {
  int number = 0;
  std::vector<double> ns_per_op;
  std::vector<double> elapsed; // seconds since the fork's first iteration began, at each iteration's end
  std::size_t warmup_iterations = 0;
  // Set when the fork was not analyzed.
  std::string skipped;
  stats::ForkSteadyState analysis;
};

struct BenchmarkSeries {
  std::string name;
  std::vector<ForkSeries> forks;
  std::size_t other_forks = 0; // failed or warmup forks, not analyzed
};

std::vector<BenchmarkSeries> load(const std::string &path) {
  std::vector<BenchmarkSeries> out;
  for (const BenchmarkResult &b : read_results(path).benchmarks) {
    BenchmarkSeries bd{b.name, {}, 0};
    for (const ForkResult &f : b.forks) {
      // Warmup forks are discarded by design and failed forks stopped early:
      // neither says how the measured forks behave.
      if (f.failed() || f.warmup) {
        ++bd.other_forks;
        continue;
      }
      ForkSeries fd;
      fd.number = f.number;
      double t = 0;
      for (const Iteration &it : f.iterations) {
        // Payload time (what the iteration measured, timer overhead and the
        // empty loop subtracted): the closest the file has to elapsed time.
        t += double(it.ops) * it.ns_per_op * 1e-9;
        fd.ns_per_op.push_back(it.ns_per_op);
        fd.elapsed.push_back(t);
      }
      fd.warmup_iterations = std::size_t(f.warmup_iterations());
      bd.forks.push_back(std::move(fd));
    }
    out.push_back(std::move(bd));
  }
  return out;
}

std::string file_name(const std::string &bench, int fork) {
  std::string s;
  for (char c : bench)
    s += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ? c : '_';
  return fmt::format("{}.fork{}.svg", s, fork);
}

std::string seconds(double s) {
  if (s == 0)
    return "0 s";
  return s >= 1      ? fmt::format("{:.2f} s", s)
         : s >= 1e-3 ? fmt::format("{:.1f} ms", s * 1e3)
                     : fmt::format("{:.0f} us", s * 1e6);
}

std::string verdict_text(const ForkSeries &f, double tolerance) {
  const stats::ForkSteadyState &a = f.analysis;
  // Users count iterations from 1; the JSON's steady_iteration is the 0-based index.
  if (a.steady)
    return fmt::format("steady from iteration {} (1-based; {} in); {} segment(s), penalty {:.4g} ({})",
                       *a.steady_iteration + 1, seconds(a.steady_time.value_or(0)), a.segments.size(), a.penalty,
                       to_string(a.penalty_source));
  return fmt::format("not steady: a segment in the last {} iterations is more than {:g} % off the final one; "
                     "{} segment(s), penalty {:.4g} ({})",
                     a.last_points, 100 * tolerance, a.segments.size(), a.penalty, to_string(a.penalty_source));
}

// Analyses every fork long enough to analyse; the others get the reason.
void analyze_forks(BenchmarkSeries &b, const stats::SteadyStateOptions &so) {
  for (ForkSeries &f : b.forks) {
    const std::size_t n = f.ns_per_op.size();
    if (n < kMinIterations)
      f.skipped = fmt::format("too few iterations to analyse ({} < {})", n, kMinIterations);
    if (!f.skipped.empty())
      continue;
    try {
      f.analysis = stats::analyze_fork(f.ns_per_op, f.elapsed, so);
    } catch (const std::invalid_argument &e) { // e.g. a NaN in the series
      f.skipped = fmt::format("not analysed: {}", e.what());
    }
  }
}

json fork_json(const ForkSeries &f) {
  json jf = {{"fork", f.number},
             {"iterations", f.ns_per_op.size()},
             {"warmup_iterations", f.warmup_iterations},
             {"analysed", f.skipped.empty()}};
  if (!f.skipped.empty()) {
    jf["reason"] = f.skipped;
    return jf;
  }
  const stats::ForkSteadyState &a = f.analysis;
  json segments = json::array();
  for (const stats::Segment &s : a.segments)
    segments.push_back({{"begin", s.begin}, {"end", s.end}, {"mean_ns", s.mean}});
  jf["steady"] = a.steady;
  jf["steady_iteration"] = a.steady_iteration ? json(*a.steady_iteration) : json(nullptr);
  jf["steady_time_s"] = a.steady_time ? json(*a.steady_time) : json(nullptr);
  jf["final_run_start"] = a.final_run_start;
  jf["last_points"] = a.last_points;
  jf["changepoints"] = a.changepoints;
  jf["segments"] = segments;
  jf["outliers"] = a.outliers;
  jf["penalty"] = a.penalty;
  jf["penalty_source"] = to_string(a.penalty_source);
  jf["crops_segmentations"] = a.crops_segmentations;
  return jf;
}

// Prints the benchmark's verdict line (stable / unstable / mixed and the
// recommended warmup against the one the run used) and returns its JSON.
json report_benchmark(const BenchmarkSeries &b) {
  std::vector<stats::ForkSteadyState> analyzed;
  json jforks = json::array();
  std::size_t used_min = SIZE_MAX, used_max = 0;
  for (const ForkSeries &f : b.forks) {
    jforks.push_back(fork_json(f));
    if (!f.skipped.empty())
      continue;
    analyzed.push_back(f.analysis);
    used_min = std::min(used_min, f.warmup_iterations);
    used_max = std::max(used_max, f.warmup_iterations);
  }
  json jb = {{"benchmark", b.name}, {"forks", jforks}, {"other_forks", b.other_forks}};
  fmt::print("{}\n", b.name);
  if (analyzed.empty()) {
    jb["stability"] = nullptr;
    fmt::print("  no fork to analyse ({} measured fork(s) with status ok{})\n", b.forks.size(),
               b.other_forks ? fmt::format(", {} failed or warmup fork(s) skipped", b.other_forks) : "");
    return jb;
  }
  stats::BenchmarkSteadyState bs = stats::classify_benchmark(analyzed);
  jb["stability"] = to_string(bs.stability);
  jb["steady_forks"] = bs.steady_forks;
  jb["analysed_forks"] = bs.forks;
  jb["used_warmup_iterations"] = used_max;
  std::string used =
      used_min == used_max ? fmt::format("{}", used_max) : fmt::format("{} to {} (by fork)", used_min, used_max);
  std::string rec;
  if (bs.recommended_warmup_iterations) {
    std::size_t w = *bs.recommended_warmup_iterations;
    // In time: how far into its fork the latest-starting steady state began.
    std::optional<double> warmup_time;
    for (const stats::ForkSteadyState &x : analyzed)
      if (x.steady && x.steady_iteration == w) {
        warmup_time = x.steady_time;
        break;
      }
    long diff = long(w) - long(used_max);
    jb["recommended_warmup_iterations"] = w;
    jb["recommended_warmup_time_s"] = warmup_time ? json(*warmup_time) : json(nullptr);
    jb["warmup_difference_iterations"] = diff;
    rec = fmt::format("recommended warmup {} iteration(s) ({}); the run used {}: {}", w,
                      seconds(warmup_time.value_or(0)), used,
                      diff > 0   ? fmt::format("{} too few", diff)
                      : diff < 0 ? fmt::format("{} more than needed", -diff)
                                 : std::string("just right"));
  } else {
    jb["recommended_warmup_iterations"] = nullptr;
    jb["recommended_warmup_time_s"] = nullptr;
    jb["warmup_difference_iterations"] = nullptr;
    rec = fmt::format("no recommended warmup: no fork reached a steady state (the run used {})", used);
  }
  fmt::print("  {} ({} of {} forks steady{}); {}\n", to_string(bs.stability), bs.steady_forks, bs.forks,
             b.other_forks ? fmt::format("; {} failed or warmup fork(s) skipped", b.other_forks) : "", rec);
  return jb;
}

// Prints each fork's line and, with --plot, writes its SVG; false when a plot
// cannot be written.
bool report_forks(const BenchmarkSeries &b, const Options &o, int &plots) {
  for (const ForkSeries &f : b.forks) {
    if (!f.skipped.empty()) {
      fmt::print("  fork {}: {}\n", f.number, f.skipped);
      continue;
    }
    fmt::print("  fork {}: {} iterations, {}\n", f.number, f.ns_per_op.size(), verdict_text(f, o.tolerance));
    if (o.plot_dir.empty())
      continue;
    ForkPlot p{fmt::format("{} · fork {} · {} iterations", b.name, f.number, f.ns_per_op.size()),
               verdict_text(f, o.tolerance),
               f.ns_per_op,
               &f.analysis,
               f.warmup_iterations,
               o.tolerance};
    std::filesystem::path path = std::filesystem::path(o.plot_dir) / file_name(b.name, f.number);
    std::ofstream out(path);
    out << fork_svg(p);
    if (!out) {
      fmt::print(stderr, "steady analyze: cannot write '{}'\n", path.string());
      return false;
    }
    ++plots;
  }
  return true;
}

bool write_analysis(const Options &o, const json &benchmarks) {
  json doc = {{"schema", "steady-analysis/1"},
              {"results", o.file},
              {"options",
               {{"last_points", o.last_points ? json(o.last_points) : json("n/6")},
                {"penalty_range", o.range == "log" ? "[4 log n, 1e5 log n]" : "[4, 1e5]"},
                {"tolerance", o.tolerance},
                {"outlier_filter", !o.no_outlier_filter}}},
              {"benchmarks", benchmarks}};
  std::ofstream out(o.json_out);
  out << doc.dump(2) << "\n";
  if (!out) {
    fmt::print(stderr, "steady analyze: cannot write '{}'\n", o.json_out);
    return false;
  }
  return true;
}

int run(const Options &o) {
  std::vector<BenchmarkSeries> benches;
  try {
    benches = load(o.file);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady analyze: {}\n", e.what());
    return 2;
  }
  if (!o.plot_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.plot_dir, ec);
    if (ec) {
      fmt::print(stderr, "steady analyze: cannot create '{}': {}\n", o.plot_dir, ec.message());
      return 2;
    }
  }
  stats::SteadyStateOptions so;
  so.last_points = o.last_points;
  so.tolerance = o.tolerance;
  so.filter_outliers = !o.no_outlier_filter;
  so.penalty.range = o.range == "log" ? stats::PenaltyRange::log_scaled : stats::PenaltyRange::thesis;

  json jbenches = json::array();
  int plots = 0;
  for (BenchmarkSeries &b : benches) {
    analyze_forks(b, so);
    json jb = report_benchmark(b);
    if (!report_forks(b, o, plots))
      return 2;
    jbenches.push_back(std::move(jb));
  }
  if (!o.plot_dir.empty())
    fmt::print("{} plot(s) in {}\n", plots, o.plot_dir);
  if (!o.json_out.empty() && !write_analysis(o, jbenches))
    return 2;
  return 0;
}

} // namespace

void add_analyze(CLI::App &app) {
  auto o = std::make_shared<Options>();
  CLI::App *sub = app.add_subcommand(
      "analyze", "Steady-state analysis of every fork (PELT changepoints, CROPS + Kneedle penalty): steady or not, "
                 "where the steady state starts, stable / unstable / mixed benchmarks and a recommended warmup");
  sub->add_option("results", o->file, "A result file with long series (./bench --profile=steady-state --json=F)")
      ->required();
  sub->add_option("--last-points,-K", o->last_points,
                  "K: the last K iterations must lie in segments within the tolerance of the final one "
                  "(default n/6, 500 of 3000 as in the thesis; a K above a fork's length is that length)");
  sub->add_option("--penalty-range", o->range,
                  "CROPS penalty range: thesis = [4, 1e5], log = [4 log n, 1e5 log n] (the study's code)")
      ->check(CLI::IsMember({"thesis", "log"}))
      ->capture_default_str();
  sub->add_option("--tolerance", o->tolerance, "Segments within this fraction of the final segment's mean are similar")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_flag("--no-outlier-filter", o->no_outlier_filter, "Segment every point (no sliding-window outlier filter)");
  sub->add_option("--json", o->json_out, "Also write the analysis as JSON (schema steady-analysis/1)");
  sub->add_option("--plot", o->plot_dir, "Write one SVG plot per fork into this directory");
  sub->callback([o] {
    if (int status = run(*o))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
