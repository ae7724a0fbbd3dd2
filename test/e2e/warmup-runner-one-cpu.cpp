// A runner pinned to one CPU shares it with its forks: it judges their warmup
// all the same (each fork sleeps on the shared page's futex until the verdict
// wakes it; runtime/src/warmup_verdicts.h), and every fork ends its warmup on
// the runner's verdicts, whose criterion values are in the JSON. (A wake-up
// that missed the other process would leave the fork waiting until
// --timeout kills it.)
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/one_cpu.py %t --stop=rciw --min-forks=2 --max-forks=2 --iterations=2 --iteration-time=0.001 --warmup-time=0.001 --max-warmup=8 --timeout=30 --json=%t.json
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
// RUN: %python -c "import json, sys; fs = json.load(open(sys.argv[1]))['benchmarks'][0]['forks']; print('criterion values per fork:', [bool(f['warmup_criterion']) for f in fs])" %t.json | %FileCheck %s --check-prefix=JUDGED
#include <steady/steady.h>

STEADY_BENCH(mul) { return 12345u * 678u; }

// CHECK: mul fork 1: ok, {{[0-9]+}} iterations
// CHECK: mul fork 2: ok, {{[0-9]+}} iterations
// JUDGED: criterion values per fork: [True, True]
