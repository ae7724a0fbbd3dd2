// A helper called once from an audited measurement loop is audited as part of
// that loop, not again on its own: abseil's BM_Visit loops on a chain of
// helpers VisitTestBody<N, I>::Run, each asking state.KeepRunning() and
// calling the next one (each audited with a copy of the rest of the chain,
// variant_benchmark.cc compiled 17x slower). Only the benchmark is audited
// (its loop's findings: gbench-keeprunning-in-callee.cpp).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null
// RUN: %FileCheck %s < %t.json
#include <benchmark/benchmark.h>

template <int End, int I = 0> struct Body {
  static bool Run(const int *vars, benchmark::State &state) {
    if (state.KeepRunning()) {
      int r = vars[I] * 3 + 1; // the work, never used
      (void)r;
      return Body<End, I + 1>::Run(vars, state);
    }
    return false;
  }
};
template <int End> struct Body<End, End> {
  static bool Run(const int *, benchmark::State &) { return true; }
};

static void BM_chain(benchmark::State &state) {
  int vars[3] = {int(state.range(0)), 2, 3};
  while (Body<3>::Run(vars, state)) {
  }
}
BENCHMARK(BM_chain)->Arg(3);

// CHECK:      "audited": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "function": "BM_chain",
// CHECK-NEXT:     "kind": "gbench"
// CHECK-NEXT:   }
// CHECK-NEXT: ],
