// A division of a constant local by a literal: folded to a constant without
// the plugin; with it the dividend is read through a volatile load every
// invocation and the division (strength-reduced, as in real code) is executed.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>

STEADY_BENCH(division_literal) {
  int n = 1000003;
  return n / 7;
}

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*division_literal[^:]*}}:
// GUTTED:         movl $142857, %eax
// GUTTED-NOT:     imul
// GUTTED:       .Lfunc_end

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*division_literal[^:]*}}:
// KEPT:         [[LOOP:.LBB[0-9_]+]]:
// KEPT-NEXT:      mov{{.*}} .Lsteady.opaque(%rip)
// KEPT-NEXT:      imulq $-1840700269
// KEPT:           jne [[LOOP]]
