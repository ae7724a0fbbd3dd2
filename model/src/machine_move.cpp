#include "steady/machine_move.h"

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "steady/stats.h"

namespace steady {

double RunChange::percent() const { return 100 * std::expm1(log_ratio); }
bool RunChange::moved() const { return verdict == stats::Verdict::slower || verdict == stats::Verdict::faster; }
bool RunChange::measured() const { return verdict != stats::Verdict::measures_nothing; }
bool RunChange::has_interval() const { return measured() && std::isfinite(log_ratio) && log_se > 0; }
bool RunChange::code_changed() const { return verdict && has_interval() && identical_code == false; }

MachineMove machine_move(const std::vector<RunChange> &changes) {
  // The known null comparisons: identical code, measured, with an interval.
  std::vector<const RunChange *> nulls;
  for (const RunChange &c : changes)
    if (c.identical_code.value_or(false) && c.has_interval())
      nulls.push_back(&c);
  MachineMove m;
  m.rows = int(nulls.size());
  if (nulls.empty())
    return m;
  std::vector<double> logs, z2;
  for (const RunChange *c : nulls)
    logs.push_back(c->log_ratio);
  m.log_ratio = stats::quantile(logs, 0.5);
  for (const RunChange *c : nulls)
    z2.push_back(std::pow((c->log_ratio - m.log_ratio) / c->log_se, 2));
  const double chi2_median = boost::math::quantile(boost::math::chi_squared(1), 0.5);
  m.inflation = std::max(1.0, stats::quantile(z2, 0.5) / chi2_median);
  return m;
}

std::optional<double> beyond_machine_move(const RunChange &c, const MachineMove &m, double alpha) {
  if (m.rows < kMachineMoveRows || !c.has_interval())
    return std::nullopt;
  const double z = (c.log_ratio - m.log_ratio) / (c.log_se * std::sqrt(m.inflation));
  if (std::abs(z) <= boost::math::quantile(boost::math::normal(), 1 - alpha / 2))
    return std::nullopt;
  return 100 * std::expm1(c.log_ratio - m.log_ratio);
}

std::string machine_move_text(const std::vector<RunChange> &changes, double alpha) {
  int moved_rows = 0, moved_identical = 0;
  std::vector<const RunChange *> changed; // the rows whose code is not the base's
  for (const RunChange &c : changes) {
    moved_rows += c.moved();
    moved_identical += c.moved() && c.identical_code.value_or(false);
    if (c.code_changed())
      changed.push_back(&c);
  }
  const MachineMove m = machine_move(changes);
  if (m.rows == 0 || (moved_identical == 0 && changed.empty()))
    return "";
  auto rows = [](std::size_t n) { return fmt::format("{} row{}", n, n == 1 ? "" : "s"); };
  std::string out;
  if (moved_identical > 0)
    out += fmt::format("{} of the {} called faster or slower ran identical code: their change is the machine's "
                       "(load, clock, other tenants), not the code's; ",
                       moved_identical, rows(moved_rows));
  out +=
      fmt::format("the {} with identical code moved {:+.1f} % (median)", rows(m.rows), 100 * std::expm1(m.log_ratio));
  if (m.rows < kMachineMoveRows) {
    if (!changed.empty())
      out += fmt::format(", too few (< {}) to judge the rows whose code changed by", kMachineMoveRows);
  } else {
    if (m.inflation > 1)
      out += fmt::format(", {:.1f}x as spread as their forks predict", std::sqrt(m.inflation));
    if (!changed.empty()) {
      // The rows beyond the move, and those within it that were called faster or slower all the same.
      std::vector<std::string> beyond, misled;
      for (const RunChange *c : changed)
        if (std::optional<double> rest = beyond_machine_move(*c, m, alpha))
          beyond.push_back(fmt::format("{} {:+.1f} %", c->benchmark, *rest));
        else if (c->moved())
          misled.push_back(c->benchmark);
      auto some = [](const std::vector<std::string> &names, const char *prefix) {
        const std::size_t shown = std::min<std::size_t>(names.size(), 5);
        return names.empty() ? std::string()
                             : fmt::format(" ({}{}{})", prefix, fmt::join(names.begin(), names.begin() + shown, ", "),
                                           names.size() > shown ? ", ..." : "");
      };
      out += fmt::format(
          "; of the {} whose code changed, {} beyond that move at {:g} %{} and {} not{}", rows(changed.size()),
          beyond.size() == 1 ? "1 differs" : fmt::format("{} differ", beyond.size()), 100 * (1 - alpha),
          some(beyond, ""),
          changed.size() - beyond.size() == 1 ? "1 does" : fmt::format("{} do", changed.size() - beyond.size()),
          some(misled, "called faster or slower all the same: "));
    }
  }
  return out + ". To see what a change of the code does, compare the two builds side by side: steady ab OLD NEW\n";
}

} // namespace steady
