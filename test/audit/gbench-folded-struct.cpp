// A struct result folded and handed to DoNotOptimize through memory (abseil's
// BM_Duration_ToTimespec_Double): the call of a function that is not inlined
// is deleted (its result known at compile time), the constant struct stored
// to the temporary whose address the sink reads. Reported as folded, the
// same at -g0 and with line tables; the same call on an input read at run
// time is not.
// RUN: %clangxx -g0 -O2 -I%gbench_include -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -I%gbench_include -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
#include <benchmark/benchmark.h>
#include <ctime>

namespace {
__attribute__((noinline)) timespec DoubleToTimespec(double seconds) {
  timespec ts;
  ts.tv_sec = seconds;
  ts.tv_nsec = (seconds - ts.tv_sec) * (1000 * 1000 * 1000);
  return ts;
}
} // namespace

void BM_folded(benchmark::State &state) {
  while (state.KeepRunning())
    benchmark::DoNotOptimize(DoubleToTimespec(1.0));
}
BENCHMARK(BM_folded);

void BM_kept(benchmark::State &state) {
  double seconds = double(state.range(0));
  while (state.KeepRunning())
    benchmark::DoNotOptimize(DoubleToTimespec(seconds));
}
BENCHMARK(BM_kept)->Arg(2);

// G0: gbench-folded-struct.cpp:21:6: warning:
// LINES: gbench-folded-struct.cpp:23:5: warning:
// CHECK-SAME: a result consumed in benchmark 'BM_folded' is folded to a compile-time constant
// CHECK-NOT: warning:
