// An iteration time not below the fork's timeout is refused before anything
// runs (every fork would be killed as hung: --iteration-time=1e308 and
// --warmup-time=1e9 were accepted), and --help names no --baseline-dir,
// which does not exist (issue 32 item 8).
// RUN: %clangxx -O2 %s %libsteady -o %t
// RUN: %python %S/Inputs/status.py %t --iteration-time=1e308 | %FileCheck %s --check-prefix=ITER
// RUN: %python %S/Inputs/status.py %t --warmup-time=1e9 | %FileCheck %s --check-prefix=WARM
// RUN: %python %S/Inputs/status.py %t --iteration-time=5 --timeout=5 | %FileCheck %s --check-prefix=EQUAL
// RUN: %t --help | %FileCheck %s --check-prefix=HELP
#include <steady/steady.h>

STEADY_BENCH(mul) { return 6 * 7; }

// ITER: error: --iteration-time=1e+308 s is not below the fork --timeout=120 s (nothing was run)
// ITER-NOT: mul
// ITER: exit: 2
// WARM: error: --warmup-time=1e+09 s is not below the fork --timeout=120 s (nothing was run)
// WARM: exit: 2
// EQUAL: error: --iteration-time=5 s is not below the fork --timeout=5 s
// EQUAL: exit: 2
// HELP: --save-baseline
// HELP-NOT: --baseline-dir
