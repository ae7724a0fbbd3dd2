// A discarded log of a constant: without the plugin the call is gone; with it
// the result is sunk, so log runs every invocation (not only on errno paths).
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <cmath>
#include <steady/steady.h>

STEADY_BENCH(log_discarded) { std::log(2.5); }

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*log_discarded[^:]*}}:
// GUTTED-NOT:     call
// GUTTED:       .Lfunc_end

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*log_discarded[^:]*}}:
// KEPT-NOT:       ucomisd
// KEPT:         [[LOOP:.LBB[0-9_]+]]:
// KEPT-NOT:       j{{[a-z]+}} .LBB
// KEPT:           callq log@PLT
// KEPT:           jne [[LOOP]]
