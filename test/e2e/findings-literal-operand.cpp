// A literal operand of the payload that the optimizer folds into the code is
// a note on the row naming the literal and pointing to steady::opaque() if it
// stands for input data: a multiply chain by the literal 7 (unrolled and
// reassociated: one multiplication by a power of 7 does the work of several)
// and a division by the literal 10 (a multiplication and shifts, no divide).
// The same payloads with the literal read through steady::opaque() are not noted.
// RUN: %clangxx -O2 -g -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <cstdint>
#include <steady/steady.h>

STEADY_BENCH(mul_chain) {
  std::uint64_t x = steady::opaque(std::uint64_t(3));
  for (int i = 0; i < 1000; ++i)
    x *= 7;
  return x;
}
STEADY_BENCH(mul_chain_opaque) {
  std::uint64_t x = steady::opaque(std::uint64_t(3)), m = steady::opaque(std::uint64_t(7));
  for (int i = 0; i < 1000; ++i)
    x *= m;
  return x;
}
STEADY_BENCH(div_by_10) { return steady::opaque(std::uint64_t(123456789)) / 10; }
STEADY_BENCH(div_by_opaque_10) { return steady::opaque(std::uint64_t(123456789)) / steady::opaque(std::uint64_t(10)); }

// TABLE: mul_chain {{.*}} literal folded at compile time: the multiplication by the literal 7 at {{.*}}findings-literal-operand.cpp:{{[0-9]+}} in a loop is folded into multiplications by 7^{{[0-9]+}}: one multiplication does the work of {{[0-9]+}} ({{[0-9]+}} of the 1000 multiplications written run); if 7 stands for input data, read it through steady::opaque()
// TABLE-NOT: mul_chain_opaque {{.*}} literal folded
// TABLE: div_by_10 {{.*}} literal folded at compile time: the division by the literal 10 at {{.*}}findings-literal-operand.cpp:{{[0-9]+}} compiles to a multiplication by its reciprocal and shifts: no divide instruction runs; if 10 stands for input data, read it through steady::opaque()
// TABLE-NOT: div_by_opaque_10 {{.*}} literal folded
// CHECK: mul_chain compile findings: literal
// CHECK: mul_chain_opaque compile findings: none
// CHECK: div_by_10 compile findings: literal
// CHECK: div_by_opaque_10 compile findings: none
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload.
// UNSUPPORTED: sanitizer
