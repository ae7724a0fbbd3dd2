// A sum over an array that nobody reads: deleted without the plugin; with it
// the whole loop runs (vectorized) and the sum is consumed after it.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>

int data[4096];

STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int i = 0; i < 4096; ++i)
    s += data[i];
}

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*unused_sum[^:]*}}:
// GUTTED:       # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*unused_sum[^:]*}}:
// KEPT:           paddd (%{{[a-z]+}},%{{[a-z]+}},4), %xmm
// KEPT:           cmpq $4096,
