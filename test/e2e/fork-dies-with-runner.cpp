// A fork never outlives its runner: when the runner is killed with SIGKILL
// (which it cannot handle), the kernel kills the fork too instead of leaving
// it measuring for nobody.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/orphan.py %t --forks=2 --warmup-iterations=0 --iterations=1000 --iteration-time=0.05 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(long_running) { return 6 * 9; }

// CHECK: fork started: True
// CHECK: fork gone with the runner: True
