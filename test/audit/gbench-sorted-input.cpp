// A Google Benchmark loop that sorts a vector filled once before the loop
// sorts already sorted data from the second iteration on: reported as a
// mutated input. Sorting a copy made in the loop, or restoring the data with
// the timers paused, is not reported.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <algorithm>
#include <benchmark/benchmark.h>
#include <vector>

static std::vector<int> shuffled(long n) {
  std::vector<int> v(n);
  for (long i = 0; i < n; ++i)
    v[i] = int((i * 7919) % n);
  return v;
}

static void BM_sort_in_place(benchmark::State &state) {
  std::vector<int> v = shuffled(state.range(0));
  for (auto _ : state) {
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_sort_in_place)->Arg(1024);

static void BM_sort_copy(benchmark::State &state) {
  const std::vector<int> input = shuffled(state.range(0));
  for (auto _ : state) {
    std::vector<int> v = input;
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_sort_copy)->Arg(1024);

static void BM_sort_restored(benchmark::State &state) {
  const std::vector<int> input = shuffled(state.range(0));
  std::vector<int> v = input;
  for (auto _ : state) {
    state.PauseTiming();
    v = input;
    state.ResumeTiming();
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_sort_restored)->Arg(1024);

// CHECK-NOT: warning:
// CHECK: gbench-sorted-input.cpp:20:5: warning: benchmark 'BM_sort_in_place' modifies the data set up at line 18, before the loop, which its measurement loop also reads
// CHECK-NOT: warning:
