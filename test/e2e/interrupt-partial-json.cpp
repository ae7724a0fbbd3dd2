// SIGINT in the middle of a run stops the forks, writes the JSON with what was
// measured (the interrupted fork's iterations included), marked partial, and
// exits 130; benchmarks not reached are absent.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/interrupt.py 1.5 %t --forks=2 --warmup-iterations=0 --iterations=50 --iteration-time=0.05 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=STATUS
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(first) { return 1 + 1; }
STEADY_BENCH(second) { return 2 + 2; }

// STATUS: interrupted: results so far are in {{.*}}.json
// STATUS: exit status: 130
// CHECK: partial: True
// CHECK: first fork 1: interrupted, {{[0-9]+}} iterations
// CHECK-NOT: second
