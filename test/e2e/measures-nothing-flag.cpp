// A payload whose work the optimizer deleted (compiled without the plugin
// here, so only the run-time check can tell) is flagged as measuring nothing,
// in the table and in the JSON, instead of a silent 0; a payload doing work is not.
// RUN: %clangxx -O2 %s %libsteady -o %t
// RUN: %t --forks=2 --warmup-iterations=0 --iterations=3 --iteration-time=0.002 --json=%t.json 2>/dev/null | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <steady/steady.h>

int data[1024];

STEADY_BENCH(gutted_sum) {
  int s = 0;
  for (int x : data)
    s += x;
}
STEADY_BENCH(kept_sum) {
  int s = 0;
  for (int x : data)
    s += x;
  return s;
}

// TABLE: gutted_sum {{.*}} MEASURES NOTHING: indistinguishable from the empty loop
// TABLE-NOT: kept_sum {{.*}} MEASURES NOTHING
// CHECK: gutted_sum flags: measures-nothing
// CHECK: kept_sum flags: none
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
