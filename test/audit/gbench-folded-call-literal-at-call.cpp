// A literal written at the call itself is configuration (a unit, a size, a
// flag, constant in production too), not input data: a call of the loop on
// it that the optimizer computes at compile time is not reported (an absl
// duration unit given to a division done in another file).
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <benchmark/benchmark.h>
#include <cmath>

struct Duration {
  long ns;
};
static inline Duration Micros(double n) { return Duration{long(std::llround(n * 1000.0))}; }
long IDiv(long x, Duration d, long *rem); // in another file

static void BM_idiv(benchmark::State &state) {
  long x = state.range(0), rem = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(IDiv(x, Micros(1.5), &rem));
}
BENCHMARK(BM_idiv)->Arg(100);

// CHECK-NOT: warning:
