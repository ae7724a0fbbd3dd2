// DoNotOptimize on a value computed from literals does not stop constant
// folding: the consumed value is a constant and the benchmark measures
// nothing. Reported, naming the constants it comes from (a literal, a call
// without run-time arguments) with advice for the case they stand for input
// data (a constant by intent is measured as meant); passing the input through
// DoNotOptimize first is clean.
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

static double table_size() { return std::log(4096.0) / std::log(2.0); }

static void BM_constant_call(benchmark::State &state) {
  for (auto _ : state) {
#ifdef EXPERT
    double size = 4096.0;
    benchmark::DoNotOptimize(size);
    benchmark::DoNotOptimize(std::log(size));
#else
    benchmark::DoNotOptimize(table_size());
#endif
  }
}
BENCHMARK(BM_constant_call);

// NAIVE: gbench-folded.cpp:18:5: warning: a result consumed in benchmark 'BM_log' is folded to a compile-time constant: the benchmark does not measure its computation; it is computed from 2.5 at line 18:{{[0-9]+}}: if it stands for input data, pass it through benchmark::DoNotOptimize() first [-Wpass-failed]
// NAIVE: gbench-folded.cpp:32:5: warning: a result consumed in benchmark 'BM_constant_call' is folded to a compile-time constant: the benchmark does not measure its computation; it is computed from a call of 'table_size()' at line 32:{{[0-9]+}}: if it stands for input data, pass it through benchmark::DoNotOptimize() first [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
