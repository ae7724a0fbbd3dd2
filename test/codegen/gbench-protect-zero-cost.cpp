// The plugin's protection of a Google Benchmark loop adds nothing to the loop
// beyond what payload protection adds: each naive loop compiled with the
// plugin has no more instructions than the same loop written by hand the way
// payload protection rewrites a payload (steady::sink on the dead result,
// steady::opaque on the literal input), compiled without the plugin; a loop
// that already consumes its result gets nothing. (The plugin keeps a protected
// function out of line; the hand-written ones are kept so, to be found.)
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin -c %s -o %t.protected.o
// RUN: %clangxx -I%gbench_include -O2 -DEXPERT -c %s -o %t.expert.o
// RUN: %python %S/Inputs/gbench_loop_counts.py %t.protected.o %t.expert.o BM_DeadLiteral BM_DeadSum BM_Consumed \
// RUN:   | %FileCheck %s
// CHECK: BM_DeadLiteral: protected={{[1-9][0-9]*}} expert={{[0-9]+}} ok
// CHECK: BM_DeadSum: protected={{[1-9][0-9]*}} expert={{[0-9]+}} ok
// CHECK: BM_Consumed: protected={{[1-9][0-9]*}} expert={{[0-9]+}} ok
#include <benchmark/benchmark.h>
#include <numeric>
#include <steady/primitives.h>
#include <vector>

static inline double poly(double x) { return x * x * 3.0 + x; }

#ifndef EXPERT
[[gnu::noinline]] static void BM_DeadLiteral(benchmark::State &state) {
  for (auto _ : state)
    poly(2.5);
}

[[gnu::noinline]] static void BM_DeadSum(benchmark::State &state) {
  std::vector<long> v(state.range(0), 3);
  for (auto _ : state)
    std::accumulate(v.begin(), v.end(), 0L);
}
#else
[[gnu::noinline]] static void BM_DeadLiteral(benchmark::State &state) {
  for (auto _ : state)
    steady::sink(poly(steady::opaque(2.5)));
}

[[gnu::noinline]] static void BM_DeadSum(benchmark::State &state) {
  std::vector<long> v(state.range(0), 3);
  for (auto _ : state)
    steady::sink(std::accumulate(v.begin(), v.end(), 0L));
}
#endif

[[gnu::noinline]] static void BM_Consumed(benchmark::State &state) {
  double x = double(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(poly(x));
}

BENCHMARK(BM_DeadLiteral);
BENCHMARK(BM_DeadSum)->Arg(64);
BENCHMARK(BM_Consumed)->Arg(3);
