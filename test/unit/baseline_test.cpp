// Unit tests of the comparison with a baseline as it is told: the change cell
// and the line under the table, from given per-row results.
#include <gtest/gtest.h>

#include "baseline.h"

namespace steady {
namespace {

BaselineChange change(double percent, const char *verdict, std::optional<bool> identical) {
  return {percent, verdict, identical};
}

Baseline last() {
  Baseline b;
  b.name = "last";
  b.started = "2026-11-27T06:45:00Z";
  b.load.load1 = 3.2;
  return b;
}

TEST(BaselineChangeCell, AVerdictOnIdenticalCodeSaysSo) {
  EXPECT_EQ(change_cell(change(-4.44, "faster", true)), "-4.4 % faster, identical code");
  EXPECT_EQ(change_cell(change(3.1, "slower", true)), "+3.1 % slower, identical code");
  // No verdict, other code, or no fingerprints: nothing to add.
  EXPECT_EQ(change_cell(change(-1.2, "can't tell yet", true)), "-1.2 % can't tell yet");
  EXPECT_EQ(change_cell(change(-4.4, "faster", false)), "-4.4 % faster");
  EXPECT_EQ(change_cell(change(-4.4, "faster", std::nullopt)), "-4.4 % faster");
  EXPECT_EQ(change_cell(change(5, "", true)), "+5.0 % other machine");
  EXPECT_EQ(change_cell(change(0, "measures nothing", true)), "measures nothing");
}

TEST(BaselineSummary, CountsTheVerdicts) {
  // Without fingerprints (older files) there is no yardstick: the counts alone.
  const std::vector<BaselineChange> rows = {change(-4, "faster", std::nullopt), change(0.5, "same", std::nullopt),
                                            change(1.5, "can't tell yet", std::nullopt)};
  EXPECT_EQ(baseline_summary(last(), rows, 0.9),
            "compared with last (recorded 2026-11-27T06:45:00Z, load average 3.2; now 0.9): 1 faster, 0 slower, "
            "1 same, 1 can't tell yet\n");
}

TEST(BaselineSummary, MovesOfIdenticalCodeAreTheMachines) {
  // Three of four rows ran the baseline's code; two of them moved: the
  // machine did; the median and range are over every row with identical code
  // (-4, -5, 1); the row whose code changed moved beyond them.
  const std::vector<BaselineChange> rows = {change(-4, "faster", true), change(-5, "faster", true),
                                            change(1, "can't tell yet", true), change(9, "slower", false),
                                            change(0, "measures nothing", true)};
  EXPECT_EQ(baseline_summary(last(), rows, 0.9),
            "compared with last (recorded 2026-11-27T06:45:00Z, load average 3.2; now 0.9): 2 faster, 1 slower, "
            "0 same, 1 can't tell yet\n"
            "2 of the 3 rows called faster or slower ran identical code: their change is the machine's (load, clock, "
            "other tenants), not the code's; the 3 rows with identical code moved -4.0 % (median, from -5.0 % to "
            "+1.0 %); of the 1 rows whose code changed, 1 moved beyond that range and 0 within it, where the "
            "machine's move alone could have put them. To see what a change of the code does, compare the two "
            "builds side by side: steady ab OLD NEW\n");
}

TEST(BaselineSummary, ChangedCodeIsMeasuredAgainstTheMachinesMove) {
  // No identical row moved; of the two changed rows called slower, +1.5 %
  // lies inside the identical rows' range (-1 % to +2 %), +12 % beyond it.
  const std::vector<BaselineChange> rows = {change(0.5, "same", true), change(-1, "can't tell yet", true),
                                            change(2, "can't tell yet", true), change(1.5, "slower", false),
                                            change(12, "slower", false)};
  EXPECT_EQ(baseline_summary(last(), rows, 0.9),
            "compared with last (recorded 2026-11-27T06:45:00Z, load average 3.2; now 0.9): 0 faster, 2 slower, "
            "1 same, 2 can't tell yet\n"
            "the 3 rows with identical code moved +0.5 % (median, from -1.0 % to +2.0 %); of the 2 rows whose code "
            "changed, 1 moved beyond that range and 1 within it, where the machine's move alone could have put "
            "them. To see what a change of the code does, compare the two builds side by side: steady ab OLD NEW\n");
}

TEST(BaselineSummary, NothingOnAnotherMachineOrWithoutRows) {
  Baseline other = last();
  other.other_machine = "cpu 'A' vs 'B'";
  EXPECT_EQ(baseline_summary(other, {change(-4, "", true)}, 0.9), "");
  EXPECT_EQ(baseline_summary(last(), {}, 0.9), "");
}

} // namespace
} // namespace steady
