// `steady audit FILE` compiles the file with the plugin in audit mode, prints
// the findings at file:line:col, writes a JSON summary and exits 1 when there
// are findings (0 when there are none).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %steady audit %s --json=%t/summary.json 2>&1 | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=JSON < %t/summary.json
// RUN: %steady audit %s --json=%t/clean.json -- -DEXPERT 2>&1 | %FileCheck %s --check-prefix=CLEAN
#include <steady/steady.h>

int data[256];

STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int x : data)
    s += x;
#ifdef EXPERT
  steady::sink(s);
#endif
}

// OUT: audit-files.cpp:15:7: warning: the 'add' (i32) in payload 'unused_sum' is never used
// OUT: steady audit: 1 benchmark function audited in 1 translation unit, 1 finding; summary in {{.*}}summary.json

// JSON:      "schema": "steady-audit/1"
// JSON:      "audited": [
// JSON-NEXT:   {
// JSON-NEXT:     "function": "unused_sum",
// JSON-NEXT:     "kind": "payload"
// JSON:      "kind": "dead-code"
// JSON-NEXT: "line": 15

// CLEAN-NOT: warning:
// CLEAN: steady audit: 1 benchmark function audited in 1 translation unit, 0 findings
