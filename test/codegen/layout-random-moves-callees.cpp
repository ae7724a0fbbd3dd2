// Random layout's copies move the payload's own code with the loop: a copy
// entered 32 bytes past its boundary calls a copy of the payload (not
// inlined here) entered 32 bytes past its own, as unrelated code before both
// would place them; the pinned loop still calls the pinned payload.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s
#include <steady/steady.h>

#include <vector>

namespace {
struct Pushed : steady::Fixture {
  std::vector<int> v;
};
} // namespace

STEADY_BENCH_F(Pushed, push_clear) {
  v.clear();
  for (int i = 0; i < 100; ++i)
    v.push_back(i);
  return v.size();
}

// CHECK:      .type [[RB:_ZN6steady6detail[0-9]+run_batch[^,]*push_clear[^,]*]],@function
// CHECK-NEXT: [[RB]]:
// CHECK:      call{{q?}} [[P:[^ ]*steady_bench_push_clear[^ ]*payload[^ .]*]]{{$}}
// CHECK:      .type [[RB]].steady.layout32,@function
// CHECK-NEXT: .zero 32,204
// CHECK-NEXT: [[RB]].steady.layout32:
// CHECK-NOT:  .Lfunc_end
// CHECK:      call{{q?}} [[P]].steady.layout32{{$}}
// CHECK:      .p2align 6
// CHECK-NEXT: .type [[P]].steady.layout32,@function
// CHECK-NEXT: .zero 32,204
// CHECK-NEXT: [[P]].steady.layout32:
