// The runner judges each fork's warmup (runtime/src/warmup_verdicts.h): its
// verdicts are WarmupStop's, the fork reads them, and the runner leaves the
// fork's CPU while it computes them; a fork whose runner cannot leave its CPU,
// or whose verdict is late, waits asleep.
#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "steady/results.h"
#include "warmup_verdicts.h"

namespace steady {
namespace {

// A warmup iteration of 40 batch samples around `mean` (2 % noise, fixed seed).
Iteration warmup_iteration(std::mt19937_64 &g, double mean) {
  std::normal_distribution<double> noise(0, 0.02 * mean);
  Iteration it;
  it.warmup = true;
  for (int b = 0; b < 40; ++b)
    it.batches.push_back({mean + noise(g), 1000});
  return it;
}

StopPolicy rciw() {
  StopPolicy p;
  EXPECT_TRUE(StopPolicy::parse("precision", p));
  return p;
}

// Whether thread `tid` of this process is blocked in futex(2): its
// /proc/.../syscall starts with the call's number while it is blocked in one
// ("running" while it runs, spinning included).
bool blocked_in_futex(pid_t tid) {
  std::ifstream in("/proc/self/task/" + std::to_string(tid) + "/syscall");
  std::string call;
  return in >> call && call == std::to_string(SYS_futex);
}

// Waits (a hang guard, not a measurement: 30 s) until `tid` is blocked in futex(2).
bool comes_to_sleep(pid_t tid) {
  for (int i = 0; i < 30000; ++i) {
    if (blocked_in_futex(tid))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

// The fork's side in a thread: asks for the verdict on one iteration.
struct WaitingFork {
  explicit WaitingFork(WarmupVerdicts *shared) : judge(await_verdicts(shared)) {
    thread = std::thread([this] {
      tid = pid_t(syscall(SYS_gettid));
      verdict = judge.stop_after(Iteration{});
    });
  }
  pid_t thread_id() {
    while (!tid)
      std::this_thread::yield();
    return tid;
  }
  WarmupJudge judge;
  std::atomic<pid_t> tid{0};
  std::atomic<bool> verdict{false};
  std::thread thread;
};

TEST(WarmupVerdicts, TheRunnersVerdictsAreWarmupStops) {
  VerdictPage page;
  ASSERT_TRUE(page.create());
  RunnerJudge judge(rciw(), 5, page.verdicts);
  WarmupStop in_place(rciw(), 5);
  std::mt19937_64 g(31);
  int stable = 0;
  for (int i = 1; i <= 40; ++i) {
    const Iteration it = warmup_iteration(g, 100 * (1 + 2 * std::exp(-0.4 * i))); // decays to 100
    judge.judge(it);
    const bool expected = in_place.stop_after(metric_samples(it));
    ASSERT_EQ(page.verdicts->judged.load(), std::uint32_t(i));
    ASSERT_EQ(page.verdicts->stable.load() != 0, expected) << "iteration " << i;
    stable += expected;
  }
  EXPECT_GT(stable, 0);  // the series settles: some verdicts are "stable"
  EXPECT_LT(stable, 40); // and the first ones are not
  EXPECT_EQ(judge.last(), in_place.last());
}

TEST(WarmupVerdicts, TheForkWaitsForEachVerdict) {
  VerdictPage page;
  ASSERT_TRUE(page.create());
  WarmupVerdicts *fork_side = map_verdicts(page.fd); // as the fork maps it
  ASSERT_NE(fork_side, nullptr);
  const WarmupJudge judge = await_verdicts(fork_side);
  for (bool verdict : {false, true, false}) {
    std::thread runner([&] { publish_verdict(page.verdicts, verdict); });
    EXPECT_EQ(judge.stop_after(Iteration{}), verdict);
    runner.join();
  }
  EXPECT_TRUE(judge.last().empty()); // the runner keeps the criterion's values
  munmap(fork_side, sizeof(WarmupVerdicts));
}

// Pinned to the fork's CPU, the runner could judge only once a spinning fork
// were descheduled: the fork sleeps until the verdict wakes it.
TEST(WarmupVerdicts, AForkSharingItsRunnersOnlyCpuSleeps) {
  cpu_set_t before, one;
  ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
  CPU_ZERO(&one);
  CPU_SET(sched_getcpu(), &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  VerdictPage page;
  ASSERT_TRUE(page.create());
  {
    RunnerJudge runner(rciw(), 5, page.verdicts);
    EXPECT_EQ(page.verdicts->apart.load(), 0u);
    WaitingFork fork(page.verdicts);
    EXPECT_TRUE(comes_to_sleep(fork.thread_id())) << "the fork spins for a runner on its own CPU";
    std::mt19937_64 g(3);
    runner.judge(warmup_iteration(g, 100));
    fork.thread.join();
    EXPECT_EQ(fork.verdict.load(), page.verdicts->stable.load() != 0);
  }
  sched_setaffinity(0, sizeof before, &before);
}

// A runner on another CPU is awaited in a pause loop, but not for ever: a
// verdict later than kSpinLimit (the runner waiting for a CPU) is
// awaited asleep.
TEST(WarmupVerdicts, ALateVerdictIsAwaitedAsleep) {
  VerdictPage page;
  ASSERT_TRUE(page.create());
  page.verdicts->apart.store(1);
  WaitingFork fork(page.verdicts);
  EXPECT_TRUE(comes_to_sleep(fork.thread_id())) << "the fork spins on";
  publish_verdict(page.verdicts, true);
  fork.thread.join();
  EXPECT_TRUE(fork.verdict.load());
}

TEST(WarmupVerdicts, TheRunnerLeavesTheForksCpuAndComesBack) {
  cpu_set_t before;
  ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
  if (CPU_COUNT(&before) < 2)
    GTEST_SKIP() << "one CPU: nowhere else to go";
  VerdictPage page;
  ASSERT_TRUE(page.create());
  const int fork_cpu = sched_getcpu(); // the fork's CPU: this one
  page.verdicts->cpu.store(fork_cpu);
  {
    RunnerJudge judge(rciw(), 5, page.verdicts);
    EXPECT_EQ(page.verdicts->apart.load(), 1u); // the fork may spin
    judge.keep_off();                           // as on the fork's first message, before any warmup iteration
    cpu_set_t during;
    ASSERT_EQ(sched_getaffinity(0, sizeof during, &during), 0);
    EXPECT_FALSE(CPU_ISSET(fork_cpu, &during));
    EXPECT_EQ(CPU_COUNT(&during), CPU_COUNT(&before) - 1);
    EXPECT_NE(sched_getcpu(), fork_cpu);
    std::mt19937_64 g(1);
    judge.judge(warmup_iteration(g, 100));
    ASSERT_EQ(sched_getaffinity(0, sizeof during, &during), 0);
    EXPECT_FALSE(CPU_ISSET(fork_cpu, &during));
  }
  cpu_set_t after;
  ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
  EXPECT_TRUE(CPU_EQUAL(&before, &after));
}

TEST(WarmupVerdicts, ARunnerPinnedToOneCpuStaysThere) {
  cpu_set_t before, one;
  ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
  CPU_ZERO(&one);
  const int cpu = sched_getcpu();
  CPU_SET(cpu, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  VerdictPage page;
  ASSERT_TRUE(page.create());
  page.verdicts->cpu.store(cpu);
  {
    RunnerJudge judge(rciw(), 5, page.verdicts);
    std::mt19937_64 g(2);
    judge.judge(warmup_iteration(g, 100));
    EXPECT_EQ(page.verdicts->judged.load(), 1u); // judged all the same
    EXPECT_EQ(page.verdicts->apart.load(), 0u);  // and the fork told to sleep while it waits
    cpu_set_t during;
    ASSERT_EQ(sched_getaffinity(0, sizeof during, &during), 0);
    EXPECT_TRUE(CPU_EQUAL(&one, &during));
  }
  sched_setaffinity(0, sizeof before, &before);
}

} // namespace
} // namespace steady
