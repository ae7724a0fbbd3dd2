// A container that keeps growing is a wrong steady state: a vector
// push_back'ed every iteration and never emptied makes every iteration work on
// a bigger vector (and reallocate now and then). Reported as mutated-input
// with advice to empty or bound it, the same at -g0 and with line tables
// (where the vector lives in registers after optimization: its end pointer
// only moves forward or into a new allocation). A vector bounded by a
// clear() in the loop is not reported.
// RUN: %clangxx -g0 -O2 -I%gbench_include -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -I%gbench_include -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <benchmark/benchmark.h>
#include <vector>

static void BM_grow(benchmark::State &state) {
  std::vector<int> v;
  for (auto _ : state) {
    v.push_back(1);
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_grow);

static void BM_bounded(benchmark::State &state) {
  std::vector<int> v;
  for (auto _ : state) {
    if (v.size() == 1000)
      v.clear();
    v.push_back(1);
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_bounded);

// G0: gbench-growing-container.cpp:13:13: warning:
// LINES: gbench-growing-container.cpp:16:7: warning:
// CHECK-SAME: benchmark 'BM_grow' makes a container set up before the loop longer every iteration and never empties it: each one works on a bigger container (and reallocates it now and then), so there is no steady state to measure; empty it in the loop or bound its size
// CHECK-NOT: warning:
