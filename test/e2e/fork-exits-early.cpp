// A payload that calls exit(0) ends its fork early: the fork failed ("exited
// early with status 0"), is kept but not summarized, and when every fork of
// the benchmark failed the run exits 1 and its stop is not stable.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: sh -c '%t --forks=2 --warmup-iterations=0 --iterations=3 --iteration-time=0.002 --json=%t.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=ERR
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
// RUN: %python -c "import json; b = json.load(open('%t.json'))['benchmarks'][0]; print('stable:', b['stop']['stable'], 'forks used:', b['summary']['forks_used'])" | %FileCheck %s --check-prefix=STOP
#include <cstdlib>
#include <steady/steady.h>

STEADY_BENCH(exits) {
  std::exit(0);
  return 1;
}

// ERR: error: exits fork 1 crashed: exited early with status 0; 0 iteration(s) kept, the run goes on
// ERR: error: exits fork 2 crashed: exited early with status 0; 0 iteration(s) kept, the run goes on
// ERR: error: every fork of 1 benchmark(s) failed: nothing measured for them
// ERR: exit 1
// CHECK: partial: False
// CHECK: exits fork 1: crashed, 0 iterations, exited early with status 0
// CHECK: exits fork 2: crashed, 0 iterations, exited early with status 0
// STOP: stable: False forks used: 0
