// A fixed-size vector filled and destroyed: new/delete and the stores are
// elided without the plugin; with it the vector escapes before its destructor,
// so the allocation and every store stay.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>
#include <vector>

STEADY_BENCH(vector_fill) {
  std::vector<int> v(256);
  for (int i = 0; i < 256; ++i)
    v[i] = i * 7;
}

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*vector_fill[^:]*}}:
// GUTTED:       # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN.*steady_bench_vector_fill7payloadEv}}:
// KEPT:           callq _Znwm@PLT
// KEPT:           mov{{.*}}, {{.*}}(%r
// KEPT:           callq _ZdlPvm@PLT
