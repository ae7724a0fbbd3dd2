// A payload sorting the vector its fixture holds (the common shape) is
// reported like one sorting a global: every invocation after the first sorts
// sorted data. A fixture that restores the input before each invocation is not.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <algorithm>
#include <steady/steady.h>
#include <vector>

struct Data : steady::Fixture {
  std::vector<int> v;
  void setup() override {
    for (int i = 0; i < 256; ++i)
      v.push_back((i * 7919) % 256);
  }
};

struct Shuffled : Data {
  void setup_invocation() override { std::reverse(v.begin(), v.end()); }
};

STEADY_BENCH_F(Data, sort_in_place) { std::sort(v.begin(), v.end()); }
STEADY_BENCH_F(Shuffled, sort_restored) { std::sort(v.begin(), v.end()); }

// TABLE: sort_in_place {{.*}} mutated input: it modifies a member of its fixture {{.*}}, which it also reads: {{.*}} restore it with reset() / setup_invocation()
// TABLE-NOT: sort_restored {{.*}} mutated input
// CHECK: sort_in_place compile findings: mutated
// CHECK: sort_restored compile findings: none
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
