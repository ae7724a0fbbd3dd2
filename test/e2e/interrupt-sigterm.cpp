// SIGTERM stops a run like SIGINT (results kept, marked partial) and the exit
// status says which: 128 + 15 = 143, as a shell reports a process that
// SIGTERM ended.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/interrupt.py --term 1.5 %t --forks=2 --warmup-iterations=0 --iterations=50 --iteration-time=0.05 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=STATUS
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(first) { return 1 + 1; }

// STATUS: interrupted: results so far are in {{.*}}.json
// STATUS: exit status: 143
// CHECK: partial: True
