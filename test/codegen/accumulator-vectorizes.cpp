// Protecting a dead accumulator must not block what real code gets: the sink
// sits after the loop, so the loop over the array is still vectorized and
// unrolled (vector adds in the optimized IR, no asm inside the loop).
// RUN: %clangxx -O2 -fno-discard-value-names -fpass-plugin=%plugin -S -emit-llvm %s -o - | %FileCheck %s
#include <steady/steady.h>

unsigned values[1024];

STEADY_BENCH(sum_values) {
  unsigned s = 0;
  for (int i = 0; i < 1024; ++i)
    s += values[i];
}

// CHECK-LABEL: define {{.*}} @_ZN6steady6detail9run_batchI{{.*}}sum_values
// CHECK:       vector.body:
// CHECK-NOT:     asm
// CHECK:         add <4 x i32>
// CHECK-NOT:     asm
// CHECK:         br i1 {{.*}}, label %{{.*}}, label %vector.body
// CHECK:         call i32 @llvm.vector.reduce.add.v4i32
// CHECK:         call void asm sideeffect "", "r"(i32
