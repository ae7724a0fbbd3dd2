// A row called faster or slower than the baseline while it ran the same
// machine code says "identical code", and the line under the table counts the
// verdicts and says such a move is the machine's, with how to see the code's.
// The baseline's times are made 100x longer here, so that the same binary run
// again is "faster" whatever the machine's load.
// RUN: rm -rf %t.dir
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=3 --warmup-iterations=1 --iterations=3 --iteration-time=0.002 --save-baseline=before > /dev/null 2>&1
// RUN: %python %S/Inputs/scale_baseline.py %t.dir/baseline-identical-code.cpp.tmp/before.json 100
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=3 --warmup-iterations=1 --iterations=3 --iteration-time=0.002 --baseline=before 2>&1 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) {
  unsigned x = 1;
  for (unsigned i = 0; i < 100; ++i)
    x = steady::opaque(x * 3 + i);
  return x;
}

// CHECK: mul {{.*}} -{{[0-9.]+}} % faster, identical code
// CHECK: compared with before (recorded {{[-0-9T:]+Z}}, load average {{[0-9.]+}}; now {{[0-9.]+}}): 1 faster, 0 slower, 0 same, 0 can't tell yet
// CHECK-NEXT: 1 of the 1 row called faster or slower ran identical code: their change is the machine's (load, clock, other tenants), not the code's; the 1 row with identical code moved -{{[0-9.]+}} % (median). To see what a change of the code does, compare the two builds side by side: steady ab OLD NEW
