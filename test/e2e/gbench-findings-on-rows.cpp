// A Google Benchmark suite built with steady's header and the plugin: the
// plugin protects each loop body as it protects a STEADY_BENCH payload (a dead
// result is computed every iteration), and what it cannot rescue is reported
// on the benchmark's row and in the JSON: work hoisted out of the loop (a
// BENCHMARK_CAPTURE argument makes it loop-invariant) and a loop that sorts
// its input in place. Without the plugin the rows say they are not protected.
// RUN: %clangxx -I%gbench_include -O2 -g -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=TABLE < %t.out
// RUN: %FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
// Without debug info (a Release build) the findings are the same, without a line.
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin %s %libsteady -o %t.g0
// RUN: %t.g0 --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline | %FileCheck %s --check-prefix=NODEBUG
// RUN: %clangxx -I%gbench_include -O2 %s %libsteady -o %t.plain
// RUN: %t.plain --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline 2>&1 | %FileCheck %s --check-prefix=PLAIN
#include <algorithm>
#include <benchmark/benchmark.h>
#include <vector>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static void BM_DeadFib(benchmark::State &state) {
  for (auto _ : state)
    fib(15);
}
BENCHMARK(BM_DeadFib);

static void BM_Capture(benchmark::State &state, int n) {
  for (auto _ : state)
    benchmark::DoNotOptimize(fib(n));
}
BENCHMARK_CAPTURE(BM_Capture, fifteen, 15);

static void BM_SortInPlace(benchmark::State &state) {
  std::vector<int> v(256);
  for (int i = 0; i < 256; ++i)
    v[i] = (i * 7919) % 256;
  for (auto _ : state)
    std::sort(v.begin(), v.end());
  benchmark::DoNotOptimize(v.data());
}
BENCHMARK(BM_SortInPlace);

BENCHMARK_MAIN();

// TABLE-DAG: BM_Capture/fifteen {{.*}} hoisted at compile time: the result of 'fib(int)' (i64) at {{.*}}gbench-findings-on-rows.cpp:{{[0-9]+}} gives the same result in every iteration and is hoisted out of the loop
// TABLE-DAG: BM_SortInPlace {{.*}} mutated input: it modifies {{.*}}, which its loop also reads
// ERR-NOT: not protected by the steady plugin
// CHECK: BM_DeadFib compile findings: none
// CHECK: BM_Capture/fifteen compile findings: hoisted
// CHECK: BM_SortInPlace compile findings: mutated
// NODEBUG-DAG: BM_Capture/fifteen {{.*}} hoisted at compile time: the result of 'fib(int)' (i64) gives the same result in every iteration
// NODEBUG-DAG: BM_SortInPlace {{.*}} mutated input: it modifies
// PLAIN: note: 3 Google Benchmark benchmark(s) not protected by the steady plugin
