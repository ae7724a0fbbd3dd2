// A Google Benchmark function is judged in place, as the plain build compiles
// it: the audit copies neither it nor the static functions it calls (the copies
// and their callees' copies were optimized again; abseil's
// inlined_vector_benchmark.cc compiled 5x slower). Its dead computation is
// marked on the function itself, and still reported at the end.
// RUN: %clangxx -O2 -g0 -Xclang -disable-llvm-passes -emit-llvm -S %s -o %t.ll
// RUN: %opt -steady-audit -passes='steady-audit<prepare>' -S %t.ll -o - | %FileCheck %s --check-prefix=IR
// RUN: %opt -steady-audit -passes='default<O2>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>

static int scale(int x) { return x * 3 + 1; }

static void BM_scaled(benchmark::State &state) {
  int x = int(state.range(0));
  for (auto _ : state) {
    int r = scale(x) * x; // never used
    (void)r;
  }
}
BENCHMARK(BM_scaled)->Arg(5);

// IR-NOT: define {{.*}}.steady.
// IR: define internal void @_ZL9BM_scaledRN9benchmark5StateE(
// IR: mul nsw i32 {{.*}}, !steady.dead
// IR-NOT: define {{.*}}.steady.

// CHECK: warning: {{.*}}the 'mul' (i32) in benchmark 'BM_scaled' is never used and the optimizer deletes it
