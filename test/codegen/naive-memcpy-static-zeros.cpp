// A copy from a never-written static array into a local buffer: without the
// plugin it is deleted; with it the copy is a memcpy from the array (not a
// memset: the array's contents are not known to be zeros), every invocation.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <cstring>
#include <steady/steady.h>
static unsigned char zeros[256];
STEADY_BENCH(memcpy_zeros) {
  unsigned char buf[256];
  std::memcpy(buf, zeros, sizeof buf);
}

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*memcpy_zeros[^:]*}}:
// GUTTED-NEXT:    .cfi_startproc
// GUTTED-NEXT:  # %bb.0:
// GUTTED-NEXT:    retq

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*memcpy_zeros[^:]*}}:
// KEPT-NOT:       memset
// KEPT:           leaq _ZL5zeros(%rip)
// KEPT:         [[LOOP:.LBB[0-9_]+]]:
// KEPT-NOT:       memset
// KEPT:           callq memcpy@PLT
// KEPT:           jne [[LOOP]]
