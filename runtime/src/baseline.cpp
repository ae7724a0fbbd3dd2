#include "baseline.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>

#include <fmt/format.h>

#include "steady/comparison.h"
#include "steady/results_json.h"

namespace steady {
namespace fs = std::filesystem;

namespace {
constexpr const char *kLast = "last";
// A baseline keeps each iteration's mean alone: what the comparison uses.
constexpr std::size_t kBaselineSamples = 1;

} // namespace

std::string baseline_file(const std::string &binary, const std::string &name) {
  return (fs::path(baseline_dir(binary)) / (name + ".json")).string();
}

std::string baseline_name_problem(const std::string &name) {
  if (name.find('/') != std::string::npos)
    return "a baseline's name cannot contain '/' (it is a file in " +
           (fs::path(baseline_dir("")).parent_path() / "BINARY").string() + ")";
  if (name == "." || name == "..")
    return "'" + name + "' is not a name";
  return "";
}

std::string baseline_dir(const std::string &binary) {
  const char *env = std::getenv("STEADY_BASELINE_DIR");
  fs::path root = env && *env ? fs::path(env) : fs::path(".steady") / "baselines";
  return (root / fs::path(binary).filename()).string();
}

std::optional<Baseline> load_baseline(const RunConfig &cfg, const std::string &binary, std::string &error) {
  if (cfg.no_baseline && cfg.baseline.empty())
    return std::nullopt;
  const std::string name = cfg.baseline.empty() ? kLast : cfg.baseline;
  if (std::string problem = baseline_name_problem(name); !problem.empty()) {
    error = fmt::format("--baseline={}: {}", name, problem);
    return std::nullopt;
  }
  Baseline b;
  b.name = name;
  b.path = baseline_file(binary, name);
  std::error_code ec;
  if (!fs::exists(b.path, ec)) {
    if (!cfg.baseline.empty())
      error = fmt::format("--baseline={}: no baseline saved under that name ({} does not exist; --save-baseline={} "
                          "saves one)",
                          name, b.path, name);
    return std::nullopt;
  }
  try {
    RunResult run = read_results(b.path);
    b.started = run.started;
    b.ticks_per_ns = run.timer.ticks_per_ns;
    b.machine = run.machine;
    b.load = run.load_end;
    for (BenchmarkResult &r : run.benchmarks)
      b.benchmarks[r.name] = std::move(r);
  } catch (const std::exception &e) {
    if (!cfg.baseline.empty())
      error = fmt::format("--baseline={}: {}", name, e.what());
    else
      std::fprintf(stderr, "warning: the last run is not compared with: %s\n", e.what());
    return std::nullopt;
  }
  return b;
}

std::string prepare_baseline_dir(const std::string &binary) {
  std::error_code ec;
  fs::create_directories(baseline_dir(binary), ec);
  return ec ? fmt::format("cannot create {}: {}", baseline_dir(binary), ec.message()) : "";
}

std::optional<BaselineChange> compare_with_baseline(const Baseline &base, const BenchmarkResult &now,
                                                    double ticks_per_ns) {
  auto it = base.benchmarks.find(now.name);
  if (it == base.benchmarks.end() || now.summary.iterations == 0 || it->second.summary.iterations == 0)
    return std::nullopt;
  const stats::Series before = series_of(it->second, base.ticks_per_ns), after = series_of(now, ticks_per_ns);
  if (before.forks.empty() || after.forks.empty())
    return std::nullopt;
  const stats::Comparison c = stats::compare(before, after, {});
  // The comparison's own ratio (of mean fork means), so that the number and
  // the verdict agree; the summaries' ratio when it has none.
  const double ratio = std::isfinite(c.ratio.estimate) && c.ratio.estimate > 0
                           ? c.ratio.estimate
                           : now.summary.ns_per_op / it->second.summary.ns_per_op;
  // On another machine a verdict would credit the change with what the
  // machine did.
  std::optional<stats::Verdict> verdict;
  if (c.verdict == stats::Verdict::measures_nothing || base.other_machine.empty())
    verdict = c.verdict;
  return BaselineChange{now.name, verdict, same_code(it->second.code, now.code), std::log(ratio),
                        stats::log_ratio_se(c, stats::ComparisonOptions{}.alpha)};
}

std::string change_cell(const BaselineChange &c) {
  if (!c.measured())
    return stats::to_string(*c.verdict);
  if (!c.verdict)
    return fmt::format("{:+.1f} % other machine", c.percent());
  return fmt::format("{:+.1f} % {}{}", c.percent(), stats::to_string(*c.verdict),
                     c.moved() && c.identical_code.value_or(false) ? ", identical code" : "");
}

std::string baseline_summary(const Baseline &base, const std::vector<BaselineChange> &changes, double load_now) {
  if (changes.empty() || !base.other_machine.empty())
    return "";
  std::map<stats::Verdict, int> verdicts;
  for (const BaselineChange &c : changes)
    if (c.verdict)
      ++verdicts[*c.verdict];
  return fmt::format("compared with {} (recorded {}, load average {:.1f}; now {:.1f}): {} faster, {} slower, "
                     "{} same, {} can't tell yet\n",
                     base.name, base.started, base.load.load1, load_now, verdicts[stats::Verdict::faster],
                     verdicts[stats::Verdict::slower], verdicts[stats::Verdict::same],
                     verdicts[stats::Verdict::undecided]) +
         machine_move_text(changes, stats::ComparisonOptions{}.alpha);
}

bool save_baselines(const RunResult &run, const std::string &binary) {
  auto save = [&](const std::string &name) {
    ResultsWriter writer(kBaselineSamples);
    writer.write(run, baseline_file(binary, name));
  };
  if (!run.config.no_baseline) {
    try {
      if (prepare_baseline_dir(binary).empty())
        save(kLast);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "warning: the run is not kept as the last run to compare with: %s\n", e.what());
    }
  }
  if (!run.config.save_baseline.empty()) {
    try {
      save(run.config.save_baseline);
      std::fprintf(stderr, "baseline '%s' saved in %s\n", run.config.save_baseline.c_str(),
                   baseline_file(binary, run.config.save_baseline).c_str());
    } catch (const std::exception &e) {
      std::fprintf(stderr, "error: --save-baseline=%s: %s\n", run.config.save_baseline.c_str(), e.what());
      return false;
    }
  }
  return true;
}

} // namespace steady
