// Without --counters the runner counts cycles and instructions when a PMU
// allows it, and says nothing when it does not (this VM): the reason is in the
// JSON. "--counters=" asks for no counters at all.
// REQUIRES: !hw-pmu
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 --json=%t.json 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: %python -c "import json; c=json.load(open('%t.json')); print(c['config']['counters_auto'], c['config']['counters'], [u['name'] for u in c['counters']['unavailable']])" | %FileCheck %s --check-prefix=JSON
// RUN: %t --counters= --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 --json=%t.none.json 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: %python -c "import json; c=json.load(open('%t.none.json')); print(c['config']['counters_auto'], c['counters'])" | %FileCheck %s --check-prefix=NONE
#include <steady/steady.h>

STEADY_BENCH(mul) { return 3 * 7; }

// QUIET-NOT: note:
// QUIET: benchmark{{.*}}time/op{{.*}}ticks/op forks iters
// QUIET-NEXT: mul {{.*}} 1/1
// JSON: True [] ['cycles', 'instructions']
// NONE: False {'names': [], 'unavailable': []}
