#include "baseline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

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
  // On another machine a verdict would credit the change with what the
  // machine did.
  std::optional<stats::Verdict> verdict;
  if (c.verdict == stats::Verdict::measures_nothing || base.other_machine.empty())
    verdict = c.verdict;
  return BaselineChange{now.name,        100 * (ratio - 1),
                        verdict,         same_code(it->second.code, now.code),
                        std::log(ratio), stats::log_ratio_se(c, stats::ComparisonOptions{}.alpha)};
}

namespace {
bool moved(const BaselineChange &c) {
  return c.verdict == stats::Verdict::slower || c.verdict == stats::Verdict::faster;
}
bool measured(const BaselineChange &c) { return c.verdict != stats::Verdict::measures_nothing; }
} // namespace

std::string change_cell(const BaselineChange &c) {
  if (!measured(c))
    return stats::to_string(*c.verdict);
  if (!c.verdict)
    return fmt::format("{:+.1f} % other machine", c.percent);
  return fmt::format("{:+.1f} % {}{}", c.percent, stats::to_string(*c.verdict),
                     moved(c) && c.identical_code.value_or(false) ? ", identical code" : "");
}

MachineMove machine_move(const std::vector<BaselineChange> &changes) {
  // The known null comparisons: identical code, measured, with an interval.
  std::vector<const BaselineChange *> nulls;
  for (const BaselineChange &c : changes)
    if (c.identical_code.value_or(false) && measured(c) && std::isfinite(c.log_ratio) && c.log_se > 0)
      nulls.push_back(&c);
  MachineMove m;
  m.rows = int(nulls.size());
  if (nulls.empty())
    return m;
  std::vector<double> logs, z2;
  for (const BaselineChange *c : nulls)
    logs.push_back(c->log_ratio);
  m.log_ratio = stats::quantile(logs, 0.5);
  for (const BaselineChange *c : nulls)
    z2.push_back(std::pow((c->log_ratio - m.log_ratio) / c->log_se, 2));
  const double chi2_median = boost::math::quantile(boost::math::chi_squared(1), 0.5);
  m.inflation = std::max(1.0, stats::quantile(z2, 0.5) / chi2_median);
  return m;
}

std::optional<double> beyond_machine_move(const BaselineChange &c, const MachineMove &m, double alpha) {
  if (m.rows < kMachineMoveRows || !std::isfinite(c.log_ratio) || !(c.log_se > 0))
    return std::nullopt;
  const double z = (c.log_ratio - m.log_ratio) / (c.log_se * std::sqrt(m.inflation));
  if (std::abs(z) <= boost::math::quantile(boost::math::normal(), 1 - alpha / 2))
    return std::nullopt;
  return 100 * std::expm1(c.log_ratio - m.log_ratio);
}

std::string baseline_summary(const Baseline &base, const std::vector<BaselineChange> &changes, double load_now) {
  if (changes.empty() || !base.other_machine.empty())
    return "";
  std::map<stats::Verdict, int> verdicts;
  int moved_identical = 0;
  std::vector<const BaselineChange *> changed; // the rows whose code is not the baseline's
  for (const BaselineChange &c : changes) {
    if (c.verdict)
      ++verdicts[*c.verdict];
    moved_identical += moved(c) && c.identical_code.value_or(false);
    if (measured(c) && c.identical_code == false)
      changed.push_back(&c);
  }
  std::string out = fmt::format(
      "compared with {} (recorded {}, load average {:.1f}; now {:.1f}): {} faster, {} slower, "
      "{} same, {} can't tell yet\n",
      base.name, base.started, base.load.load1, load_now, verdicts[stats::Verdict::faster],
      verdicts[stats::Verdict::slower], verdicts[stats::Verdict::same], verdicts[stats::Verdict::undecided]);
  const MachineMove m = machine_move(changes);
  if (m.rows == 0 || (moved_identical == 0 && changed.empty()))
    return out;
  if (moved_identical > 0)
    out += fmt::format("{} of the {} rows called faster or slower ran identical code: their change is the machine's "
                       "(load, clock, other tenants), not the code's; ",
                       moved_identical, verdicts[stats::Verdict::faster] + verdicts[stats::Verdict::slower]);
  out += fmt::format("the {} rows with identical code moved {:+.1f} % (median)", m.rows, 100 * std::expm1(m.log_ratio));
  if (m.rows < kMachineMoveRows) {
    if (!changed.empty())
      out += fmt::format(", too few (< {}) to judge the rows whose code changed by", kMachineMoveRows);
  } else {
    if (m.inflation > 1)
      out += fmt::format(", {:.1f}x as spread as their forks predict", std::sqrt(m.inflation));
    if (!changed.empty()) {
      std::vector<std::string> beyond;
      for (const BaselineChange *c : changed)
        if (std::optional<double> rest = beyond_machine_move(*c, m, stats::ComparisonOptions{}.alpha))
          beyond.push_back(fmt::format("{} {:+.1f} %", c->benchmark, *rest));
      const std::size_t shown = std::min<std::size_t>(beyond.size(), 5);
      out +=
          fmt::format("; of the {} rows whose code changed, {} differ beyond that move at 99 %{} and {} do not",
                      changed.size(), beyond.size(),
                      beyond.empty() ? ""
                                     : fmt::format(" ({}{})", fmt::join(beyond.begin(), beyond.begin() + shown, ", "),
                                                   beyond.size() > shown ? ", ..." : ""),
                      changed.size() - beyond.size());
    }
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
