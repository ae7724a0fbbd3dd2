// When perf_event_open is refused (here by a seccomp filter), preemption is
// still detected, with getrusage(RUSAGE_THREAD) for the context switches; the
// runner says which mechanism it used and why, in the JSON and once on the console.
// REQUIRES: x86_64
// RUN: %clangxx -O2 %S/Inputs/no-perf.cpp -o %t.no-perf
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/competitor.py -- %t.no-perf %t --counters= --forks=2 --warmup-iterations=0 --iterations=4 --iteration-time=0.05 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=CONSOLE
// RUN: %python %S/Inputs/preemption.py %t.json | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(chain) {
  unsigned x = steady::opaque(1u);
  for (int i = 0; i < 100; ++i)
    x = x * 3 + 1;
  return x;
}

// CONSOLE: note: preemption detected with getrusage (perf_event_open(context-switches): Permission denied)
// CHECK: chain: mechanisms ['getrusage']
// CHECK: chain: fallback reasons ['perf_event_open(context-switches): Permission denied']
// CHECK: chain: preempted batches > 0: True
// CHECK: chain: preempted batches kept: 0
// CHECK: chain: iterations that hit the bound: 0 of 8
// CHECK: chain: summary adds up: True
