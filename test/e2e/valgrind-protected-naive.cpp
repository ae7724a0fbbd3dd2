// Under --instrument=valgrind the naive payload the optimizer folds away
// counts only the harness loop when it is not protected, and the work of the
// call when the plugin protects it: the counts show what the optimizer did.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t.protected
// RUN: %clangxx -O2 %s %libsteady -o %t.naive
// RUN: %t.protected --instrument=valgrind --forks=1 --warmup-iterations=1 --iterations=1 --iteration-time=0.001 --json=%t.p.json > /dev/null 2>&1
// RUN: %t.naive --instrument=valgrind --forks=1 --warmup-iterations=1 --iterations=1 --iteration-time=0.001 --json=%t.n.json > /dev/null 2>&1
// RUN: %python %S/Inputs/valgrind_protected.py %t.p.json %t.n.json | %FileCheck %s
#include <cmath>

#include <steady/steady.h>

STEADY_BENCH(log_constant) { return std::log(42.0); }

// CHECK: unprotected counts only the loop: yes
// CHECK: protected counts the call's work: yes
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
