// Two of the runner's outputs on one regular file are refused before
// anything runs (--json=a.json --csv=a.json used to write the CSV over the
// JSON): the same path not yet created, the same existing file under another
// name, a --json that is the file --save-baseline writes. One line naming
// both flags, exit status 2, nothing written.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: rm -rf %t.dir && mkdir -p %t.dir && touch %t.dir/old.json && ln %t.dir/old.json %t.dir/link.json
// RUN: sh -c '%t --json=%t.dir/a.json --csv=%t.dir/a.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=NEW
// RUN: sh -c '%t --json=%t.dir/old.json --markdown=%t.dir/link.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=LINK
// RUN: cp %t %t.dir/bench
// RUN: env STEADY_BASELINE_DIR=%t.dir/bl sh -c '%t.dir/bench --json=%t.dir/bl/bench/x.json --save-baseline=x; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=BASELINE
// RUN: ls %t.dir | %FileCheck %s --check-prefix=NOTHING
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// NEW: error: --csv: '{{.*}}.dir/a.json' is also the file of --json: one would overwrite the other; give each output a file of its own (nothing was run)
// NEW-NEXT: exit 2
// LINK: error: --markdown: '{{.*}}.dir/link.json' is also the file of --json ('{{.*}}.dir/old.json'): one would overwrite the other; {{.*}} (nothing was run)
// LINK-NEXT: exit 2
// BASELINE: error: --save-baseline=x: '{{.*}}x.json' is also the file of --json: {{.*}} (nothing was run)
// BASELINE-NEXT: exit 2
// NOTHING: bench
// NOTHING-NEXT: bl
// NOTHING-NEXT: link.json
// NOTHING-NEXT: old.json
// NOTHING-NOT: {{.}}
