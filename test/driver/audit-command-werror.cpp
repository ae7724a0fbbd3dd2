// A build's compile command with -Werror, audited as is: findings stay
// warnings (the compile succeeds, exit 1 for findings, not 3 for a failed
// compile); --werror makes them errors.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %not %steady audit --json=%t/s.json -- %clangxx -Werror -Wall -O2 -c %s -o %t/out.o 2>&1 | %FileCheck %s
// RUN: %not %steady audit --werror --json=%t/s.json -- %clangxx -O2 -c %s 2>&1 | %FileCheck %s --check-prefix=WERROR
// Without -o, clang -c would write the object into the current directory: not the audit.
// RUN: not ls %t/*.o
#include <benchmark/benchmark.h>

static void BM_unused(benchmark::State &state) {
  long x = state.range(0);
  for (auto _ : state) {
    long y = x * x;
    (void)y;
  }
}
BENCHMARK(BM_unused)->Arg(3);

// CHECK: audit-command-werror.cpp:14:16: warning: the 'mul' (i64) in benchmark 'BM_unused' is never used
// CHECK: steady audit: 1 benchmark function audited in 1 translation unit, 1 finding; summary in

// WERROR: audit-command-werror.cpp:14:16: error: the 'mul' (i64) in benchmark 'BM_unused' is never used
// WERROR: 1 compile(s) failed
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
