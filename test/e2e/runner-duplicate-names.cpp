// A benchmark name registered twice (a header with STEADY_BENCH included in
// two files) is refused at start-up, naming both files; nothing runs.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -I%S/Inputs %s %S/Inputs/includes-twice.cpp %libsteady -o %t
// RUN: %python %S/Inputs/status.py %t | %FileCheck %s
// RUN: %python %S/Inputs/status.py %t --list | %FileCheck %s
#include "twice.h"

// CHECK: error: benchmark 'defined_in_a_header' is registered twice: at {{.*}}twice.h:5 (compiled in {{.*}}{{runner-duplicate-names|includes-twice}}.cpp) and at {{.*}}twice.h:5 (compiled in {{.*}}{{runner-duplicate-names|includes-twice}}.cpp); give one another name, or define it in one file only (nothing was run)
// CHECK-NOT: defined_in_a_header{{ }}
// CHECK: exit: 2
