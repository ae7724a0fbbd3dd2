// The batch size is not decided by a cold first call. A payload whose first
// invocation in a process is slow (2 ms of one-time set-up, like libm's first
// log()) and whose later invocations take nanoseconds gets batches of many
// invocations, not one: a batch of one would put the timer's cost into
// every sample.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=3 --warmup-iterations=1 --iterations=2 --iteration-time=0.01 --json=%t.json
// RUN: %python -c "import json; d=json.load(open('%t.json')); print('batch sizes > 1:', [f['batch_size'] > 1 for f in d['benchmarks'][0]['forks']])" | %FileCheck %s
#include <chrono>
#include <steady/steady.h>

STEADY_BENCH(cold_first_call) {
  static bool first = true;
  if (first) {
    first = false;
    auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
    while (std::chrono::steady_clock::now() < end) {
    }
  }
  return steady::opaque(1) + 1;
}

// CHECK: batch sizes > 1: [True, True, True]
