// With --no-fork the measurement runs in the runner itself: SIGINT stops it
// after the current iteration, and the JSON is written, marked partial, with
// the interrupted fork's iterations.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/interrupt.py 1.5 %t --no-fork --forks=2 --warmup-iterations=0 --iterations=1000 --iteration-time=0.05 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=STATUS
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(first) { return 1 + 1; }
STEADY_BENCH(second) { return 2 + 2; }

// STATUS: interrupted: results so far are in {{.*}}.json
// STATUS: exit status: 130
// CHECK: partial: True
// CHECK: first fork 1: interrupted, {{[0-9]+}} iterations
// CHECK-NOT: second
