// csmith 2.3.0 --seed 1160, reduced (creduce, then by hand): a loop whose
// condition is not a constant and whose body has no side effect, which never
// ends (g: 0, 65535, 65534, ..., 0, 65535, ...). C11 6.8.5p6 lets the compiler
// assume it terminates: clang -O2 alone deletes it and main becomes
// `unreachable`, so a build with the plugin that behaved differently on the
// whole program did not expose a plugin bug. Without that assumption
// (-fno-finite-loops) the loop stays, with the plugin as without it.
// RUN: %clang -O2 -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=ASSUMED
// RUN: %clang -O2 -fno-finite-loops -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=KEPT
// RUN: %clang -O2 -fno-finite-loops -fpass-plugin=%plugin -mllvm -steady-all-payloads -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=KEPT
#include <stdint.h>
#include <stdio.h>

static int32_t g;
static uint16_t sub(uint16_t a, uint16_t b) { return a - b; }

int main(void) {
  for (g = 0; g > -22; g = sub(g, 1)) {
  }
  printf("%d\n", g);
  return 0;
}

// ASSUMED: define {{.*}} @main(
// ASSUMED-NEXT: unreachable
// KEPT: define {{.*}} @main(
// KEPT: [[LOOP:[0-9]+]]:
// KEPT: br label %[[LOOP]]
