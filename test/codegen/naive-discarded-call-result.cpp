// A call whose result is dropped (`sum(data);`, sum an inline function from a
// header): without the plugin the call and its loop are gone; with it the
// result is consumed after the call, so the summing loop runs, vectorised as
// in `return sum(data);`.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>
#include <vector>
std::vector<int> data(4096, 1);
inline long sum(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += x;
  return s;
}
STEADY_BENCH(discarded_sum) { sum(data); }

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*discarded_sum[^:]*}}:
// GUTTED-NEXT:    .cfi_startproc
// GUTTED-NEXT:  # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*discarded_sum[^:]*}}:
// KEPT:           movq data(%rip)
// KEPT:           paddq
// KEPT:           jne
// KEPT:         .Lfunc_end
