// --save-baseline takes a name, not a path: a name with '/' (or "." or "..")
// is refused before anything runs (--save-baseline=a/b used to measure
// everything, then fail to write a missing directory), one line, exit 2.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: sh -c '%t --save-baseline=a/b; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=SLASH
// RUN: sh -c '%t --save-baseline=..; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=DOTS
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// SLASH-NOT: benchmark
// SLASH: error: --save-baseline=a/b: a baseline's name cannot contain '/' (it is a file in {{.*}}/BINARY) (nothing was run)
// SLASH-NEXT: exit 2
// DOTS: error: --save-baseline=..: '..' is not a name (nothing was run)
// DOTS-NEXT: exit 2
