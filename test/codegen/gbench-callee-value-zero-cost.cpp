// A user function that builds a small value with its constructor and returns
// it in registers (absl::Hours -> FromInt64 -> MakeDuration, a saturating
// factory) gets no payload-private copy: the value is read whole after it is
// written, so nothing in it is dead. The protected loop has no more
// instructions than the loop compiled without the plugin (DoNotOptimize
// already consumes the result). Before, the clone escaped the value through
// memory: a branch and two stores more per iteration (abseil's
// BM_Duration_Factory_Hours took 1.89x Google Benchmark's time).
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin -c %s -o %t.protected.o
// RUN: %clangxx -I%gbench_include -O2 -c %s -o %t.plain.o
// RUN: %python %S/Inputs/gbench_loop_counts.py %t.protected.o %t.plain.o BM_Factory_Hours | %FileCheck %s
// CHECK: BM_Factory_Hours: protected={{[1-9][0-9]*}} expert={{[0-9]+}} ok
#include <benchmark/benchmark.h>
#include <cstdint>
#include <limits>

#include "Inputs/absl_duration.h"

constexpr Duration Infinite() { return MakeDuration(std::numeric_limits<int64_t>::max(), ~0U); }

inline Duration Hours(int64_t v) {
  return v <= std::numeric_limits<int64_t>::max() / 3600 ? MakeDuration(v * 3600, 0) : Infinite();
}

[[gnu::noinline]] static void BM_Factory_Hours(benchmark::State &state) {
  int64_t i = 0;
  while (state.KeepRunning()) {
    benchmark::DoNotOptimize(Hours(i));
    i += 1;
  }
}
BENCHMARK(BM_Factory_Hours);
