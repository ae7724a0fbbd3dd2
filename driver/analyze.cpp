// steady analyze RESULTS.json: steady-state analysis of every fork
// of every benchmark. Per fork, the series is ns/op of every iteration, warmup
// included (the warmup is what is being judged); outlier filter, PELT with the
// penalty from CROPS + Kneedle, then steady or not and where the steady state
// starts. Per benchmark: stable / unstable / mixed and a recommended warmup
// (the largest steady-state start over its forks) against what the run used.
// --plot FILE draws every fork on an HTML page (report.h); --json FILE the
// whole analysis.
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "fork_analysis.h"
#include "report.h"
#include "steady/option_checks.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/steady_state.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;

struct Options {
  std::string file, json_out, plot;
  std::size_t last_points = 0; // 0: n/6
  std::string range = "thesis";
  double tolerance = 0.05;
  bool no_outlier_filter = false;
};

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

// Prints each fork's line.
void report_forks(const BenchmarkSeries &b, const Options &o) {
  for (const ForkSeries &f : b.forks) {
    if (!f.skipped.empty())
      fmt::print("  fork {}: {}\n", f.number, f.skipped);
    else
      fmt::print("  fork {}: {} iterations, {}\n", f.number, f.ns_per_op.size(), verdict_text(f, o.tolerance));
  }
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
  try {
    write_output(o.json_out, [&](std::ostream &out) { out << doc.dump(2) << "\n"; });
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady analyze: {}\n", e.what());
    return false;
  }
  return true;
}

int run(const Options &o) {
  if (!o.plot.empty() && !check_report_output(o.plot, "steady analyze"))
    return 2;
  RunResult results;
  try {
    results = read_results(o.file);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady analyze: {}\n", e.what());
    return 2;
  }
  stats::SteadyStateOptions so;
  so.last_points = o.last_points;
  so.tolerance = o.tolerance;
  so.filter_outliers = !o.no_outlier_filter;
  so.penalty.range = o.range == "log" ? stats::PenaltyRange::log_scaled : stats::PenaltyRange::thesis;

  std::vector<BenchmarkSeries> benches = analyze_run(results, so);
  json jbenches = json::array();
  for (const BenchmarkSeries &b : benches) {
    json jb = report_benchmark(b);
    report_forks(b, o);
    jbenches.push_back(std::move(jb));
  }
  if (!o.json_out.empty() && !write_analysis(o, jbenches))
    return 2;
  if (!o.plot.empty()) {
    // The report's charts of this analysis: the same page as `steady
    // report` draws for this file with these options.
    ReportOptions ro;
    ro.steady = so;
    nlohmann::json data = report_data({{o.file, std::move(results), std::move(benches)}}, ro);
    const std::string title = "steady analyze: " + o.file;
    data["title"] = title;
    if (!write_report(o.plot, data, title, "steady analyze"))
      return 2;
    fmt::print("plots of every fork written to {}\n", o.plot);
  }
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
                  "(default n/6, 500 of 3000 as in the thesis; a K above a fork's length is that length)")
      ->check(steady::options::count_at_least(1));
  sub->add_option("--penalty-range", o->range,
                  "CROPS penalty range: thesis = [4, 1e5], log = [4 log n, 1e5 log n] (the study's code)")
      ->check(CLI::IsMember({"thesis", "log"}))
      ->capture_default_str();
  sub->add_option("--tolerance", o->tolerance, "Segments within this fraction of the final segment's mean are similar")
      ->check(steady::options::finite(false))
      ->capture_default_str();
  sub->add_flag("--no-outlier-filter", o->no_outlier_filter, "Segment every point (no sliding-window outlier filter)");
  sub->add_option("--json", o->json_out, "Also write the analysis as JSON (schema steady-analysis/1)");
  sub->add_option("--plot", o->plot,
                  "Write every fork's series with its changepoints and steady-state start as an HTML page (the "
                  "charts of steady report)");
  sub->callback([o] {
    check_outputs("steady analyze", {{"--json", o->json_out}, {"--plot", o->plot}});
    if (int status = run(*o))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
