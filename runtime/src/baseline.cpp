#include "baseline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>

#include <fmt/format.h>

#include "steady/comparison.h"
#include "steady/results_json.h"
#include "steady/stats.h"

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
  BaselineChange change{100 * (ratio - 1), "", same_code(it->second.code, now.code)};
  // A verdict would credit the change with what the machine did.
  if (c.verdict == stats::Verdict::measures_nothing)
    change.verdict = "measures nothing";
  else if (base.other_machine.empty())
    change.verdict = c.verdict == stats::Verdict::slower   ? "slower"
                     : c.verdict == stats::Verdict::faster ? "faster"
                     : c.verdict == stats::Verdict::same   ? "same"
                                                           : "can't tell yet";
  return change;
}

namespace {
bool moved(const BaselineChange &c) { return c.verdict == "slower" || c.verdict == "faster"; }
} // namespace

std::string change_cell(const BaselineChange &c) {
  if (c.verdict == "measures nothing")
    return c.verdict;
  if (c.verdict.empty())
    return fmt::format("{:+.1f} % other machine", c.percent);
  return fmt::format("{:+.1f} % {}{}", c.percent, c.verdict,
                     moved(c) && c.identical_code.value_or(false) ? ", identical code" : "");
}

std::string baseline_summary(const Baseline &base, const std::vector<BaselineChange> &changes, double load_now) {
  if (changes.empty() || !base.other_machine.empty())
    return "";
  std::map<std::string, int> verdicts;
  int moved_identical = 0;
  std::vector<double> identical, changed; // the rows' changes, by whether their code is the baseline's
  for (const BaselineChange &c : changes) {
    ++verdicts[c.verdict];
    if (c.verdict == "measures nothing" || !c.identical_code)
      continue;
    (*c.identical_code ? identical : changed).push_back(c.percent);
    moved_identical += moved(c) && *c.identical_code;
  }
  std::string out =
      fmt::format("compared with {} (recorded {}, load average {:.1f}; now {:.1f}): {} faster, {} slower, "
                  "{} same, {} can't tell yet\n",
                  base.name, base.started, base.load.load1, load_now, verdicts["faster"], verdicts["slower"],
                  verdicts["same"], verdicts["can't tell yet"]);
  if (identical.empty() || (moved_identical == 0 && changed.empty()))
    return out;
  if (moved_identical > 0)
    out += fmt::format("{} of the {} rows called faster or slower ran identical code: their change is the machine's "
                       "(load, clock, other tenants), not the code's; ",
                       moved_identical, verdicts["faster"] + verdicts["slower"]);
  // How far the same code moved between the two runs: the yardstick for a
  // row whose code changed (its own interval knows only this run's forks).
  const double low = stats::quantile(identical, 0), high = stats::quantile(identical, 1);
  const bool range = identical.size() >= 3;
  out += fmt::format("the {} rows with identical code moved {:+.1f} % (median{})", identical.size(),
                     stats::quantile(identical, 0.5),
                     range ? fmt::format(", from {:+.1f} % to {:+.1f} %", low, high) : "");
  if (range && !changed.empty()) {
    const auto beyond = std::count_if(changed.begin(), changed.end(), [&](double p) { return p < low || p > high; });
    out += fmt::format("; of the {} rows whose code changed, {} moved beyond that range and {} within it, where the "
                       "machine's move alone could have put them",
                       changed.size(), beyond, changed.size() - std::size_t(beyond));
  }
  return out + ". To see what a change of the code does, compare the two builds side by side: steady ab OLD NEW\n";
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
