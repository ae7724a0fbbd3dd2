// What steady ab decides between rounds (driver/ab_tally.h): the looks at
// doubling fork counts, giving up a benchmark that keeps failing, and which
// benchmarks still get forks.
#include <gtest/gtest.h>

#include "ab_tally.h"

namespace steady::driver {
namespace {

const std::vector<int> kLooks = {5, 10, 20, 40};

TEST(AbTally, LooksWhenBothSidesReachTheNextCount) {
  AbTally t;
  t.ok[0] = 5, t.ok[1] = 4;
  EXPECT_FALSE(t.take_look(kLooks)); // B is one short
  t.ok[1] = 5;
  EXPECT_TRUE(t.take_look(kLooks));
  EXPECT_EQ(t.next_look, 1);
  EXPECT_FALSE(t.take_look(kLooks)); // the look at 5 is taken once
  t.ok[0] = t.ok[1] = 9;
  EXPECT_FALSE(t.take_look(kLooks));
  t.ok[0] = t.ok[1] = 10;
  EXPECT_TRUE(t.take_look(kLooks));
  EXPECT_EQ(t.next_look, 2);
}

TEST(AbTally, ALateLookSkipsTheCountsItPassed) {
  // Failed forks on one side let the other run ahead; the look at 25 ok
  // forks each stands for the looks at 10 and 20.
  AbTally t;
  t.next_look = 1;
  t.ok[0] = t.ok[1] = 25;
  EXPECT_TRUE(t.take_look(kLooks));
  EXPECT_EQ(t.next_look, 3);
  t.ok[0] = t.ok[1] = 40;
  EXPECT_TRUE(t.take_look(kLooks));
  EXPECT_EQ(t.next_look, 4);
  t.ok[0] = t.ok[1] = 80;
  EXPECT_FALSE(t.take_look(kLooks)); // no looks left
}

TEST(AbTally, NoLookBeforeTwoForksEach) {
  AbTally t;
  t.ok[0] = t.ok[1] = 1;
  EXPECT_FALSE(t.take_look({1, 2}));
  t.ok[0] = t.ok[1] = 2;
  EXPECT_TRUE(t.take_look({1, 2}));
  EXPECT_EQ(t.next_look, 2);
}

TEST(AbTally, GivenUpAfterThreeFailuresWithoutSuccessOnASide) {
  AbTally t;
  t.failed[1] = 2;
  EXPECT_EQ(t.failing_side(), -1);
  t.failed[1] = 3;
  EXPECT_EQ(t.failing_side(), 1);
  t.ok[1] = 1; // it has measured once: failures are kept and the run goes on
  EXPECT_EQ(t.failing_side(), -1);
  t.failed[0] = 3; // A first when both fail
  t.ok[1] = 0;
  EXPECT_EQ(t.failing_side(), 0);
}

TEST(AbTally, ForksUntilDecidedOrGivenUp) {
  AbTally t;
  EXPECT_TRUE(t.wants_forks());
  t.decided = true;
  EXPECT_FALSE(t.wants_forks());
  t.decided = false, t.given_up = true;
  EXPECT_FALSE(t.wants_forks());
}

} // namespace
} // namespace steady::driver
