// `steady audit -- <compile command>` audits a build's own compile command as
// is (here a Google Benchmark file with its flags); the object file named by
// -o is not written. A compiler other than clang is refused with exit 2, a
// failing compile gives exit 3, and no input gives a usage error.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %steady audit --json=%t/s.json -- %clangxx -O2 -c %s -o %t/out.o 2>&1 | %FileCheck %s
// RUN: not test -e %t/out.o
// RUN: not %steady audit -- g++ -c %s 2>&1 | %FileCheck %s --check-prefix=GXX
// RUN: not %steady audit %t/missing.cpp 2>&1 | %FileCheck %s --check-prefix=MISSING
// RUN: not %steady audit 2>&1 | %FileCheck %s --check-prefix=USAGE
#include <benchmark/benchmark.h>
#include <cmath>

static void BM_log(benchmark::State &state) {
  for (auto _ : state)
    std::log(2.5);
}
BENCHMARK(BM_log);

// The plain build folds log(2.5) and deletes the loop's body: the audit judges the loop as that build has it.
// CHECK: audit-command.cpp:15:15: warning: the measurement loop of benchmark 'BM_log' is empty after optimization
// CHECK: steady audit: 1 benchmark function audited in 1 translation unit, 1 finding

// GXX: steady audit: 'g++' is not clang
// MISSING: steady audit: 0 benchmark functions audited in 0 translation units, 0 findings, 1 compile(s) failed
// USAGE: steady audit: give source files, or a compile command after --
