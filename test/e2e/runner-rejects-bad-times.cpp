// Times and thresholds must be positive and finite: zero, negative, NaN and
// infinite values are refused before anything runs (an infinite iteration
// time would hang every fork until its timeout), with exit status 2.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/status.py %t --iteration-time=0 | %FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/status.py %t --iteration-time=-1 | %FileCheck %s --check-prefix=NEG
// RUN: %python %S/Inputs/status.py %t --iteration-time=inf | %FileCheck %s --check-prefix=INF
// RUN: %python %S/Inputs/status.py %t --warmup-time=nan | %FileCheck %s --check-prefix=NAN
// RUN: %python %S/Inputs/status.py %t --timeout=0 | %FileCheck %s --check-prefix=TIMEOUT
// RUN: %python %S/Inputs/status.py %t --threshold=-0.1 | %FileCheck %s --check-prefix=THRESHOLD
// RUN: %python %S/Inputs/status.py %t --budget=0 | %FileCheck %s --check-prefix=BUDGET
#include <steady/steady.h>

STEADY_BENCH(mul) { return 6 * 7; }

// ZERO: error: --iteration-time: must be a positive finite number, not 0 (nothing was run)
// ZERO-NOT: mul
// ZERO: exit: 2
// NEG: error: --iteration-time: must be a positive finite number, not -1
// NEG: exit: 2
// INF: error: --iteration-time: must be a positive finite number, not inf
// INF: exit: 2
// NAN: error: --warmup-time: must be a positive finite number, not nan
// NAN: exit: 2
// TIMEOUT: error: --timeout: must be a positive finite number, not 0
// TIMEOUT: exit: 2
// THRESHOLD: error: --threshold: must be a positive finite number, not -0.1
// THRESHOLD: exit: 2
// BUDGET: error: --budget: must be a positive finite number, not 0
// BUDGET: exit: 2
