// --instrument=valgrind counts instructions exactly: payloads of N asm
// volatile adds measure N + k instructions per op, with the same k (the
// harness loop and the opaque input) for every N, in every iteration of every
// fork (exact equality, not a range), and the table says so.
// REQUIRES: x86_64
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --instrument=valgrind --forks=2 --warmup-iterations=1 --iterations=2 --iteration-time=0.001 --json=%t.json 2> %t.err | %FileCheck %s --check-prefix=TABLE
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %python %S/Inputs/valgrind_exact.py %t.json add10=10 add50=50 add200=200 | %FileCheck %s
#include <cstdint>

#include <steady/steady.h>

// N add instructions, one after the other (the assembler repeats the line).
template <int N> [[gnu::always_inline]] inline std::uint64_t adds() {
  std::uint64_t x = steady::opaque(std::uint64_t{1});
  asm volatile(".rept %c1\n\tadd $1, %0\n\t.endr" : "+r"(x) : "i"(N));
  return x;
}

STEADY_BENCH(add10) { return adds<10>(); }
STEADY_BENCH(add50) { return adds<50>(); }
STEADY_BENCH(add200) { return adds<200>(); }

// NOTE: note: --instrument=valgrind counts the instructions the payload executes under callgrind, not time
// TABLE: benchmark instr/op fork range est.cycles/op L1miss/op LLmiss/op
// TABLE: add10 {{.*}} same in every fork
// TABLE: add200 {{.*}} same in every fork
// CHECK: instrument valgrind
// CHECK: same k in every iteration of every fork: yes
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
