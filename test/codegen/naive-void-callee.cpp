// A void function from a header that computes on its own locals (the payload
// `touch(data);`): without the plugin its work is deleted; with it the payload
// calls a private protected copy whose sum is consumed, so the loop runs.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>
#include <vector>
std::vector<int> data(4096, 1);
inline void touch(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += x * x;
}
STEADY_BENCH(void_callee) { touch(data); }

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*void_callee[^:]*}}:
// GUTTED-NEXT:    .cfi_startproc
// GUTTED-NEXT:  # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*void_callee[^:]*}}:
// KEPT:           imull
// KEPT-NEXT:      addq
// KEPT:           jne .LBB
// KEPT:         .Lfunc_end
