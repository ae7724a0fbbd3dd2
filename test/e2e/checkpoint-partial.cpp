// Every checkpoint of the result file (written after each benchmark) says
// partial: a runner killed with SIGKILL after its first benchmark leaves a
// valid file that does not look complete; only the last write says false.
// RUN: rm -f %t.json
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/kill_after_file.py %t.json %t --forks=1 --warmup-iterations=0 --iterations=200 --iteration-time=0.01 --json=%t.json | %FileCheck %s --check-prefix=STATUS
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(first) { return 1 + 1; }
STEADY_BENCH(second) { return 2 + 2; }

// STATUS: exit status: -9
// CHECK: partial: True
// CHECK: first fork 1: ok, 200 iterations
