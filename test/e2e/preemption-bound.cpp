// A payload longer than a time slice, sharing its CPU with a busy competitor,
// is preempted in every batch: each iteration gives up after its bound (10x
// its time), keeps its preempted samples flagged, and the run says the result
// is not trustworthy instead of looping forever or printing it as measured.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/competitor.py -- %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.01 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=CONSOLE
// RUN: %python %S/Inputs/preemption.py %t.json | %FileCheck %s
#include <chrono>
#include <steady/steady.h>

// 50 ms of wall time spinning: no scheduler lets a competitor wait that long.
STEADY_BENCH(longer_than_a_slice) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  unsigned n = 0;
  while (std::chrono::steady_clock::now() < end)
    ++n;
  return n;
}

// CONSOLE: longer_than_a_slice {{.*}} NOT TRUSTWORTHY: every batch of 2 iteration(s) was preempted
// CONSOLE: machine busy: 100.0 % of batches preempted and kept only where no clean batch came; load average {{[0-9.]+}} on {{[0-9]+}} CPUs
// CONSOLE: warning: 2 iteration(s) found no batch free of preemption within 10x their time
// CHECK: longer_than_a_slice: preempted batches > 0: True
// CHECK: longer_than_a_slice: iterations that hit the bound: 2 of 2
// CHECK: longer_than_a_slice: summary adds up: True
