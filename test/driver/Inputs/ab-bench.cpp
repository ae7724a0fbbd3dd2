// Benchmarks for the steady ab tests: `chain` (ADDS adds, as in chain.cpp),
// and, when asked, `only_here` (a benchmark the other version lacks) and
// `boom` (whose every fork dies by SIGABRT when BOOM is 1).
#include <cstdint>
#include <cstdlib>
#include <steady/steady.h>

STEADY_BENCH(chain) {
  std::uint64_t x = steady::opaque(std::uint64_t{1});
#pragma clang loop unroll(disable)
  for (int i = 0; i < ADDS; ++i)
    asm("add $3, %0" : "+r"(x));
  return x;
}

#ifdef ONLY_HERE
STEADY_BENCH(only_here) { return steady::opaque(1) + 1; }
#endif

#ifdef BOOM
STEADY_BENCH(boom) {
  if (steady::opaque(BOOM))
    std::abort();
  return 0;
}
#endif
