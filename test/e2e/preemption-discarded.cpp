// A busy competitor pinned to the benchmark's CPU preempts it for real: the
// batches it interrupts (a context switch in their window) are discarded and
// run again, so none of the kept samples overlaps a switch; the JSON counts them.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/competitor.py -- %t --forks=2 --warmup-iterations=0 --iterations=4 --iteration-time=0.05 --json=%t.json
// RUN: %python %S/Inputs/preemption.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(chain) {
  unsigned x = steady::opaque(1u);
  for (int i = 0; i < 100; ++i)
    x = x * 3 + 1;
  return x;
}

// CHECK: load recorded: True
// CHECK: chain: mechanisms ['perf']
// CHECK: chain: preempted batches > 0: True
// CHECK: chain: preempted batches kept: 0
// CHECK: chain: iterations that hit the bound: 0 of 8
// CHECK: chain: switched batches <= process switches: True
// CHECK: chain: summary adds up: True
