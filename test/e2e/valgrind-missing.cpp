// --instrument=valgrind without a usable valgrind: one clear line, exit 2,
// nothing run (no result file, no table). The same with --no-fork, which it
// cannot honour.
// RUN: %clangxx -O2 %s %libsteady -o %t
// RUN: rm -f %t.json
// RUN: sh -c 'STEADY_VALGRIND=%t.nowhere/valgrind %t --instrument=valgrind --json=%t.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=GONE
// RUN: sh -c 'PATH=%t.nowhere %t --instrument=valgrind --json=%t.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=NOPATH
// RUN: sh -c '%t --instrument=valgrind --no-fork --json=%t.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=NOFORK
// RUN: test ! -e %t.json
#include <steady/steady.h>

STEADY_BENCH(one) { return steady::opaque(1) + 1; }

// GONE: error: --instrument=valgrind: valgrind '{{.*}}nowhere/valgrind' cannot be run: No such file or directory (nothing was run)
// GONE-NEXT: exit 2
// NOPATH: error: --instrument=valgrind: valgrind is not installed (no valgrind on PATH; install Debian's valgrind package, or set STEADY_VALGRIND to its path) (nothing was run)
// NOPATH-NEXT: exit 2
// NOFORK: error: --instrument=valgrind runs every fork under callgrind, which counts for itself: it cannot be combined with --no-fork (nothing was run)
// NOFORK-NEXT: exit 2
