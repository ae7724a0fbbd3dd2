// A container emptied at the start of each iteration (v.clear()) and filled
// again holds only this iteration's data: not a mutated input, although the
// reallocation path of push_back reads the elements through the same pointer
// (abseil's BM_StdVectorFill, simdjson's distinct_user_id). A vector read
// before it is emptied sees what the previous iteration wrote: reported.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <vector>

static void BM_refill(benchmark::State &state) {
  const int len = state.range(0);
  std::vector<int> v;
  v.reserve(len);
  for (auto _ : state) {
    v.clear();
    for (int i = 0; i < len; ++i)
      v.push_back(i);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_refill)->Arg(64);

static void BM_sum_then_refill(benchmark::State &state) {
  const int len = state.range(0);
  std::vector<int> v(len, 1);
  for (auto _ : state) {
    int sum = 0;
    for (int x : v)
      sum += x;
    benchmark::DoNotOptimize(sum);
    v.clear();
    for (int i = 0; i < len; ++i)
      v.push_back(sum + i);
  }
}
BENCHMARK(BM_sum_then_refill)->Arg(64);

// CHECK-NOT: warning:
// CHECK: gbench-cleared-container.cpp:33:9: warning: benchmark 'BM_sum_then_refill' modifies the data set up at line 25, before the loop, which its measurement loop also reads
// CHECK-NOT: warning:
