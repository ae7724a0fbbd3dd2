// An unknown event name is an error before anything runs (exit status 2).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: not %t --counters=task-clock,no-such-event 2>&1 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(never_runs) { return 1; }

// CHECK: error: unknown counter 'no-such-event': event not found (nothing was run)
// CHECK-NOT: never_runs
