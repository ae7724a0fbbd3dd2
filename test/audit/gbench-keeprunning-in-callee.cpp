// A measurement loop recognised by what it does: `while (Body::Run(vars,
// state)) {}` where the helper asks state.KeepRunning() once, without a loop
// of its own (abseil's BM_Visit and VisitTestBody::Run). The caller is audited
// and its loop, emptied by the optimizer, is reported. Only with line tables:
// without them the helper's inlined KeepRunning takes the line of its call
// and cannot be told from the helper's work (see docs/plugin-and-audit.md).
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>

struct Body {
  static bool Run(const int *vars, benchmark::State &state) {
    if (state.KeepRunning()) {
      int r = vars[0] * 3 + 1; // the work, never used
      (void)r;
      return true;
    }
    return false;
  }
};

static void BM_visit(benchmark::State &state) {
  int vars[1] = {int(state.range(0))};
  while (Body::Run(vars, state)) {
  }
}
BENCHMARK(BM_visit)->Arg(3);

// CHECK: gbench-keeprunning-in-callee.cpp:24:10: warning: the measurement loop of benchmark 'BM_visit' is empty after optimization
