// The runner and the tool say their version.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --version | %FileCheck %s
// RUN: %steady --version | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) { return 6 * 7; }

// CHECK: steady {{[0-9]+\.[0-9]+\.[0-9]+}}
