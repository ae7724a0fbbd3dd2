// The pass counts what it did, and the counts print with Debian's LLVM, built
// without assertions, where plain STATISTIC counts nothing: `-mllvm -stats`
// says statistics are disabled, clang's -print-stats and -stats-file show them.
// The expected counts are the remarks below, one per sink, escape and opaque input.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -Rpass=steady -Xclang -stats-file=%t.json -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REMARKS
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %clangxx -O2 -fpass-plugin=%plugin -Xclang -print-stats -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=TEXT
#include <cmath>
#include <steady/steady.h>
#include <vector>

double samples[512], scale = 2.0, offset = 1.5, result;

STEADY_BENCH(remarks) {
  double s = 0;
  for (int i = 0; i < 512; ++i)
    s += samples[i];
  int n = 42;
  std::vector<int> v(n);
  v[0] = 1;
  return std::log(2.5);
}
// Its loop keeps a volatile store: the hoisted computation is a share of its work.
volatile int ticks;
STEADY_BENCH(store_global) {
  result = scale * 3.5 + offset;
  ticks = 1;
}
inline double naive_log() { return std::log(42.0); }
STEADY_BENCH(log_in_callee) { return naive_log(); }

// REMARKS-DAG: remark: dead 'fadd' (double) is consumed by an opaque sink after the loop
// REMARKS-DAG: remark: local initialised with constant i32 42 is read through a volatile load
// REMARKS-DAG: remark: literal argument i64 0 of call to 'std::vector<int, std::allocator<int>>::operator[](unsigned long)' is read through a volatile load
// REMARKS-DAG: remark: literal argument double 2.5 of call to 'log' is read through a volatile load
// REMARKS-DAG: remark: local object written by the payload escapes at the end of its lifetime
// REMARKS-DAG: remark: payload 'store_global': hoisted:
// REMARKS-DAG: remark: payload 'log_in_callee': folded:
// REMARKS-NOT: remark:

// JSON-DAG: "steady-protect.NumFolded": 1,
// JSON-DAG: "steady-protect.NumHoisted": 1,
// JSON-DAG: "steady-protect.NumOpaqueInputs": 3,
// JSON-DAG: "steady-protect.NumProtected": 3,
// JSON-DAG: "steady-protect.NumSinks": 2
// JSON-NOT: steady-protect.NumDeleted
// JSON-NOT: steady-protect.NumMutated

// TEXT: ... Statistics Collected ...
// TEXT: 1 steady-protect - Payloads whose result is folded to a constant
// TEXT: 1 steady-protect - Payloads with work hoisted out of the measured loop
// TEXT: 3 steady-protect - Compile-time-known payload inputs read through volatile loads
// TEXT: 3 steady-protect - Payloads protected
// TEXT: 2 steady-protect - Dead payload values consumed by sinks and written local objects escaped
