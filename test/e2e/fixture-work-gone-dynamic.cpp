// A fixture payload whose work is gone, run with dynamic stopping: every
// sample is 0, which once made the stopping criterion NaN, written as null,
// and every fork failed with a garbled report. The forks succeed, the run is
// flagged, and the note never says "static configuration" for a dynamic run.
// (The default stop's budget of 1 s per benchmark is lifted: on a busy machine
// it ended the run after one fork, and both forks are checked.)
// RUN: %clangxx -O2 %s %libsteady -o %t
// RUN: %t --iteration-time=0.001 --warmup-time=0.001 --max-forks=2 --max-warmup=8 --benchmark-budget=100 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <steady/steady.h>

struct Input : steady::Fixture {
  int values[64] = {};
};

STEADY_BENCH_F(Input, gone) {
  int s = 0;
  for (int v : values)
    s += v;
}

// OUT-NOT: garbled
// OUT-NOT: static configuration
// OUT: gone {{.*}} MEASURES NOTHING
// OUT-NOT: garbled
// CHECK: gone flags: measures-nothing
// CHECK: gone forks: ok,ok
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
