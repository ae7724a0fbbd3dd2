// Counts that cannot be meant are refused before anything runs, naming the
// option, with exit status 2.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/status.py %t --forks=0 | %FileCheck %s --check-prefix=FORKS
// RUN: %python %S/Inputs/status.py %t --iterations=0 | %FileCheck %s --check-prefix=ITER0
// RUN: %python %S/Inputs/status.py %t --iterations=-3 | %FileCheck %s --check-prefix=ITERNEG
// RUN: %python %S/Inputs/status.py %t --warmup-iterations=-1 | %FileCheck %s --check-prefix=WARMUP
// RUN: %python %S/Inputs/status.py %t --window=0 | %FileCheck %s --check-prefix=WINDOW
// RUN: %python %S/Inputs/status.py %t --min-forks=4 --max-forks=2 | %FileCheck %s --check-prefix=FORKRANGE
// RUN: %python %S/Inputs/status.py %t --min-warmup=30 --max-warmup=10 | %FileCheck %s --check-prefix=WARMRANGE
// RUN: %python %S/Inputs/status.py %t --counters=,,, | %FileCheck %s --check-prefix=COUNTERS
#include <steady/steady.h>

STEADY_BENCH(mul) { return 6 * 7; }

// FORKS: error: --forks: must be 1 or more, not 0 (nothing was run)
// FORKS-NOT: mul
// FORKS: exit: 2
// ITER0: error: --iterations: must be 1 or more, not 0
// ITER0: exit: 2
// ITERNEG: error: --iterations: must be 1 or more, not -3
// ITERNEG: exit: 2
// WARMUP: error: --warmup-iterations: must be 0 or more, not -1
// WARMUP: exit: 2
// WINDOW: error: --window: must be 1 or more, not 0
// WINDOW: exit: 2
// FORKRANGE: error: --min-forks=4 is above --max-forks=2 (nothing was run)
// FORKRANGE: exit: 2
// WARMRANGE: error: --min-warmup=30 is above --max-warmup=10 (nothing was run)
// WARMRANGE: exit: 2
// COUNTERS: error: --counters has an empty event name (--counters= alone counts none; nothing was run)
// COUNTERS: exit: 2
