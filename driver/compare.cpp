// steady compare BASE.json NEW.json: did NEW get faster or slower?
//
// Reads steady result files and Google Benchmark JSON (--benchmark_format=json,
// repetitions as forks) and compares every benchmark found in both (the
// statistics and verdicts: comparison.cpp). --fail-on-slowdown=2% exits 1 when
// a slowdown beyond 2 % is established: for CI gating.
#include <fmt/core.h>

#include "commands.h"
#include "comparison.h"

namespace steady::driver {
namespace {

int run(const CompareOptions &o, const std::string &base, const std::string &next) {
  std::map<std::string, Series> a, b;
  try {
    a = load_series(base);
    b = load_series(next);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady compare: {}\n", e.what());
    return 2;
  }
  std::vector<Row> rows;
  for (const auto &[name, sa] : a)
    if (auto it = b.find(name); it != b.end())
      rows.push_back(compare_series(name, sa, it->second, o));
  if (rows.empty()) {
    fmt::print(stderr, "steady compare: '{}' and '{}' have no benchmark in common\n", base, next);
    return 2;
  }
  bool gate = report(rows, o, "steady compare", {{"schema", "steady-compare/1"}, {"base", base}, {"new", next}});
  return gate ? 1 : 0;
}

} // namespace

// The options both compare and ab take; `gate` and `margin` are parsed by
// parse_gate_options once CLI11 has filled them.
void add_comparison_options(CLI::App *sub, CompareOptions &o, std::string &gate, std::string &margin) {
  sub->add_option("--fail-on-slowdown", gate, "Exit 1 when a slowdown beyond this (e.g. 2%) is established");
  sub->add_option("--equivalence", margin, "Differences within this count as the same")->capture_default_str();
  sub->add_option("--alpha", o.alpha, "Significance level (99 % intervals by default)")->capture_default_str();
  sub->add_option("--resamples", o.resamples, "Bootstrap resamples of the ratio CI")->capture_default_str();
  sub->add_option("--json", o.json_out, "Also write the comparison as JSON");
  sub->add_option("--markdown", o.markdown_out, "Also write a Markdown table (for a pull request comment)");
}

void parse_gate_options(CompareOptions &o, const std::string &gate, const std::string &margin) {
  try {
    o.equivalence = parse_fraction(margin);
    if (!gate.empty())
      o.fail_on_slowdown = parse_fraction(gate);
  } catch (const std::exception &) {
    throw CLI::ValidationError("--fail-on-slowdown/--equivalence", "expects a number or a percentage like 2%");
  }
}

void add_compare(CLI::App &app) {
  auto o = std::make_shared<CompareOptions>();
  auto files = std::make_shared<std::pair<std::string, std::string>>();
  auto gate = std::make_shared<std::string>();
  auto margin = std::make_shared<std::string>("1%");
  CLI::App *sub = app.add_subcommand("compare", "Compare two result files (steady or Google Benchmark JSON): "
                                                "faster / slower / same / can't tell yet");
  sub->add_option("base", files->first, "The baseline results")->required();
  sub->add_option("new", files->second, "The new results")->required();
  add_comparison_options(sub, *o, *gate, *margin);
  sub->callback([o, files, gate, margin] {
    parse_gate_options(*o, *gate, *margin);
    if (int status = run(*o, files->first, files->second))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
