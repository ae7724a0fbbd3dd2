// A container emptied at the start of each iteration (v.clear()) and filled
// again holds only this iteration's data: not a mutated input, although the
// reallocation path of push_back reads the elements through the same pointer
// (abseil's BM_StdVectorFill, simdjson's distinct_user_id); nor is sorting
// what was filled again, although the sort's reads depend on the data.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <algorithm>
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

static void BM_refill_sort(benchmark::State &state) {
  const int len = state.range(0);
  std::vector<int> v;
  v.reserve(len);
  for (auto _ : state) {
    v.clear();
    for (int i = 0; i < len; ++i)
      v.push_back(int((i * 7919L) % len));
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_refill_sort)->Arg(64);

// CHECK-NOT: warning:
