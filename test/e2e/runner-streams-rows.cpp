// Through a pipe, each row is printed (and flushed) as soon as its benchmark
// is done, while the next is still measured; with --progress stderr gets one
// line per fork with the time left, and the start says the worst case.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/stream.py %t --progress --forks=2 --warmup-iterations=0 --iterations=30 --iteration-time=0.02 | %FileCheck %s
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 2>&1 >/dev/null | %FileCheck %s --check-prefix=QUIET
#include <steady/steady.h>

STEADY_BENCH(first) { return 6 * 7; }
STEADY_BENCH(second) { return 6 + 7; }

// The two streams are read as they come: their relative order is not asserted.
// CHECK-DAG: stderr running: 2 benchmark(s), at most {{[0-9]+}}s
// CHECK-DAG: stdout running: benchmark {{ *}}time/op
// CHECK-DAG: stderr running: [1/2] first fork 1/2, <= {{[0-9]+}}s left
// CHECK-DAG: stderr running: [1/2] first fork 2/2
// CHECK-DAG: stdout running: first {{.*}} 2/2 {{ *}}60
// CHECK-DAG: stderr running: [2/2] second fork 1/2, ~{{[0-9]+}}s left
// CHECK: stdout {{running|exited}}: second {{.*}} 2/2 {{ *}}60
// CHECK: exit: 0

// Without --progress and without a terminal: no progress lines.
// QUIET-NOT: [1/2]
