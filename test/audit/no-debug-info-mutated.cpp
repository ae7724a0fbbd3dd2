// Findings do not depend on debug info: sorting a vector filled before the loop (sorted data from the second iteration on) is
// the same finding at -g0 (a Release build; shown at the function's
// declaration, since there is no line) and with line tables (at the line).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <algorithm>
#include <benchmark/benchmark.h>
#include <vector>

static void BM_sort(benchmark::State &state) {
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; ++i)
    v[i] = (i * 7919) % 1000;
  for (auto _ : state)
    std::sort(v.begin(), v.end());
}
BENCHMARK(BM_sort);

// G0: no-debug-info-mutated.cpp:10:13: warning: benchmark 'BM_sort' modifies data set up before the loop
// LINES: no-debug-info-mutated.cpp:15:5: warning: benchmark 'BM_sort' modifies the data set up at line 11, before the loop
// CHECK-SAME: which its measurement loop also reads
// CHECK-NOT: warning:
