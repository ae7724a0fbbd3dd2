// steady::sink of a global array consumes its address, a link-time constant:
// that is no computation folded at compile time, and is not reported; a sunk
// value computed from literals is.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <cstring>
#include <steady/steady.h>

char dst[256];
const char src[256] = "payload data";

STEADY_BENCH(copy_to_global) {
  std::memcpy(dst, steady::opaque(src), sizeof dst);
  steady::sink(dst);
}

STEADY_BENCH(sink_constant) { steady::sink(std::strlen("a literal")); }

// CHECK-NOT: copy_to_global
// CHECK: sink-global-array.cpp:16:{{[0-9]+}}: warning: a result consumed in payload 'sink_constant' is folded
// CHECK-NOT: copy_to_global
