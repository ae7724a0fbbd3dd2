// Data the loop only moves (a shuffle in place, as abseil's BM_Shuffle) is
// not a mutated input: its values steer no branch and no address, so every
// iteration does the same work whatever order they are in. Sorting in place,
// whose comparisons branch on the values, is reported.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <algorithm>
#include <benchmark/benchmark.h>
#include <random>
#include <vector>

static void BM_shuffle_in_place(benchmark::State &state) {
  std::vector<unsigned> v(state.range(0));
  for (unsigned i = 0; i < v.size(); ++i)
    v[i] = i;
  std::mt19937 rng(42);
  for (auto _ : state) {
    std::shuffle(v.begin(), v.end(), rng);
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_shuffle_in_place)->Arg(100);

static void BM_sort_in_place(benchmark::State &state) {
  std::vector<unsigned> v(state.range(0));
  for (unsigned i = 0; i < v.size(); ++i)
    v[i] = (i * 7919u) % v.size();
  for (auto _ : state) {
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_sort_in_place)->Arg(100);

// CHECK-NOT: warning:
// CHECK: gbench-moved-data.cpp:28:5: warning: benchmark 'BM_sort_in_place' modifies
// CHECK-NOT: warning:
