// Without a hardware PMU (this VM), asking for cycles and instructions prints
// one line saying what failed, why, and what still runs (software events in
// their place); the run completes.
// REQUIRES: !hw-pmu
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --counters=cycles,instructions,task-clock --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 2>&1 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) { return 3 * 7; }

// CHECK: note: counters cycles, instructions unavailable: perf_event_open: No such file or directory (no hardware PMU: a VM or container?); still measuring TSC time and task-clock, and in their place the software events page-faults, plus context switches (getrusage)
// CHECK: task-clock/op page-faults/op
// CHECK: mul {{.*}} 1/1

// Only hardware events asked for: the software events replace them.
// RUN: %t --counters=cycles,instructions --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=ONLYHW
// RUN: %python -c "import json; d=json.load(open('%t.json')); print(d['config']['counters'], d['counters']['names'], len(d['benchmarks'][0]['forks'][0]['iterations'][0]['counters_per_op']))" | %FileCheck %s --check-prefix=MEASURED
// ONLYHW: note: counters cycles, instructions unavailable: {{.*}}; still measuring TSC time, and in their place the software events task-clock, page-faults, plus context switches (getrusage)
// ONLYHW: ticks/op task-clock/op page-faults/op
// MEASURED: ['cycles', 'instructions'] ['task-clock', 'page-faults'] 2
