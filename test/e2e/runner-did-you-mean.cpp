// A mistyped option is refused with the closest known one, by the runner and
// by the tool, with exit status 2.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/status.py %t --iteratoins=3 | %FileCheck %s --check-prefix=RUNNER
// RUN: %python %S/Inputs/status.py %t --bogus | %FileCheck %s --check-prefix=NONE
// RUN: %python %S/Inputs/status.py %steady compare --jsn=x a.json b.json | %FileCheck %s --check-prefix=TOOL
#include <steady/steady.h>

STEADY_BENCH(mul) { return 6 * 7; }

// RUNNER: error: The following argument was not expected: --iteratoins=3; did you mean --iterations? (nothing was run; --help lists the options)
// RUNNER: exit: 2
// NONE: error: The following argument was not expected: --bogus (nothing was run
// NONE: exit: 2
// TOOL: error: The following argument was not expected: --jsn=x; did you mean --json?
// TOOL: exit: 2
