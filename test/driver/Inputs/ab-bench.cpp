// Benchmarks for the steady ab tests: `chain` (ADDS adds, as in chain.cpp),
// and, when asked, `only_here` (a benchmark the other version lacks), `boom`
// (whose every fork dies by SIGABRT when BOOM is 1) and `p` (whose parameter
// values put regex metacharacters into the names).
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

#ifdef PARAMS
// Names with regex metacharacters: p/n=1/kind=a+b, p/n=1/kind=(x), ...
struct Sized : steady::Fixture {
  int n = 0;
  void setup() override { n = int(param_int("n")); }
};
STEADY_BENCH_F(Sized, p, steady::param("n", {1, 2}), steady::param("kind", {"a+b", "(x)"})) { return n * 2; }
#endif
