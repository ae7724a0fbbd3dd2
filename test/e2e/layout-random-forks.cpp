// --layout=random: each fork's layout is in the JSON; four forks run the four
// copies of the measured loop (entries 0, 16, 32, 48 bytes past the boundary,
// each once per block of four forks) with stack and heap offsets below 4096
// in 16-byte steps; the config records the mode. Without it forks carry no
// layout; with --no-fork it is refused before anything runs.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --layout=random --forks=4 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --json=%t.json --no-baseline > /dev/null
// RUN: %python -c "import json; d=json.load(open('%t.json')); L=[f['layout'] for f in d['benchmarks'][0]['forks']]; print(d['config']['layout'], sorted(l['code'] for l in L), all(0 <= l[k] < 4096 and l[k] % 16 == 0 for l in L for k in ('stack', 'heap')))" | %FileCheck %s --check-prefix=RANDOM
// RUN: %t --forks=2 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --json=%t.pinned.json --no-baseline > /dev/null
// RUN: %python -c "import json; d=json.load(open('%t.pinned.json')); print(d['config']['layout'], [f.get('layout') for f in d['benchmarks'][0]['forks']])" | %FileCheck %s --check-prefix=PINNED
// RUN: %not %t --layout=random --no-fork 2>&1 | %FileCheck %s --check-prefix=NOFORK
#include <steady/steady.h>

STEADY_BENCH(mul) {
  unsigned x = 1;
  for (unsigned i = 0; i < 100; ++i)
    x = steady::opaque(x * 3 + i);
  return x;
}

// RANDOM: random [0, 16, 32, 48] True
// PINNED: pinned [None, None]
// NOFORK: error: --layout=random moves code, stack and heap per fork: it cannot be combined with --no-fork (nothing was run)
