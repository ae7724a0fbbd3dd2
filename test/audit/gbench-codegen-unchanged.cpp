// The audit's twins of Google Benchmark functions (benchmarks and helpers
// taking the State& and more) are deleted before code generation: the
// generated code is the same with and without -steady-audit.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o %t.plain.s
// RUN: %clangxx -O2 -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit.s 2>/dev/null
// RUN: diff %t.plain.s %t.audit.s
#include <algorithm>
#include <benchmark/benchmark.h>
#include <vector>

static void BM_sort_in_place(benchmark::State &state) {
  std::vector<int> v(state.range(0));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = int((i * 7919) % v.size());
  for (auto _ : state) {
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_sort_in_place)->Arg(1024);

static void Scale(benchmark::State &state, double factor) {
  double x = double(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(x * factor);
}
BENCHMARK_CAPTURE(Scale, by_three, 3.0)->Arg(7);
