// Findings do not depend on debug info: DoNotOptimize of a value folded from a literal is
// the same finding at -g0 (a Release build; shown at the function's
// declaration, since there is no line) and with line tables (at the line).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <benchmark/benchmark.h>
#include <cmath>

static void BM_log(benchmark::State &state) {
  double x = 2.5;
  for (auto _ : state)
    benchmark::DoNotOptimize(std::log(x));
}
BENCHMARK(BM_log);

// G0: no-debug-info-folded.cpp:9:13: warning:
// LINES: no-debug-info-folded.cpp:12:5: warning:
// CHECK-SAME: a result consumed in benchmark 'BM_log' is folded to a compile-time constant
// CHECK-NOT: warning:
