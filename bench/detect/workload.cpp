// The workloads of the change-detection evaluation (scripts/bench-detect),
// like Peass §III: their size is fixed at compile time so that two builds
// differ by a known amount of work.
//
//   add:  a dependent chain of ADDS register adds (one cycle each), the
//         paper's add workload of s and s + d operations;
//   wait: a chain of WAIT_BASE adds plus, when SPIN_NS > 0, a busy wait of
//         SPIN_NS nanoseconds on the TSC, the paper's injected 5 ns.
#include <cstdint>
#include <steady/steady.h>
#include <x86intrin.h>

#ifndef ADDS
#define ADDS 300
#endif
#ifndef WAIT_BASE
#define WAIT_BASE 1000
#endif
#ifndef SPIN_NS
#define SPIN_NS 0
#endif
#ifndef TSC_GHZ
#define TSC_GHZ 2.0
#endif

STEADY_BENCH(add) {
  std::uint64_t x = steady::opaque(std::uint64_t{1});
#pragma clang loop unroll(disable)
  for (int i = 0; i < ADDS; ++i)
    asm("add $3, %0" : "+r"(x));
  return x;
}

STEADY_BENCH(wait) {
  std::uint64_t x = steady::opaque(std::uint64_t{1});
#pragma clang loop unroll(disable)
  for (int i = 0; i < WAIT_BASE; ++i)
    asm("add $3, %0" : "+r"(x));
  if constexpr (SPIN_NS > 0) {
    // Spin until SPIN_NS have passed on the TSC (TSC_GHZ ticks per ns, given
    // by the script from the runner's calibration).
    const std::uint64_t until = __rdtsc() + std::uint64_t(SPIN_NS * TSC_GHZ);
    while (__rdtsc() < until)
      x += 1;
  }
  return x;
}
