// steady ab's lockstep (runtime/src/lockstep.h): two forks take turns through
// a socket, the one ab gave the first turn first; a partner that ended, died
// or measured its last lets the other run on alone, counted; the runner's
// fork process takes its end and CPU from STEADY_LOCKSTEP and keeps them
// from what the payload starts.
#include <cstdlib>
#include <fcntl.h>
#include <mutex>
#include <sched.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "lockstep.h"

namespace steady {
namespace {

struct Pair {
  int end[2];
  explicit Pair(int first) {
    EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, end), 0);
    const char turn = 'T';
    EXPECT_EQ(write(end[1 - first], &turn, 1), 1); // as steady ab gives `first` the first turn
  }
};

// Side `side` takes `turns` turns, logging each, then finishes.
ForkLockstep take_turns(int fd, int side, int turns, std::vector<int> &log, std::mutex &m) {
  Lockstep l(fd, -1);
  for (int t = 0; t < turns; ++t) {
    l.wait();
    {
      std::lock_guard<std::mutex> g(m);
      log.push_back(side);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200)); // the turn's work
    l.pass();
  }
  l.finish();
  return l.report();
}

// Both sides at once, side `first` with the first turn: the order of the
// turns taken and each side's report.
struct BothSides {
  std::vector<int> log;
  ForkLockstep report[2];
};

BothSides take_turns_both(int first, int turns0, int turns1) {
  Pair p(first);
  BothSides r;
  std::mutex m;
  std::thread b([&] { r.report[1] = take_turns(p.end[1], 1, turns1, r.log, m); });
  r.report[0] = take_turns(p.end[0], 0, turns0, r.log, m);
  b.join();
  return r;
}

TEST(Lockstep, TurnsAlternateFromTheFirstSide) {
  for (int first : {0, 1}) {
    const auto [log, r] = take_turns_both(first, 14, 14);
    ASSERT_EQ(log.size(), 28u);
    for (std::size_t i = 0; i < log.size(); ++i)
      EXPECT_EQ(log[i], i % 2 == 0 ? first : 1 - first) << "turn " << i;
    for (const ForkLockstep &x : r) {
      EXPECT_EQ(x.turns, 14);
      EXPECT_EQ(x.alone, 0);
      EXPECT_EQ(x.cpu, -1);
    }
  }
}

// The partner measured its last after 3 turns: the other's turns from then
// on are its own, and counted as run alone.
TEST(Lockstep, APartnerThatFinishedLeavesTheOtherAlone) {
  const auto [log, r] = take_turns_both(0, 10, 3);
  EXPECT_EQ(r[1].turns, 3);
  EXPECT_EQ(r[1].alone, 0);
  EXPECT_EQ(r[0].turns, 10);
  EXPECT_EQ(r[0].alone, 6); // turns 5-10: B's 'done' came with A's 4th turn
  ASSERT_EQ(log.size(), 13u);
  for (std::size_t i = 0; i < 6; ++i)
    EXPECT_EQ(log[i], int(i % 2));
}

// The partner's process ended without a word (it crashed, or an older
// runner ignored STEADY_LOCKSTEP and exited): its end closed, no turn waits.
TEST(Lockstep, AClosedPartnerEndIsNoWait) {
  Pair p(1); // the partner had the first turn
  close(p.end[1]);
  std::vector<int> log;
  std::mutex m;
  ForkLockstep r = take_turns(p.end[0], 0, 5, log, m);
  EXPECT_EQ(r.turns, 5);
  EXPECT_EQ(r.alone, 5);
}

TEST(Lockstep, FromTheEnvironmentPinsAndKeepsItFromThePayload) {
  unsetenv(kLockstepEnv);
  EXPECT_FALSE(Lockstep::from_environment());

  int pipefd[2];
  ASSERT_EQ(pipe(pipefd), 0);
  setenv(kLockstepEnv, (std::to_string(pipefd[0]) + ",-1").c_str(), 1);
  EXPECT_FALSE(Lockstep::from_environment()) << "a pipe is not ab's socket";
  close(pipefd[0]);
  close(pipefd[1]);

  int end[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, end), 0); // inherited: not close-on-exec
  cpu_set_t before;
  ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
  const int cpu = sched_getcpu();
  setenv(kLockstepEnv, (std::to_string(end[0]) + "," + std::to_string(cpu)).c_str(), 1);
  {
    std::optional<Lockstep> l = Lockstep::from_environment();
    ASSERT_TRUE(l);
    EXPECT_EQ(l->report().cpu, cpu);
    EXPECT_EQ(std::getenv(kLockstepEnv), nullptr);
    EXPECT_EQ(fcntl(end[0], F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
    cpu_set_t now;
    ASSERT_EQ(sched_getaffinity(0, sizeof now, &now), 0);
    EXPECT_EQ(CPU_COUNT(&now), 1);
    EXPECT_TRUE(CPU_ISSET(cpu, &now));
    close(end[1]); // the partner gone: finishing does not wait
  }
  sched_setaffinity(0, sizeof before, &before);
}

} // namespace
} // namespace steady
