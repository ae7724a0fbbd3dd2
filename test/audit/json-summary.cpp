// -steady-audit-json=FILE writes the findings of the translation unit as JSON.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null 2>/dev/null
// RUN: %FileCheck %s < %t.json
#include <steady/steady.h>

int data[64];

STEADY_BENCH(unused) {
  int s = 0;
  for (int x : data)
    s += x;
}

// CHECK:      "findings": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "column": 7,
// CHECK-NEXT:     "file": "{{.*}}json-summary.cpp",
// CHECK-NEXT:     "function": "unused",
// CHECK-NEXT:     "kind": "dead-code",
// CHECK-NEXT:     "line": 11,
// CHECK-NEXT:     "message": "the 'add' (i32) in payload 'unused' is never used
// CHECK:      "translation_unit": "{{.*}}json-summary.cpp"
