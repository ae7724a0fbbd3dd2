// A dependent chain of floating-point adds with a literal trip count, whose
// result is unused: deleted without the plugin; with it the chain runs and is
// consumed once after the loop (no sink inside the loop).
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>

STEADY_BENCH(add_chain) {
  double x = 1.0;
  for (int i = 0; i < 1000; ++i)
    x += 0.5;
}

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*add_chain[^:]*}}:
// GUTTED:       # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*add_chain[^:]*}}:
// KEPT:         [[INNER:.LBB[0-9_]+]]: {{.*}}Parent Loop
// KEPT-NOT:       #APP
// KEPT-COUNT-4:   addsd
// KEPT-NOT:       #APP
// KEPT:           jne [[INNER]]
// KEPT-NEXT:    # %bb
// KEPT-NEXT:      #APP
