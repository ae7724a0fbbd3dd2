// Modes: sample reports the distribution of batch samples (weighted
// percentiles); single shot measures one cold invocation per iteration.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --mode=sample --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 | %FileCheck %s --check-prefix=SAMPLE
// RUN: %t --mode=ss --forks=2 --warmup-iterations=0 --iterations=3 --json=%t.json > /dev/null
// RUN: %python -c "import json; d=json.load(open('%t.json')); print(sorted({(f['batch_size'], it['ops']) for b in d['benchmarks'] for f in b['forks'] for it in f['iterations']}))" | %FileCheck %s --check-prefix=SS
// RUN: not %t --mode=fastest 2>&1 | %FileCheck %s --check-prefix=BAD
#include <steady/steady.h>

STEADY_BENCH(add) { return 40 + 2; }

// SAMPLE: benchmark {{.*}} ticks/op p50 p90 p99 forks iters
// SAMPLE-NEXT: add {{.*}} 1/1 2
// SS: [(1, 1)]
// BAD: --mode: fastest not in {avgt,sample,ss}
