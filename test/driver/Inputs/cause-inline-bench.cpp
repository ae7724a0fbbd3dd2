// The payload of the inlined root-cause test (the library is cause-inline-lib.cpp).
#include <steady/steady.h>

int outer(int x);

STEADY_BENCH(calls_outer) { return outer(steady::opaque(4)); }
