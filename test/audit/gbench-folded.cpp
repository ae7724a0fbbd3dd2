// DoNotOptimize on a value computed from literals does not stop constant
// folding: the consumed value is a constant and the benchmark measures
// nothing. Reported; passing the input through DoNotOptimize first is clean.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <benchmark/benchmark.h>
#include <cmath>

static void BM_log(benchmark::State &state) {
  double x = 2.5;
  for (auto _ : state) {
#ifdef EXPERT
    benchmark::DoNotOptimize(x);
#endif
    benchmark::DoNotOptimize(std::log(x));
  }
}
BENCHMARK(BM_log);

// NAIVE: gbench-folded.cpp:15:5: warning: a result consumed in benchmark 'BM_log' is folded to a compile-time constant: the benchmark does not measure its computation; pass its inputs through benchmark::DoNotOptimize() first [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
