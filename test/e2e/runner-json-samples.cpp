// The JSON keeps at most 16 batch samples per iteration by default (thinned,
// means kept), all with --json-samples=full and only the iteration's mean
// with compact; steady compare reads every mode.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=2 --warmup-iterations=0 --iterations=2 --iteration-time=0.01 --json=%t.default.json > /dev/null
// RUN: %t --forks=2 --warmup-iterations=0 --iterations=2 --iteration-time=0.01 --json=%t.full.json --json-samples=full > /dev/null
// RUN: %t --forks=2 --warmup-iterations=0 --iterations=2 --iteration-time=0.01 --json=%t.compact.json --json-samples=compact > /dev/null
// RUN: %python -c "import json; d=json.load(open('%t.default.json')); print('default', max(len(it['batches']) for b in d['benchmarks'] for f in b['forks'] for it in f['iterations']) <= 16)" | %FileCheck %s --check-prefix=DEFAULT
// RUN: %python -c "import json; d=json.load(open('%t.full.json')); print('full', max(len(it['batches']) for b in d['benchmarks'] for f in b['forks'] for it in f['iterations']) > 16)" | %FileCheck %s --check-prefix=FULL
// RUN: %python -c "import json; d=json.load(open('%t.compact.json')); print('compact', {len(it['batches']) for b in d['benchmarks'] for f in b['forks'] for it in f['iterations']}, d['config']['json_samples'])" | %FileCheck %s --check-prefix=COMPACT
// RUN: %steady compare %t.full.json %t.compact.json | %FileCheck %s --check-prefix=COMPARE
#include <steady/steady.h>

// A payload that measures something (a constant would measure nothing, and
// get no comparison).
STEADY_BENCH(mul) {
  unsigned x = 1;
  for (unsigned i = 0; i < 100; ++i)
    x = steady::opaque(x * 3 + i);
  return x;
}

// DEFAULT: default True
// FULL: full True
// COMPACT: compact {1} compact
// COMPARE: mul{{ +}}{{[0-9]+\.[0-9]+}}
