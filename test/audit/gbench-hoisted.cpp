// Work in a Google Benchmark loop whose inputs do not change between
// iterations is hoisted out of the loop, and DoNotOptimize then consumes the
// same value every iteration: reported at the consumer in the loop. Passing
// the input through DoNotOptimize in the loop keeps the work in it.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <benchmark/benchmark.h>

static void BM_divide(benchmark::State &state) {
  double x = double(state.range(0));
  for (auto _ : state) {
#ifdef EXPERT
    benchmark::DoNotOptimize(x);
#endif
    benchmark::DoNotOptimize(x / 3.0);
  }
}
BENCHMARK(BM_divide)->Arg(7);

// NAIVE: gbench-hoisted.cpp:15:5: warning: the 'fdiv' in the measurement loop of benchmark 'BM_divide' gives the same result in every iteration and is hoisted out of the loop: it runs once, not once per iteration; pass its inputs through benchmark::DoNotOptimize() in the loop [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
