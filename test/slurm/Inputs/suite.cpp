// Benchmarks for the steady slurm tests: `add` and `mul`, a few cycles each,
// and, with -DBOOM, `boom`, whose every fork dies by SIGABRT.
#include <cstdlib>
#include <steady/steady.h>

STEADY_BENCH(add) { return steady::opaque(3) + steady::opaque(4); }
STEADY_BENCH(mul) { return steady::opaque(3) * steady::opaque(5); }

#ifdef BOOM
STEADY_BENCH(boom) {
  if (steady::opaque(1))
    std::abort();
  return 0;
}
#endif
