// Baselines as criterion keeps them: --save-baseline=NAME saves a run,
// --baseline=NAME compares with it (change and verdict per row), a missing one
// is an error before anything runs, and by default a run is compared with the
// last run of the same binary. STEADY_BASELINE_DIR says where they live.
// RUN: rm -rf %t.dir
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=3 --warmup-iterations=1 --iterations=3 --iteration-time=0.002 --save-baseline=before 2>&1 | %FileCheck %s --check-prefix=SAVE
// RUN: %python -c "import json; d=json.load(open('%t.dir/runner-baseline.cpp.tmp/before.json')); print(sorted({len(it['batches']) for b in d['benchmarks'] for f in b['forks'] for it in f['iterations']}))" | %FileCheck %s --check-prefix=COMPACT
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=3 --warmup-iterations=1 --iterations=3 --iteration-time=0.002 --baseline=before 2>&1 | %FileCheck %s --check-prefix=COMPARE
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 2>&1 | %FileCheck %s --check-prefix=LAST
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --no-baseline 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: env STEADY_BASELINE_DIR=%t.dir %python %S/Inputs/status.py %t --baseline=never_saved | %FileCheck %s --check-prefix=MISSING
#include <steady/steady.h>

// A payload that measures something (a constant would measure nothing, and
// get no comparison).
STEADY_BENCH(mul) {
  unsigned x = 1;
  for (unsigned i = 0; i < 100; ++i)
    x = steady::opaque(x * 3 + i);
  return x;
}

// SAVE-NOT: change
// SAVE: baseline 'before' saved in {{.*}}runner-baseline.cpp.tmp/before.json
// COMPACT: [1]
// COMPARE: compared with before ({{.*}}before.json)
// COMPARE: benchmark {{.*}} iters {{ *}}change {{ *}}notes
// COMPARE-NEXT: mul {{.*}} 3/3 {{ *}}9 {{ *}}{{[-+][0-9]+\.[0-9]}} % {{slower|faster|same|can't tell yet}}
// One fork a side: no spread between forks, so no verdict.
// LAST: compared with last
// LAST: mul {{.*}} 1/1 {{ *}}2 {{ *}}{{[-+][0-9]+\.[0-9]}} % can't tell yet
// NONE-NOT: change
// MISSING: error: --baseline=never_saved: no baseline saved under that name ({{.*}}never_saved.json does not exist; --save-baseline=never_saved saves one) (nothing was run)
// MISSING: exit: 2
