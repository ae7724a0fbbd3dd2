// The runner lists benchmarks, filters them by regex, measures each and
// reports bad options with exit status 2.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --list | %FileCheck %s --check-prefix=LIST
// RUN: %t --filter='^mul' --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.001 | %FileCheck %s --check-prefix=MEASURE
// RUN: not %t --bogus 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: not %t --filter='(' 2>&1 | %FileCheck %s --check-prefix=BADRE
#include <steady/steady.h>

STEADY_BENCH(mul_small) { return 3 * 4; }
STEADY_BENCH(add_small) { return 3 + 4; }

// LIST:      mul_small
// LIST-NEXT: add_small

// MEASURE:       benchmark{{ +}}time/op
// MEASURE-NEXT:  mul_small{{ +}}{{[0-9]+\.[0-9]+}}
// MEASURE-NOT:   add_small

// BAD: The following argument was not expected: --bogus
// BADRE: error: --filter='(' is not a valid regex
