// A payload whose first invocation in a fork is much slower than the others
// (a cache it fills, an input it changes) is flagged with the wrong-steady-state
// sign; one that does the same work every time is not. The first invocation
// here spins for 5 ms, far beyond the flag's thresholds (5x and 0.2 ms).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=2 --warmup-iterations=1 --iterations=2 --iteration-time=0.005 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <chrono>
#include <steady/steady.h>

struct Cache : steady::Fixture {
  bool filled = false;
};

STEADY_BENCH_F(Cache, fills_once) {
  if (!filled) {
    auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(5);
    while (std::chrono::steady_clock::now() < end) {
    }
    filled = true;
  }
  return filled;
}

STEADY_BENCH_F(Cache, same_every_time) {
  unsigned x = steady::opaque(7u);
  for (int i = 0; i < 100; ++i)
    x = x * 3 + 1;
  return x;
}

// TABLE: fills_once {{.*}} first invocation {{[0-9]+}}x slower than the steady state{{.*}}reset()
// TABLE-NOT: same_every_time {{.*}} first invocation
// CHECK: fills_once flags: {{.*}}first-invocation-slow
// CHECK: fills_once first invocation measured: True
// CHECK: same_every_time flags: none
// CHECK: same_every_time first invocation measured: True
