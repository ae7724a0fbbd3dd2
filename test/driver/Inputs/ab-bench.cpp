// Benchmarks for the steady ab tests: `chain` (ADDS adds, from chain.cpp),
// and, when asked, `only_here` (a benchmark the other version lacks), `boom`
// (whose every fork dies by SIGABRT when BOOM is 1) and `p` (whose parameter
// values put regex metacharacters into the names).
#include <cstdlib>

#include "chain.cpp"

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
