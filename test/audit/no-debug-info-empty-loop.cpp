// Findings do not depend on debug info: a loop whose body computes only into its own locals is
// the same finding at -g0 (a Release build; shown at the function's
// declaration, since there is no line) and with line tables (at the line).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <benchmark/benchmark.h>
#include <vector>

static void checksum(const std::vector<int> &v) {
  int s = 0;
  for (int x : v)
    s ^= x;
}

static void BM_consumes_nothing(benchmark::State &state) {
  std::vector<int> v(state.range(0), 3);
  for (auto _ : state)
    checksum(v);
}
BENCHMARK(BM_consumes_nothing)->Arg(64);

// G0: no-debug-info-empty-loop.cpp:15:13: warning:
// LINES: no-debug-info-empty-loop.cpp:17:15: warning:
// CHECK-SAME: the measurement loop of benchmark 'BM_consumes_nothing' is empty after optimization
// CHECK-NOT: warning:
