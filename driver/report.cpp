// steady report RESULTS.json [MORE.json...] -o report.html: one page with
// every file's machine, configuration and benchmarks (report_data.h says
// what, report/report.js draws it). Also the glue for compare/ab --html.
#include "report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "commands.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace {

struct Options {
  std::vector<std::string> files;
  std::string out, title;
};

int run(const Options &o) {
  if (!check_report_output(o.out, "steady report"))
    return 2;
  // Every file is read before anything is written: one bad file, one line.
  std::vector<ReportRun> runs;
  try {
    for (const std::string &f : o.files)
      runs.push_back({f, read_results(f)});
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady report: {}\n", e.what());
    return 2;
  }
  nlohmann::json data = report_data(runs, ReportOptions{});
  const std::string title = o.title.empty() ? "steady report: " + fmt::format("{}", fmt::join(o.files, ", ")) : o.title;
  data["title"] = title;
  if (!write_report(o.out, data, title, "steady report"))
    return 2;
  fmt::print("report of {} benchmark(s) from {} file(s) written to {}\n", data["benchmarks"].size(), o.files.size(),
             o.out);
  return 0;
}

} // namespace

ComparedSide compared_side(const std::string &label, const RunResult &run) {
  ComparedSide s{label, {}, run};
  for (const BenchmarkResult &b : run.benchmarks)
    s.series[b.name] = series_of(b, run.timer.ticks_per_ns);
  return s;
}

bool write_comparison_report(const std::string &path, const std::string &tool, const std::vector<Row> &rows,
                             const CompareOptions &o, const ComparedSide &base, const ComparedSide &next) {
  ReportOptions ro;
  std::vector<ReportRun> runs;
  for (const ComparedSide *s : {&base, &next})
    if (s->run)
      runs.push_back({s->label, *s->run});
  nlohmann::json data = report_data(runs, ro);
  data["comparison"] = comparison_data(rows, o, base, next, ro);
  const std::string title = fmt::format("{}: {} vs {}", tool, base.label, next.label);
  data["title"] = title;
  if (!write_report(path, data, title, tool))
    return false;
  fmt::print("HTML report written to {}\n", path);
  return true;
}

void add_report(CLI::App &app) {
  auto o = std::make_shared<Options>();
  CLI::App *sub = app.add_subcommand(
      "report", "One self-contained HTML page of result files: summary table, every fork's iterations with the "
                "steady-state analysis, distributions and counters (Vega-Lite, no network needed)");
  sub->add_option("results", o->files, "Result files (./bench --json=F)")->required();
  sub->add_option("-o,--output", o->out, "The HTML file to write")->required();
  sub->add_option("--title", o->title, "The page's title (default: the files)");
  sub->callback([o] {
    if (int status = run(*o))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
