// Pinned layout: the measured loop (run_batch<B>, the payload inlined into it)
// starts on a 64-byte boundary, so the loop inside sits at the same offset
// from a cache line in every binary; -steady-layout=native leaves it to the
// target's 16 bytes.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=PINNED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -mllvm -steady-layout=native -S %s -o - | %FileCheck %s --check-prefix=NATIVE
#include <steady/steady.h>

#include <vector>

STEADY_BENCH(push_clear) {
  std::vector<int> v;
  for (int i = 0; i < 100; ++i)
    v.push_back(i);
  return v.size();
}

// PINNED:      .p2align 6
// PINNED-NEXT: .type [[RB:_ZN6steady6detail9run_batch[^,]*steady_bench_push_clear[^,]*]],@function
// PINNED-NEXT: [[RB]]:
// The loop headers inside keep the target's alignment, now at fixed offsets
// from the 64-byte entry.
// PINNED:      .p2align 4
// PINNED:      .Lfunc_end{{[0-9]+}}:
// PINNED-NEXT: .size [[RB]],

// NATIVE:      .p2align 4
// NATIVE-NEXT: .type {{_ZN6steady6detail9run_batch[^,]*steady_bench_push_clear[^,]*}},@function
