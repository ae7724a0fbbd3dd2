// A computation whose result is never used is reported at its source location,
// naming the operation; the expert version that consumes it gets no warning.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <steady/steady.h>

int data[1024];

STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int i = 0; i < 1024; ++i)
    s += data[i];
#ifdef EXPERT
  steady::sink(s);
#endif
}

// NAIVE: dead-code.cpp:12:7: warning: the 'add' (i32) in payload 'unused_sum' is never used: unprotected, the optimizer deletes it and the benchmark would not measure it; steady-protect consumes it here (write steady::sink() to make that explicit) [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
