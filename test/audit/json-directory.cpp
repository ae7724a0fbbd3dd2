// -steady-audit-json=DIR/ (a trailing '/'), for a whole build: each
// translation unit writes its own summary into DIR, named after its source.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t/audit/ -c %s -o /dev/null 2>/dev/null
// RUN: cat %t/audit/json-directory.cpp-*.json | %FileCheck %s
#include <steady/steady.h>

int data[64];

STEADY_BENCH(unused) {
  int s = 0;
  for (int x : data)
    s += x;
}

// CHECK: "function": "unused",
// CHECK: "translation_unit": "{{.*}}json-directory.cpp"
