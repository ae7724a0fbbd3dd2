// A std::string built from a literal and dropped: the allocation and copy are
// elided without the plugin; with it the string escapes before its destructor.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <steady/steady.h>
#include <string>

STEADY_BENCH(string_dropped) { std::string s = "a string long enough to need the heap"; }

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*string_dropped[^:]*}}:
// GUTTED:       # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*string_dropped[^:]*}}:
// KEPT:         [[LOOP:.LBB[0-9_]+]]:
// KEPT:           callq _Znwm@PLT
// KEPT:           movups .L.str{{.*}}(%rip), %xmm0
// KEPT:           callq _ZdlPvm@PLT
