// An output that cannot be written is refused before anything runs, naming
// the flag, the file and the reason (errno's text), exit status 2: a missing
// directory for --json, a directory given as --csv.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: mkdir -p %t.dir
// RUN: sh -c '%t --json=%t.missing/x.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=MISSING
// RUN: sh -c '%t --csv=%t.dir; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=DIR
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// MISSING: error: --json: cannot write '{{.*}}.missing/x.json': No such file or directory (nothing was run)
// MISSING-NEXT: exit 2
// DIR: error: --csv: cannot write '{{.*}}.dir': Is a directory (nothing was run)
// DIR-NEXT: exit 2
