// A payload whose work is a call into a shared library (dso-lib.cpp).
#include <steady/steady.h>

extern "C" unsigned long dso_mix(unsigned long x);

STEADY_BENCH(dso_call) { return dso_mix(steady::opaque(1ul)); }
