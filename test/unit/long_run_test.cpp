// The plan for a payload longer than an iteration (long_run.h): single shot
// with warmup and measured runs bounded by time, or too long for a fork.
#include <gtest/gtest.h>

#include "long_run.h"

namespace steady {
namespace {

TEST(LongRun, NotLongerThanAnIterationIsBatched) {
  RunConfig cfg; // 2 ms iterations
  EXPECT_EQ(plan_long_run(0.002, cfg).kind, LongRunPlan::batched);
  EXPECT_EQ(plan_long_run(1e-6, cfg).kind, LongRunPlan::batched);
}

TEST(LongRun, WarmupRunsFitTheWarmupTimeOfAFork) {
  RunConfig cfg; // dynamic warmup: at most 50 x 2 ms (the iteration time: longer than 0.5 ms) = 100 ms,
                 // first checkpoint after 5
  LongRunPlan p = plan_long_run(0.030, cfg);
  EXPECT_EQ(p.kind, LongRunPlan::single_shot);
  EXPECT_EQ(p.warmups, 3); // floor(0.1 / 0.03)
  EXPECT_EQ(p.runs, cfg.iterations);
  EXPECT_EQ(plan_long_run(0.003, cfg).warmups, cfg.min_warmup); // 33 would fit: at most the first checkpoint
  EXPECT_EQ(plan_long_run(3.0, cfg).warmups, 1);                // none would fit: one
}

TEST(LongRun, AStaticConfigurationBoundsWarmupsByItsOwn) {
  RunConfig cfg;
  cfg.stop = "none";
  cfg.warmup_iterations = 2;
  cfg.warmup_time = 0.002;
  EXPECT_EQ(plan_long_run(0.001 * 2.5, cfg).warmups, 1); // 2 x 2 ms over 2.5 ms
  EXPECT_EQ(plan_long_run(0.0021, cfg).warmups, 1);
  cfg.warmup_iterations = 0; // asked for none: none
  EXPECT_EQ(plan_long_run(0.5, cfg).warmups, 0);
}

TEST(LongRun, MeasuredRunsFitHalfTheForkTimeout) {
  RunConfig cfg;                               // --timeout 120: a fork of a long test plans at most 60 s
  EXPECT_EQ(plan_long_run(10.0, cfg).runs, 5); // 1 warmup + 6 runs would take 70 s
  LongRunPlan p = plan_long_run(20.0, cfg);    // 1 warmup + 2 runs = 60 s
  EXPECT_EQ(p.kind, LongRunPlan::single_shot);
  EXPECT_EQ(p.warmups, 1);
  EXPECT_EQ(p.runs, 2);
  EXPECT_EQ(plan_long_run(29.0, cfg).runs, 1);
}

TEST(LongRun, TooLongForAWarmupAndOneRunIsNotMeasured) {
  RunConfig cfg;
  LongRunPlan p = plan_long_run(31.0, cfg);
  EXPECT_EQ(p.kind, LongRunPlan::too_long);
  EXPECT_EQ(p.runs, 0);
  EXPECT_EQ(p.reason, "too long to measure: one run took 31 s, and 1 warmup and 1 measured run per fork would take "
                      "more than 50 % of the fork --timeout (120 s): raise --timeout");
}

TEST(LongRun, ARunLongerThanTheLongestIsTooLongWhateverFollows) {
  RunConfig cfg;
  for (double timeout : {2.0, 120.0, 600.0}) {
    cfg.timeout = timeout;
    EXPECT_EQ(plan_long_run(longest_run_seconds(cfg) * 1.01, cfg).kind, LongRunPlan::too_long) << timeout;
    EXPECT_EQ(plan_long_run(longest_run_seconds(cfg) * 0.6, cfg).kind, LongRunPlan::single_shot) << timeout;
  }
}

} // namespace
} // namespace steady
