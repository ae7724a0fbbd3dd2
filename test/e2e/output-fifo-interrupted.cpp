// SIGTERM while the runner waits for a reader of its --json FIFO, after the
// last benchmark: the wait ends (it used to ignore SIGINT and SIGTERM until a
// SIGKILL lost everything) and the results are kept in a file in $TMPDIR,
// named on stderr; the exit status is 128 + 15; the FIFO stays a FIFO.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/fifo_no_reader.py %t.dir TERM '^add ' %t --forks=2 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --json=@ | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// CHECK: error: cannot write '{{.*}}fifo': interrupted, and the FIFO has no reader; the data is kept in [[KEPT:.*/tmp/steady-[0-9]+-fifo.json]]
// CHECK-NEXT: interrupted: results {{.*}} are in [[KEPT]]
// CHECK-NEXT: exit status: 143
// CHECK-NEXT: target is a FIFO
// CHECK-NEXT: kept steady-{{[0-9]+}}-fifo.json: a result file of 1 benchmark(s), {{[12]}} fork(s), partial: {{True|False}}
// CHECK-NOT: kept
