// A payload whose work is six calls deep (none inlined); with -DDEEP_STEP=5
// the deepest function multiplies by 5 instead of 3, and nothing else differs
// (test/driver/code-fingerprint-deep.test).
#include <steady/steady.h>

#ifndef DEEP_STEP
#define DEEP_STEP 3
#endif

[[gnu::noinline]] unsigned long level6(unsigned long x) { return x * DEEP_STEP + (x >> 7); }
[[gnu::noinline]] unsigned long level5(unsigned long x) { return level6(x) + 5; }
[[gnu::noinline]] unsigned long level4(unsigned long x) { return level5(x) ^ 4; }
[[gnu::noinline]] unsigned long level3(unsigned long x) { return level4(x) + 3; }
[[gnu::noinline]] unsigned long level2(unsigned long x) { return level3(x) ^ 2; }
[[gnu::noinline]] unsigned long level1(unsigned long x) { return level2(x) + 1; }

STEADY_BENCH(deep) { return level1(steady::opaque(1ul)); }
