// Findings do not depend on debug info: a division whose inputs do not change between iterations is
// the same finding at -g0 (a Release build; shown at the function's
// declaration, since there is no line) and with line tables (at the line).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <benchmark/benchmark.h>

static void BM_divide(benchmark::State &state) {
  double x = double(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(x / 3.0);
}
BENCHMARK(BM_divide)->Arg(7);

// G0: no-debug-info-hoisted.cpp:8:13: warning:
// LINES: no-debug-info-hoisted.cpp:11:5: warning:
// CHECK-SAME: the 'fdiv' in the measurement loop of benchmark 'BM_divide' gives the same result in every iteration and is hoisted out of the loop
// CHECK-NOT: warning:
