// --json onto a FIFO writes the results into it (a reader gets a complete
// file) and leaves it a FIFO: only regular files are replaced by renaming.
// RUN: rm -rf %t.dir
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/special_target.py fifo %t.dir %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --json=@ | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// CHECK: exit status: 0
// CHECK-NEXT: target is a FIFO
// CHECK-NEXT: received a result file of 1 benchmark(s), partial: False
// CHECK-NEXT: left in the directory: []
