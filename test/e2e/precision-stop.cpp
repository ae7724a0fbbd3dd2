// By default forks stop on the precision of the interval the row prints
// (--stop=precision): at least --min-forks (8, lowered to --max-forks when
// that is below it), then until the 99 % t interval over the fork means is
// within --precision or --max-forks is reached. The reason names the
// precision reached, and it is the printed interval's: half of its width over
// its centre (the JSON's stop.half_width). (Its default budget of 1 s per
// benchmark is lifted here: on a busy machine it could end the forks first.)
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --iteration-time=0.001 --warmup-time=0.001 --max-warmup=8 --max-forks=10 --benchmark-budget=100 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/precision.py %t.json | %FileCheck %s --check-prefix=JSON
// A maximum below the default minimum lowers it; the target not reached is WIDE.
// RUN: %t --iteration-time=0.001 --warmup-time=0.001 --max-warmup=8 --max-forks=3 --precision=0.000001 | %FileCheck %s --check-prefix=WIDE
#include <steady/steady.h>

STEADY_BENCH(mul) { return 12345u * 678u; }

// TABLE: mul {{.*}} {{(UNSTABLE: |WIDE \(target ±2 %\): )?}}±{{[0-9.]+}} % after {{[0-9]+}} forks{{(: max forks reached)?}}
// JSON: criterion precision
// JSON: forks within [8, 10]: True
// JSON: measurement iterations per fork: {6}
// JSON: reason states half_width: True
// JSON: printed interval agrees: True
// WIDE: mul {{.*}} 3/3 {{.*}} WIDE (target ±0.0001 %): ±{{[0-9.]+}} % after 3 forks: max forks reached
