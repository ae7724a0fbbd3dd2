// A benchmark whose set-up always fails an assertion never reaches its loop:
// the optimizer deletes the loop as unreachable, not because nothing in it is
// used, so it is not reported as an empty loop or a hoisted computation
// (ceres' invert_psd_matrix_benchmark.cc built without NDEBUG: Eigen's
// aliasing assertion on `input += input.transpose()` fails). The same loop
// after a set-up that returns is reported.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <cstdlib>

[[noreturn]] __attribute__((noinline)) void fail(const char *what);

static double sum(double a, double b) { return a * b + 1.0; }
static void checkNoAlias(const double *a, const double *b) {
  if (a == b)
    fail("aliasing");
}

static void BM_Aborts(benchmark::State &state) {
  double x = std::rand();
  checkNoAlias(&x, &x); // always fails, once inlined
  for (auto _ : state)
    sum(x, 2.0);
}
BENCHMARK(BM_Aborts);

static void BM_Returns(benchmark::State &state) {
  double x = std::rand();
  for (auto _ : state)
    sum(x, 2.0);
}
BENCHMARK(BM_Returns);

// CHECK-NOT: BM_Aborts
// CHECK: warning: the measurement loop of benchmark 'BM_Returns' is empty after optimization
// CHECK-NOT: BM_Aborts
