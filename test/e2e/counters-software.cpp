// Software events are measured for real: task-clock per operation matches the
// TSC time per operation (CPU time: at most the wall time, less when the
// shared machine takes some).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --counters=task-clock,page-faults --forks=1 --warmup-iterations=1 --iterations=5 --iteration-time=0.02 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <cmath>
#include <steady/steady.h>

STEADY_BENCH(sqrt_chain) {
  double x = 2.0;
  for (int i = 0; i < 100; ++i)
    x = std::sqrt(x + 1.0);
  return x;
}

// TABLE: benchmark {{.*}} task-clock/op page-faults/op
// CHECK: task-clock/ns_per_op within 0.3-1.1: True
