// Looking changes no GoogleTest code: under -steady-audit a test body is
// judged on the audit's stand-in copy (protected, then deleted before code
// generation), not protected in place, and it gets no steady_gtest_bodies
// entry: the assembly of an audited compile is the plain compile's without the
// plugin at all, but for the plugin's reach records. Without -steady-audit
// (a `steady gtest` build) the bodies are protected and listed
// (gtest/statuses.test). leveldb's db_test.cc and Google Benchmark's
// benchmark_random_interleaving_gtest.cc differed by opaque-input loads.
// RUN: %clangxx -O2 -g0 -S %s -o %t.plain.s
// RUN: %clangxx -O2 -g0 -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit.s 2>/dev/null
// RUN: %FileCheck %s < %t.plain.s
// RUN: awk '/\.type.\.Lsteady\.reach\.text/ { skip = 1 } skip && /^$/ { skip = 0; next } !skip && !/addrsig_sym .Lsteady.reach.text/' %t.audit.s > %t.audit-code.s
// RUN: diff %t.plain.s %t.audit-code.s
// The same with line tables (the build the audit suggests for exact lines).
// RUN: %clangxx -O2 -gline-tables-only -S %s -o %t.plain-lines.s
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit-lines.s 2>/dev/null
// RUN: awk '/\.type.\.Lsteady\.reach\.text/ { skip = 1 } skip && /^$/ { skip = 0; next } !skip && !/addrsig_sym .Lsteady.reach.text/' %t.audit-lines.s > %t.audit-lines-code.s
// RUN: diff %t.plain-lines.s %t.audit-lines-code.s
#include <algorithm>
#include <gtest/gtest.h>
#include <numeric>
#include <vector>

static long mix(long x) { return (x * 0x9E3779B97F4A7C15L) ^ (x >> 7); }

TEST(Plain, Literals) {
  long h = 0;
  for (long i = 0; i < 100; ++i)
    h += mix(i) / 10;
  long unused = mix(h) * 31; // a dead computation
  (void)unused;
  EXPECT_NE(h, 12345);
}

std::vector<int> shared(256, 3);

TEST(Plain, SortGlobal) {
  std::sort(shared.begin(), shared.end());
  EXPECT_EQ(shared[0], 3);
}

struct Fixture : testing::Test {
  std::vector<int> v = std::vector<int>(64, 7);
};

TEST_F(Fixture, Sum) {
  std::sort(v.begin(), v.end());
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0), 448);
}

// CHECK: _ZN19Plain_Literals_Test8TestBodyEv:
// CHECK: _ZN21Plain_SortGlobal_Test8TestBodyEv:
// CHECK: _ZN16Fixture_Sum_Test8TestBodyEv:
