// A GoogleTest body's literals are the test's logic, not data standing in for
// a benchmark's input, and it runs the same steps every time by design: its
// division by a literal and its walk from a fixed start are not noted (leveldb's
// DBTest.Randomized, `step % 100`, was). A benchmark payload's would be.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <cstdint>
#include <gtest/gtest.h>
#include <steady/steady.h>

std::uint32_t ring[1024];

TEST(Steps, DivideAndWalk) {
  std::uint32_t p = 0;
  for (int i = 0; i < 256; ++i)
    p = ring[p];
  EXPECT_LT(p / 10, 1024u);
}

STEADY_BENCH(divide) { return steady::opaque(std::uint64_t(12345)) / 10; }

// CHECK-NOT: Steps_DivideAndWalk_Test
// CHECK: warning: the division by the literal 10 in payload 'divide'
// CHECK-NOT: Steps_DivideAndWalk_Test
