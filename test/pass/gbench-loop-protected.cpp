// A Google Benchmark function registered by steady's BENCHMARK macro is a
// payload whose measured code is its loop's body: the literal input of the
// call in the loop is read through a volatile load at the loop's header (every
// iteration, as a payload's inputs are once per invocation inside its measured
// loop), the call's dead result is consumed by a sink in the loop, set-up
// code before and after the loop is left as written (its literal stays), the
// function keeps its own frame (noinline) and carries the region steady-findings
// judges it by. The whole O2 pipeline stays valid after every pass.
// RUN: %clangxx -I%gbench_include -O2 -Xclang -disable-llvm-passes -emit-llvm -S %s -o %t.ll
// RUN: %opt -passes='print<steady-payloads>' -disable-output %t.ll | %FileCheck %s --check-prefix=FOUND
// RUN: %opt -passes=steady-protect -verify-each -S %t.ll | %FileCheck %s
// RUN: %opt -passes='default<O2>' -verify-each -disable-output %t.ll
#include <benchmark/benchmark.h>

static int work(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i * i;
  return s;
}

static void BM_Naive(benchmark::State &state) {
  int before = 7;
  for (auto _ : state)
    work(1000);
  benchmark::DoNotOptimize(work(before));
}
BENCHMARK(BM_Naive);

// FOUND: payload @_ZL8BM_NaiveRN9benchmark5StateE mark @{{.*}}steady_gbench_mark_0_ findings @{{.*}}steady_gbench_findings_0_ gbench

// CHECK-DAG: @steady.opaque = private global i32 1000
// CHECK-DAG: @{{.*}}steady_gbench_mark_0_ = internal global i8 1
// CHECK:       define internal void @_ZL8BM_NaiveRN9benchmark5StateE({{.*}} #[[ATTRS:[0-9]+]] align 64 {{.*}}!steady.timed
// CHECK-NOT:     volatile
// CHECK:       [[HEADER:[0-9]+]]:
// CHECK-NEXT:    %steady.opaque = load volatile i32, ptr @steady.opaque
// CHECK-NEXT:    call {{.*}} @_ZNK9benchmark5State13StateIteratorneERKS1_
// CHECK:         [[R:%[0-9]+]] = call noundef i32 @_ZL4worki(i32 noundef %steady.opaque)
// CHECK-NEXT:    call void asm sideeffect "", "r"(i32 [[R]])
// CHECK:         br label %[[HEADER]]
// CHECK:         call noundef i32 @_ZL4worki(i32 noundef 7)
// CHECK-NOT:     asm sideeffect "", "r"
// CHECK:       attributes #[[ATTRS]] = { {{.*}}noinline{{.*}}"steady-protected"
