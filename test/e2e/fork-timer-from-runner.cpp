// Forks measure with their runner's timer calibration, handed to them whole:
// every fork subtracts the same timer overhead from its batches, and none
// spends its start-up measuring it again (0.7 ms of a 25 ms fork).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --stop=none --forks=3 --warmup-iterations=1 --iterations=2 --iteration-time=0.001 --json=%t.json > /dev/null
// RUN: %python -c "import json; d=json.load(open('%t.json')); t=d['machine']['timer']; f=d['benchmarks'][0]['forks']; print(len(f), 'forks;', 'all use the runner timer:', all(x['timer'] == t for x in f))" | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) { return 12345u * 678u; }

// CHECK: 3 forks; all use the runner timer: True
