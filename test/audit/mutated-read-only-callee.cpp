// A payload whose callee only reads a global array (std::seed_seq built from
// seeds) does not modify it, although the callee stores into objects of its
// own: no mutated-input warning. Generating into the array, then reading it,
// is one.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <random>
#include <steady/steady.h>

unsigned seeds[8] = {3, 1, 4, 1, 5, 9, 2, 6};

STEADY_BENCH(seed_from_array) {
  std::seed_seq seq(std::begin(seeds), std::end(seeds));
  std::mt19937 rng(seq);
  return rng();
}

STEADY_BENCH(seed_into_array) {
  unsigned first = seeds[seeds[0] % 8];
  std::seed_seq seq{1, 2, 3};
  seq.generate(std::begin(seeds), std::end(seeds));
  return first;
}

// CHECK-NOT: warning:
// CHECK: mutated-read-only-callee.cpp:{{[0-9]+}}:{{[0-9]+}}: warning: payload 'seed_into_array' modifies 'seeds', which it also reads
// CHECK-NOT: warning:
