// What the plugin finds at compile time reaches the user at run time: a
// payload whose result folds (a literal inside the function it calls) is
// reported next to its result, with the cause, and in the JSON.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <cmath>
#include <steady/steady.h>

inline double naive_log() { return std::log(42.0); }

STEADY_BENCH(log_in_callee) { return naive_log(); }
STEADY_BENCH(log_opaque) { return std::log(42.0); }

// TABLE: log_in_callee {{.*}} folded at compile time: its result is a compile-time constant: it measures nothing; make its inputs opaque with steady::opaque()
// TABLE-NOT: log_opaque {{.*}} folded
// CHECK: log_in_callee compile findings: folded
// CHECK: log_opaque compile findings: none
