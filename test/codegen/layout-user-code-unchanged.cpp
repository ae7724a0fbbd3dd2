// Pinned layout aligns only the code the plugin owns: a user function in the
// same file, called by the payload but also by the rest of the program,
// keeps the alignment it has without the plugin.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s
#include <steady/steady.h>

[[gnu::noinline]] int user_scale(int x) { return x * 3 + 1; }

int user_main_path(int x) { return user_scale(x) + 2; }

STEADY_BENCH(scaled) { return user_scale(steady::opaque(7)); }

// CHECK:      .p2align 4
// CHECK-NEXT: .type _Z10user_scalei,@function
// CHECK:      .p2align 4
// CHECK-NEXT: .type _Z14user_main_pathi,@function
// CHECK:      .p2align 6
// CHECK-NEXT: .type [[RB:_ZN6steady6detail9run_batch[^,]*steady_bench_scaled[^,]*]],@function
