// -Rpass=steady reports every sink and opaque input at the source location of
// the value or input concerned (file:line:col).
// RUN: %clangxx -O2 -fpass-plugin=%plugin -Rpass=steady -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <cmath>
#include <steady/steady.h>
#include <vector>

double samples[512];

STEADY_BENCH(remarks) {
  double s = 0;
  for (int i = 0; i < 512; ++i)
    s += samples[i];
  int n = 42;
  std::vector<int> v(n);
  v[0] = 1;
  return std::log(2.5);
}

// CHECK-DAG: remarks.cpp:13:7: remark: dead 'fadd' (double) is consumed by an opaque sink after the loop [-Rpass=steady-protect]
// CHECK-DAG: remarks.cpp:14:7: remark: local initialised with constant i32 42 is read through a volatile load [-Rpass=steady-protect]
// CHECK-DAG: remarks.cpp:17:10: remark: literal argument double 2.5 of call to 'log' is read through a volatile load [-Rpass=steady-protect]
// CHECK-DAG: remarks.cpp:18:1: remark: local object written by the payload escapes at the end of its lifetime [-Rpass=steady-protect]
// CHECK-NOT: remark:
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
