// A literal that only builds an argument of an out-of-line call is not made
// opaque at the call's cost: abseil's BM_Duration_IDivDuration_Nanoseconds
// divides by absl::Nanoseconds(1), and the division is a call into another
// file (duration.cc) in every build, which the constant cannot change.
// Reading the 1 through a volatile load rebuilt the divisor's Duration every
// iteration (+15 instructions per op, 1.3x Google Benchmark's time); after
// inlining the plugin gives that literal its value back (steady-release-inputs).
// The protected loop has no more instructions than the loop compiled without
// the plugin, and reads no opaque global.
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin -c %s -o %t.protected.o
// RUN: %clangxx -I%gbench_include -O2 -c %s -o %t.plain.o
// RUN: %python %S/Inputs/gbench_loop_counts.py %t.protected.o %t.plain.o BM_IDivDuration_Nanoseconds | %FileCheck %s
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin -S %s -o - \
// RUN:   | %FileCheck %s --check-prefix=ASM
// CHECK: BM_IDivDuration_Nanoseconds: protected={{[1-9][0-9]*}} expert={{[0-9]+}} ok
// ASM-LABEL: {{^_ZL27BM_IDivDuration_NanosecondsRN9benchmark5StateE}}:
// ASM-NOT:     steady.opaque
// ASM:         callq {{.*}}IDivDuration
// ASM-NOT:     steady.opaque
// ASM:       .Lfunc_end
#include <benchmark/benchmark.h>
#include <cstdint>

#include "Inputs/absl_duration.h"

// abseil's factories of a Duration from nanoseconds (absl/time/time.h).
constexpr int64_t kTicksPerSecond = 4'000'000'000;
constexpr Duration MakeNormalizedDuration(int64_t sec, int64_t ticks) {
  return ticks < 0 ? MakeDuration(sec - 1, uint32_t(ticks + kTicksPerSecond)) : MakeDuration(sec, uint32_t(ticks));
}
template <typename T> constexpr Duration Nanoseconds(T n) {
  return MakeNormalizedDuration(int64_t(n) / 1'000'000'000, int64_t(n) % 1'000'000'000 * 4);
}
// Defined in another file, as absl::time_internal::IDivDuration is.
int64_t IDivDuration(bool satq, Duration num, Duration den, Duration *rem);

[[gnu::noinline]] static void BM_IDivDuration_Nanoseconds(benchmark::State &state) {
  int64_t a = 1;
  Duration ignore;
  int i = 0;
  while (state.KeepRunning()) {
    benchmark::DoNotOptimize(a += IDivDuration(true, Nanoseconds(i), Nanoseconds(1), &ignore));
    ++i;
  }
}
BENCHMARK(BM_IDivDuration_Nanoseconds);
