// Existing Google Benchmark functions are audited unchanged: the loop body of
// a `void(benchmark::State&)` function is its payload. Without DoNotOptimize
// the sum is deleted and reported; with it there is no warning.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <benchmark/benchmark.h>
#include <vector>

static void BM_sum(benchmark::State &state) {
  std::vector<int> v(1024, 3);
  for (auto _ : state) {
    int s = 0;
    for (int x : v)
      s += x;
#ifdef EXPERT
    benchmark::DoNotOptimize(s);
#endif
  }
}
BENCHMARK(BM_sum);

// NAIVE: gbench-dead-code.cpp:14:9: warning: the 'add' (i32) in benchmark 'BM_sum' is never used and the optimizer deletes it: the benchmark does not measure it; consume it with benchmark::DoNotOptimize() [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
