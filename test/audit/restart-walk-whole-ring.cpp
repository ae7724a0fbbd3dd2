// A chase whose step count is the size of the ring it chases through visits
// every node every invocation, wherever it starts: restarting from the head
// is no different measurement (examples/memory.cpp's pointer_chase_4k), so it
// gets no "restarts" note; a fixed count over a larger ring still does.
// RUN: %clangxx -std=c++20 -O2 -fpass-plugin=%plugin -Rpass=steady -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <cstdint>
#include <steady/steady.h>
#include <vector>

std::vector<std::uint32_t> next_of(4096);

STEADY_BENCH(whole_ring) {
  std::uint32_t p = 0;
  for (std::size_t i = 0; i < next_of.size(); ++i)
    p = next_of[p];
  return p;
}

STEADY_BENCH(part_of_ring) {
  std::uint32_t p = 0;
  for (int i = 0; i < 256; ++i)
    p = next_of[p];
  return p;
}

// CHECK-NOT: payload 'whole_ring': restarts
// CHECK: payload 'part_of_ring': restarts
// CHECK-NOT: payload 'whole_ring': restarts
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload.
// UNSUPPORTED: sanitizer
