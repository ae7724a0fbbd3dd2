// A --filter that selects no benchmark is an error, not an empty run.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/status.py %t --filter=nothing_like_this | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) { return 6 * 7; }
STEADY_BENCH(add) { return 6 + 7; }

// CHECK: error: --filter='nothing_like_this' matches none of the 2 benchmarks (--list names them; nothing was run)
// CHECK-NOT: benchmark
// CHECK: exit: 2
