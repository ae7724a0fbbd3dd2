// Every fork is a fresh process: the forks' pids differ from each other and
// from the runner's, and the JSON holds every iteration of every fork.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=3 --warmup-iterations=1 --iterations=2 --iteration-time=0.002 --json=%t.json > /dev/null
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(square) { return 12345 * 12345; }

// CHECK: partial: False
// CHECK: square fork 1: ok, 3 iterations
// CHECK: square fork 2: ok, 3 iterations
// CHECK: square fork 3: ok, 3 iterations
// CHECK: distinct fork pids: True runner pid among them: False
