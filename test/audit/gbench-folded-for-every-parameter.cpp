// A DoNotOptimize value folded although it is computed from the benchmark's
// parameters (state.range(0)) and no literal is the same for every parameter:
// the code is constant wherever it runs (a range compared with itself, what
// abseil's BM_absl_equal_self_benchmark means to measure), not made so by the
// benchmark's inputs, and is not reported. The same comparison of a range whose
// size is a literal is (the rule cannot tell that literal from input data).
// Same at -g0 and with line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <algorithm>
#include <vector>

static void BM_equal_self(benchmark::State &state) {
  std::vector<int> xs(state.range(0), 0);
  for (auto _ : state) {
    const bool same = std::equal(xs.begin(), xs.end(), xs.begin());
    benchmark::DoNotOptimize(same);
  }
}
BENCHMARK(BM_equal_self)->Arg(64);

static void BM_equal_self_fixed(benchmark::State &state) {
  std::vector<int> xs(64, 0);
  for (auto _ : state) {
    const bool same = std::equal(xs.begin(), xs.end(), xs.begin());
    benchmark::DoNotOptimize(same);
  }
}
BENCHMARK(BM_equal_self_fixed);

// CHECK-NOT: 'BM_equal_self'
// CHECK: warning: a result consumed in benchmark 'BM_equal_self_fixed' is folded to a compile-time constant
// CHECK-NOT: 'BM_equal_self'
