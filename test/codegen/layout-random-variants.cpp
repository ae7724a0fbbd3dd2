// Random layout's copies in the assembly: the measured loop (pinned on a
// 64-byte boundary) and three copies whose entries sit 16, 32 and 48 bytes
// past their boundary (int3 padding before the entry), the same code, and
// the table the runner reads in the section steady_layout.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s
#include <steady/steady.h>

#include <vector>

STEADY_BENCH(push_clear) {
  std::vector<int> v;
  for (int i = 0; i < 100; ++i)
    v.push_back(i);
  return v.size();
}

// CHECK:      .p2align 6
// CHECK-NEXT: .type [[RB:_ZN6steady6detail9run_batch[^,]*steady_bench_push_clear[^,]*]],@function
// CHECK-NEXT: [[RB]]:
// CHECK:      .p2align 6 {{.*}}# -- Begin function [[RB]].steady.layout16{{$}}
// CHECK-NEXT: .type [[RB]].steady.layout16,@function
// CHECK-NEXT: .zero 16,204
// CHECK-NEXT: [[RB]].steady.layout16:
// CHECK:      .p2align 6 {{.*}}# -- Begin function [[RB]].steady.layout32{{$}}
// CHECK-NEXT: .type [[RB]].steady.layout32,@function
// CHECK-NEXT: .zero 32,204
// CHECK-NEXT: [[RB]].steady.layout32:
// CHECK:      .p2align 6 {{.*}}# -- Begin function [[RB]].steady.layout48{{$}}
// CHECK-NEXT: .type [[RB]].steady.layout48,@function
// CHECK-NEXT: .zero 48,204
// CHECK-NEXT: [[RB]].steady.layout48:
// CHECK:      .section steady_layout,"awR",@progbits
// CHECK:      .quad [[RB]]
// CHECK-NEXT: .quad 4
// CHECK-NEXT: .quad [[RB]]
// CHECK-NEXT: .quad [[RB]].steady.layout16
// CHECK-NEXT: .quad [[RB]].steady.layout32
// CHECK-NEXT: .quad [[RB]].steady.layout48
