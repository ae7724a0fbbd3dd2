// --batch-size=N: every batch of every fork runs N ops instead of the
// calibrated size (per-op time against batch size shows what a batch costs
// beyond its ops), and the run's configuration records it. Zero is refused
// before anything runs.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --batch-size=7 --forks=2 --warmup-iterations=1 --iterations=2 --iteration-time=0.001 --no-baseline --json=%t.json > /dev/null
// RUN: %python -c "import json; d=json.load(open('%t.json')); fs=d['benchmarks'][0]['forks']; print('config', d['config']['batch_size'], 'forks', [f['batch_size'] for f in fs], 'ops all multiples of 7:', all(it['ops'] %% 7 == 0 for f in fs for it in f['iterations']))" | %FileCheck %s
// RUN: %not %t --batch-size=0 2>&1 | %FileCheck %s --check-prefix=ZERO
#include <steady/steady.h>

STEADY_BENCH(add) { return steady::opaque(1) + 1; }

// CHECK: config 7 forks [7, 7] ops all multiples of 7: True
// ZERO: --batch-size{{.*}}must be 1 or more, not 0
