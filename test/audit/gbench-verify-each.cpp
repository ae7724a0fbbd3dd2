// The audit's IR transforms (Google Benchmark functions judged in place,
// payloads' twins, their sinks, their deletion) leave valid IR after every pass of the O2
// pipeline, and the findings are the same as from clang.
// RUN: %clangxx -O2 -g -Xclang -disable-llvm-passes -emit-llvm -S %s -o %t.ll
// RUN: %opt -steady-audit -passes='default<O2>' -verify-each -disable-output %t.ll 2>&1 | %FileCheck %s
// Without debug info the functions judged in place get line tables of their
// own, also where they are inlined (Divide into its BENCHMARK_CAPTURE lambda).
// RUN: %clangxx -O2 -g0 -Xclang -disable-llvm-passes -emit-llvm -S %s -o %t0.ll
// RUN: %opt -steady-audit -passes='default<O2>' -verify-each -disable-output %t0.ll 2>&1 | %FileCheck %s --check-prefix=G0
#include <algorithm>
#include <benchmark/benchmark.h>
#include <vector>

static void BM_sort_in_place(benchmark::State &state) {
  std::vector<int> v(state.range(0));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = int((i * 7919) % v.size());
  for (auto _ : state)
    std::sort(v.begin(), v.end());
}
BENCHMARK(BM_sort_in_place)->Arg(1024);

static void Divide(benchmark::State &state, double by) {
  double x = double(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(x / by);
}
BENCHMARK_CAPTURE(Divide, by_three, 3.0)->Arg(7);

// CHECK-DAG: warning: {{.*}}gbench-verify-each.cpp:19:5: benchmark 'BM_sort_in_place' modifies the data set up at line 15, before the loop,
// CHECK-DAG: warning: {{.*}}gbench-verify-each.cpp:26:5: the 'fdiv' in the measurement loop of benchmark 'Divide' gives the same result in every iteration

// G0-DAG: warning: {{.*}}benchmark 'BM_sort_in_place' modifies data set up before the loop
// G0-DAG: warning: {{.*}}the 'fdiv' in the measurement loop of benchmark 'Divide' gives the same result in every iteration
