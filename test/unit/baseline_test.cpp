// Unit tests of the comparison with a baseline as it is told: the change cell
// and the line under the table, from given per-row results.
#include <cmath>
#include <utility>

#include <gtest/gtest.h>

#include "baseline.h"

namespace steady {
namespace {

using V = stats::Verdict;

BaselineChange change(double percent, std::optional<V> verdict, std::optional<bool> identical) {
  return {"bm" + std::to_string(int(percent)), verdict, identical, std::log1p(percent / 100), 0.01};
}

Baseline last() {
  Baseline b;
  b.name = "last";
  b.started = "2026-11-27T06:45:00Z";
  b.load.load1 = 3.2;
  return b;
}

TEST(BaselineChangeCell, AVerdictOnIdenticalCodeSaysSo) {
  EXPECT_EQ(change_cell(change(-4.44, V::faster, true)), "-4.4 % faster, identical code");
  EXPECT_EQ(change_cell(change(3.1, V::slower, true)), "+3.1 % slower, identical code");
  // No verdict, other code, or no fingerprints: nothing to add.
  EXPECT_EQ(change_cell(change(-1.2, V::undecided, true)), "-1.2 % can't tell yet");
  EXPECT_EQ(change_cell(change(-4.4, V::faster, false)), "-4.4 % faster");
  EXPECT_EQ(change_cell(change(-4.4, V::faster, std::nullopt)), "-4.4 % faster");
  EXPECT_EQ(change_cell(change(5, std::nullopt, true)), "+5.0 % other machine");
  EXPECT_EQ(change_cell(change(0, V::measures_nothing, true)), "measures nothing");
}

TEST(BaselineSummary, CountsTheVerdicts) {
  // Without fingerprints (older files) there is no yardstick: the counts alone.
  const std::vector<BaselineChange> rows = {change(-4, V::faster, std::nullopt), change(0.5, V::same, std::nullopt),
                                            change(1.5, V::undecided, std::nullopt)};
  EXPECT_EQ(baseline_summary(last(), rows, 0.9),
            "compared with last (recorded 2026-11-27T06:45:00Z, load average 3.2; now 0.9): 1 faster, 0 slower, "
            "1 same, 1 can't tell yet\n");
}

TEST(BaselineSummary, TooFewIdenticalRowsToJudgeTheOthers) {
  // Three of four rows ran the baseline's code; two of them moved: the
  // machine did (median -4 %); three rows are too few to judge the fourth.
  const std::vector<BaselineChange> rows = {change(-4, V::faster, true), change(-5, V::faster, true),
                                            change(1, V::undecided, true), change(9, V::slower, false),
                                            change(0, V::measures_nothing, true)};
  EXPECT_EQ(baseline_summary(last(), rows, 0.9),
            "compared with last (recorded 2026-11-27T06:45:00Z, load average 3.2; now 0.9): 2 faster, 1 slower, "
            "0 same, 1 can't tell yet\n"
            "2 of the 3 rows called faster or slower ran identical code: their change is the machine's (load, clock, "
            "other tenants), not the code's; the 3 rows with identical code moved -4.0 % (median), too few (< 10) to "
            "judge the rows whose code changed by. To see what a change of the code does, compare the two builds "
            "side by side: steady ab OLD NEW\n");
}

// Twelve rows that ran identical code and four whose code changed, as log
// ratios and standard errors. Expected values computed apart (Python's
// statistics module): median 0.0105; squared z about it, median 2.65625;
// over chi-square(1)'s median 0.4549364231 -> inflation 5.838727929906479.
std::vector<BaselineChange> twelve_identical_four_changed() {
  const double d[] = {0.010, 0.012, 0.008, 0.015, 0.011, 0.009, 0.030, -0.005, 0.013, 0.010, 0.020, 0.007};
  std::vector<BaselineChange> rows;
  for (int i = 0; i < 12; ++i)
    rows.push_back({"same" + std::to_string(i), V::undecided, true, d[i], i < 6 ? 0.001 : 0.002});
  for (auto [name, d] : {std::pair{"a", 0.06}, {"b", 0.02}, {"c", -0.04}, {"d", 0.03}})
    rows.push_back({name, d > 0 ? V::slower : V::faster, false, d, 0.002});
  return rows;
}

TEST(MachineMove, GenomicControlOverTheIdenticalRows) {
  const MachineMove m = machine_move(twelve_identical_four_changed());
  EXPECT_EQ(m.rows, 12);
  EXPECT_NEAR(m.log_ratio, 0.0105, 1e-12);
  EXPECT_NEAR(m.inflation, 5.838727929906479, 1e-9);
}

TEST(MachineMove, ChangedRowsBeyondItAt99Percent) {
  // z = (d - 0.0105) / (0.002 sqrt(5.8387)): a 10.24, b 1.97, c -10.45, d 4.04
  // against 2.5758: a, c, d differ beyond the move, by expm1(d - 0.0105).
  const std::vector<BaselineChange> rows = twelve_identical_four_changed();
  const MachineMove m = machine_move(rows);
  EXPECT_NEAR(*beyond_machine_move(rows[12], m, 0.01), 5.074559221482433, 1e-9);
  EXPECT_FALSE(beyond_machine_move(rows[13], m, 0.01));
  EXPECT_NEAR(*beyond_machine_move(rows[14], m, 0.01), -4.924607132767309, 1e-9);
  EXPECT_NEAR(*beyond_machine_move(rows[15], m, 0.01), 1.9691366860658397, 1e-9);
  EXPECT_EQ(baseline_summary(last(), rows, 0.9),
            "compared with last (recorded 2026-11-27T06:45:00Z, load average 3.2; now 0.9): 1 faster, 3 slower, "
            "0 same, 12 can't tell yet\n"
            "the 12 rows with identical code moved +1.1 % (median), 2.4x as spread as their forks predict; of the 4 "
            "rows whose code changed, 3 differ beyond that move at 99 % (a +5.1 %, c -4.9 %, d +2.0 %) and 1 does not "
            "(called faster or slower all the same: b). "
            "To see what a change of the code does, compare the two builds side by side: steady ab OLD NEW\n");
}

TEST(MachineMove, AChangedRowWithoutAnIntervalIsNotJudged) {
  // One fork a side gives no standard error: the row is neither beyond the
  // move nor counted among the changed rows that are not.
  std::vector<BaselineChange> rows = twelve_identical_four_changed();
  rows.push_back({"one_fork", V::undecided, false, 0.2, std::nan("")});
  EXPECT_FALSE(beyond_machine_move(rows.back(), machine_move(rows), 0.01));
  EXPECT_NE(machine_move_text(rows, 0.01).find("of the 4 rows whose code changed, 3 differ"), std::string::npos);
}

TEST(MachineMove, NoJudgementFromTooFewRows) {
  std::vector<BaselineChange> rows = twelve_identical_four_changed();
  rows.erase(rows.begin(), rows.begin() + 3); // 9 identical rows left
  EXPECT_FALSE(beyond_machine_move(rows.back(), machine_move(rows), 0.01));
}

TEST(BaselineSummary, NothingOnAnotherMachineOrWithoutRows) {
  Baseline other = last();
  other.other_machine = "cpu 'A' vs 'B'";
  EXPECT_EQ(baseline_summary(other, {change(-4, std::nullopt, true)}, 0.9), "");
  EXPECT_EQ(baseline_summary(last(), {}, 0.9), "");
}

} // namespace
} // namespace steady
