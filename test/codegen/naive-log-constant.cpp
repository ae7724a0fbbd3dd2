// The log of a constant: clang folds it at compile time without the plugin;
// with it the constant is read opaquely and log runs every invocation.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <cmath>
#include <steady/steady.h>

STEADY_BENCH(log_constant) { return std::log(2.5); }

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*log_constant[^:]*}}:
// GUTTED-NOT:     call
// GUTTED:       .Lfunc_end

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*log_constant[^:]*}}:
// KEPT:         [[LOOP:.LBB[0-9_]+]]:
// KEPT-NEXT:      movsd .Lsteady.opaque(%rip), %xmm0
// KEPT-NEXT:      callq log@PLT
// KEPT:           jne [[LOOP]]
