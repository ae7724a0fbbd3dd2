// Findings do not depend on debug info: a Google Benchmark loop's sum that is never used is
// the same finding at -g0 (a Release build; shown at the function's
// declaration, since there is no line) and with line tables (at the line).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <benchmark/benchmark.h>
#include <vector>

static void BM_sum(benchmark::State &state) {
  std::vector<int> v(1024, 3);
  for (auto _ : state) {
    int s = 0;
    for (int x : v)
      s += x;
  }
}
BENCHMARK(BM_sum);

// G0: no-debug-info-dead-code.cpp:9:13: warning:
// LINES: no-debug-info-dead-code.cpp:14:9: warning:
// CHECK-SAME: the 'add' (i32) in benchmark 'BM_sum' is never used and the optimizer deletes it
// CHECK-NOT: warning:
