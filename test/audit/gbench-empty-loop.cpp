// A Google Benchmark loop whose body calls code that consumes nothing (an
// inline function computing into its own locals) is deleted entirely after
// inlining: reported once, at the loop. A body that consumes its result, and
// a loop that is empty as written, are not reported.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <vector>

static void checksum(const std::vector<int> &v) {
  int s = 0;
  for (int x : v)
    s ^= x;
}

static int sum(const std::vector<int> &v) {
  int s = 0;
  for (int x : v)
    s += x;
  return s;
}

static void BM_consumes_nothing(benchmark::State &state) {
  std::vector<int> v(state.range(0), 3);
  for (auto _ : state)
    checksum(v);
}
BENCHMARK(BM_consumes_nothing)->Arg(64);

static void BM_consumes(benchmark::State &state) {
  std::vector<int> v(state.range(0), 3);
  for (auto _ : state)
    benchmark::DoNotOptimize(sum(v));
}
BENCHMARK(BM_consumes)->Arg(64);

static void BM_empty_on_purpose(benchmark::State &state) {
  for (auto _ : state) {
  }
}
BENCHMARK(BM_empty_on_purpose);

// CHECK: gbench-empty-loop.cpp:24:{{[0-9]+}}: warning: the measurement loop of benchmark 'BM_consumes_nothing' is empty after optimization
// CHECK-NOT: warning:
