// Without a hardware PMU (this VM), asking for cycles and instructions prints
// one line saying what failed, why, and what still runs; the run completes.
// REQUIRES: !hw-pmu
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --counters=cycles,instructions,task-clock --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 2>&1 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) { return 3 * 7; }

// CHECK: note: counters cycles, instructions unavailable: perf_event_open: No such file or directory (no hardware PMU: a VM or container?); still measuring TSC time and task-clock, context switches (getrusage)
// CHECK: mul {{.*}} 1/1
