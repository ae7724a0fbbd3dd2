// Only the measurement loop of a Google Benchmark function is timed: a value
// computed while building the input before the loop and never used is not
// reported (it costs nothing measured), while the same mistake inside the
// loop is.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <vector>

static void BM_setup_unused(benchmark::State &state) {
  std::vector<int> v(state.range(0));
  int checksum = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = int(i * 7);
    checksum += v[i];
  }
  for (auto _ : state)
    benchmark::DoNotOptimize(v.data());
}
BENCHMARK(BM_setup_unused)->Arg(64);

static void BM_loop_unused(benchmark::State &state) {
  std::vector<int> v(state.range(0), 1);
  for (auto _ : state) {
    int sum = 0;
    for (int x : v)
      sum += x;
  }
}
BENCHMARK(BM_loop_unused)->Arg(64);

// CHECK-NOT: BM_setup_unused
// CHECK: gbench-setup-before-loop.cpp:26:11: warning: the 'add' (i32) in benchmark 'BM_loop_unused' is never used
// CHECK-NOT: BM_setup_unused
