// A small GoogleTest suite with one test of each kind steady gtest handles
// (test/gtest/*.test). Counting's fixture counts its SetUp calls and its
// bodies, and appends them per process to $SUITE_COUNTS at TearDownTestSuite.
#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

static int add(int a, int b) { return a + b; }

// A global environment that appends "setup PID" and "teardown PID" to
// $SUITE_ENV_LOG: each process that sets it up must tear it down.
class Logged : public testing::Environment {
  static void log(const char *what) {
    if (const char *path = std::getenv("SUITE_ENV_LOG"))
      if (FILE *f = std::fopen(path, "a")) {
        std::fprintf(f, "%s %d\n", what, int(getpid()));
        std::fclose(f);
      }
  }
  void SetUp() override { log("setup"); }
  void TearDown() override { log("teardown"); }
};
[[maybe_unused]] static testing::Environment *const logged = testing::AddGlobalTestEnvironment(new Logged);

TEST(Plain, Adds) { EXPECT_EQ(add(2, 3), 5); }

TEST(Plain, DISABLED_Off) { EXPECT_EQ(add(2, 3), 5); }

class Counting : public testing::Test {
protected:
  static inline long setups = 0, bodies = 0, heavy = 0;
  int value = 0;
  void SetUp() override {
    ++setups;
    // Work only SetUp does: under --instrument=valgrind, a body measured with
    // it would count these instructions.
    for (volatile int i = 0; i < 100000; i = i + 1)
      heavy = heavy + 1;
  }
  static void TearDownTestSuite() {
    if (const char *path = std::getenv("SUITE_COUNTS"))
      if (FILE *f = std::fopen(path, "a")) {
        std::fprintf(f, "%d %ld %ld\n", int(getpid()), setups, bodies);
        std::fclose(f);
      }
  }
};

// Mutates its fixture: measured on a fresh one every time, or it fails.
TEST_F(Counting, FreshFixture) {
  EXPECT_EQ(value, 0);
  value = add(value, 42);
  ++bodies;
}

class Param : public testing::TestWithParam<int> {};
TEST_P(Param, Positive) { EXPECT_GT(add(GetParam(), 1), 1); }
INSTANTIATE_TEST_SUITE_P(Small, Param, testing::Values(1, 2, 3));

template <class T> class Typed : public testing::Test {};
using Types = testing::Types<int, double>;
TYPED_TEST_SUITE(Typed, Types);
TYPED_TEST(Typed, Zero) { EXPECT_EQ(TypeParam(0) + TypeParam(1), TypeParam(1)); }

TEST(Failing, OneIsNotTwo) { EXPECT_EQ(add(1, 0), 2) << "one is not two"; }

TEST(CrashDeathTest, Aborts) { EXPECT_DEATH(std::abort(), ""); }

TEST(Skipping, Skips) { GTEST_SKIP() << "not on this machine"; }

TEST(Once, SecondRunFails) {
  static int runs = 0;
  EXPECT_EQ(++runs, 1);
}

TEST(Forks, Child) {
  pid_t p = fork();
  if (p == 0)
    _exit(0);
  int status = 0;
  waitpid(p, &status, 0);
  EXPECT_EQ(status, 0);
}

// Hangs only when asked (the suite run normally passes).
TEST(Hangs, WhenAsked) {
  while (std::getenv("SUITE_HANG"))
    std::this_thread::sleep_for(std::chrono::seconds(1));
}
