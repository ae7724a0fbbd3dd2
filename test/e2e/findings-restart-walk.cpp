// A pointer chase that restarts at the same place every invocation (the walk
// of a ring from its head: after the first invocation its nodes come from the
// cache) is flagged on its row at run time through the compile finding, as a
// plain payload and as a fixture's; a chase that keeps its position between
// invocations (in a global, in a fixture member) is not.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <cstdint>
#include <steady/steady.h>
#include <vector>

namespace {
struct Node {
  std::uint32_t next;
  char pad[60];
};
std::vector<Node> make_ring(std::uint32_t n) {
  std::vector<Node> v(n);
  for (std::uint32_t i = 0; i < n; ++i)
    v[i].next = (i * 389 + 1) % n; // one cycle through all nodes (389 and n coprime)
  return v;
}
std::vector<Node> ring = make_ring(1024);
std::uint32_t position = 0;
struct Ring : steady::Fixture {
  std::vector<Node> nodes = make_ring(1024);
  std::uint32_t at = 0;
};
} // namespace

STEADY_BENCH(chase_restart) {
  std::uint32_t p = 0;
  for (int i = 0; i < 256; ++i)
    p = ring[p].next;
  return p;
}
STEADY_BENCH_F(Ring, chase_restart_fixture) {
  std::uint32_t p = 0;
  for (int i = 0; i < 256; ++i)
    p = nodes[p].next;
  return p;
}
STEADY_BENCH(chase_continue) {
  std::uint32_t p = position;
  for (int i = 0; i < 256; ++i)
    p = ring[p].next;
  position = p;
  return p;
}
STEADY_BENCH_F(Ring, chase_continue_fixture) {
  std::uint32_t p = at;
  for (int i = 0; i < 256; ++i)
    p = nodes[p].next;
  at = p;
  return p;
}

// TABLE: chase_restart {{.*}} restarts at the same place: it chases pointers from the same start every invocation and does not keep where it ended: after the first invocation its nodes come from the cache, so it measures cache hits; if it means to measure memory latency, keep the position between invocations (a member or global the walk continues from) or make the ring larger than the cache that matters
// TABLE: chase_restart_fixture {{.*}} restarts at the same place:
// TABLE-NOT: chase_continue {{.*}} restarts
// CHECK: chase_restart compile findings: restarts
// CHECK: chase_restart_fixture compile findings: restarts
// CHECK: chase_continue compile findings: none
// CHECK: chase_continue_fixture compile findings: none
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload.
// UNSUPPORTED: sanitizer
