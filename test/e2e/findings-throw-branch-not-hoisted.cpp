// A payload that throws on a branch it rarely takes: the exception's
// allocation (__cxa_allocate_exception) leads only to the throw, so it is no
// work hoisted out of the measured loop (19879c7 reported "the result of
// '__cxa_allocate_exception' ... is hoisted out of the measured loop: it runs
// once per batch", issue 32 item 9). The payload's own work stays measured.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --no-baseline 2>&1 | %FileCheck %s
#include <stdexcept>
#include <steady/steady.h>

STEADY_BENCH(throws_rarely) {
  int x = steady::opaque(1);
  if (x > 5)
    throw std::runtime_error("too big");
  return x * 3;
}

// CHECK-NOT: hoisted
// CHECK: throws_rarely
// CHECK-NOT: hoisted
