// A fixture payload that sorts the vector its fixture holds (the common shape)
// is reported like one sorting a global; sorting a copy, or a fixture that
// restores its vector before every invocation, gets no warning.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <algorithm>
#include <steady/steady.h>
#include <vector>

struct Data : steady::Fixture {
  std::vector<int> v;
  void setup() override { v.assign(256, 3); }
};

STEADY_BENCH_F(Data, sort_member) {
#ifndef EXPERT
  std::sort(v.begin(), v.end());
  return v[0];
#else
  std::vector<int> copy(v);
  std::sort(copy.begin(), copy.end());
  return copy[0];
#endif
}

struct Restored : Data {
  void setup_invocation() override { v.assign(256, 3); }
};

STEADY_BENCH_F(Restored, sort_restored) {
  std::sort(v.begin(), v.end());
  return v[0];
}

// NAIVE: mutated-fixture.cpp:{{[0-9]+}}:{{[0-9]+}}: warning: payload 'sort_member' modifies a member of its fixture (at byte offset {{[0-9]+}}), which it also reads: every invocation after the first measures another case
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
