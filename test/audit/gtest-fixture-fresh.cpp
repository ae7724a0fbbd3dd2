// A GoogleTest body that changes its fixture is not reported: steady gtest
// runs every invocation on a fresh fixture (leveldb's db_test.cc: 53 bodies
// writing their DBTest's options were reported). A global the body sorts
// stays with the next invocation and is still reported.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <algorithm>
#include <gtest/gtest.h>
#include <vector>

struct Sorting : testing::Test {
  std::vector<int> v = std::vector<int>(256, 3);
};

TEST_F(Sorting, Member) {
  std::sort(v.begin(), v.end());
  EXPECT_EQ(v[0], 3);
}

std::vector<int> shared(256, 3);

TEST(Sorting, Global) {
  std::sort(shared.begin(), shared.end());
  EXPECT_EQ(shared[0], 3);
}

// CHECK-NOT: Sorting_Member_Test{{.*}}modifies
// CHECK: warning: payload 'Sorting_Global_Test::TestBody' modifies 'shared'
// CHECK-NOT: Sorting_Member_Test{{.*}}modifies
