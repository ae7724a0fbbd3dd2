// GoogleTest bodies that share a static helper are judged as a `steady gtest`
// build compiles them: the audit's stand-ins share its private copy, so it is
// not inlined into each for a one-caller bonus the bodies do not have. Google
// Benchmark's random_interleaving_gtest: Execute() sets a global flag to a
// pattern and runs the benchmarks; inlined into each stand-in, every body was
// reported as modifying the flag it reads, which no `steady gtest` build
// reports (each invocation sets it to the same pattern).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <deque>
#include <gtest/gtest.h>
#include <string>

std::string flag_filter;
void run_selected(std::deque<std::string> *out); // another translation unit

namespace {
std::deque<std::string> *queue = new std::deque<std::string>();

class Runs : public testing::Test {
public:
  void Execute(const std::string &pattern) {
    queue->clear();
    flag_filter = pattern;
    run_selected(queue);
    queue->push_back("DONE");
  }
  std::string Get() {
    std::string s = queue->front();
    queue->pop_front();
    return s;
  }
};

TEST_F(Runs, One) {
  Execute("BM_One");
  ASSERT_EQ("BM_One/1", Get());
  ASSERT_EQ("DONE", Get());
}

TEST_F(Runs, Two) {
  Execute("BM_One/(64|80)");
  ASSERT_EQ("BM_One/64", Get());
  ASSERT_EQ("BM_One/80", Get());
  ASSERT_EQ("DONE", Get());
}

TEST_F(Runs, Three) {
  Execute("BM_One/(1|2)");
  ASSERT_EQ("BM_One/1", Get());
  ASSERT_EQ("BM_One/2", Get());
  ASSERT_EQ("DONE", Get());
}
} // namespace

// CHECK-NOT: modifies
