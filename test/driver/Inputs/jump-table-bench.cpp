// A payload whose callee dispatches through a jump table (a dense switch of
// unlike cases). With -DPAD_FIRST an unrelated function is defined before the
// callee, else after it: the binaries hold the same code and the same .rodata,
// only the callee sits elsewhere relative to its table
// (test/driver/code-fingerprint-jump-table.test). For a position-dependent
// build (-no-pie -fno-pic: the table holds the blocks' absolute addresses, the
// code the table's, `jmp *table(,%rcx,8)`), -DPAD_RODATA puts unrelated
// constant data before the table, so that its address in the code changes,
// not the code; -DCHANGED makes one case multiply by 5 instead of 3
// (test/driver/code-fingerprint-non-pie.test).
#include <steady/steady.h>

#ifdef PAD_FIRST
[[gnu::noinline, gnu::used]] unsigned long pad(unsigned long x) { return (x * 7 + (x >> 3)) ^ (x << 5); }
#endif

#ifdef PAD_RODATA
[[gnu::used]] const unsigned long rodata_pad[64] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
#endif

#ifdef CHANGED
constexpr unsigned long kFactor = 5;
#else
constexpr unsigned long kFactor = 3;
#endif

[[gnu::noinline]] unsigned long dispatch(unsigned k, unsigned long x) {
  switch (k) {
  case 0: return x + 1;
  case 1: return x * kFactor;
  case 2: return x ^ 0x55;
  case 3: return x >> 2;
  case 4: return x << 3;
  case 5: return x - 7;
  case 6: return x * x;
  default: return ~x;
  }
}

#ifndef PAD_FIRST
[[gnu::noinline, gnu::used]] unsigned long pad(unsigned long x) { return (x * 7 + (x >> 3)) ^ (x << 5); }
#endif

STEADY_BENCH(jump_table) { return dispatch(steady::opaque(3u) & 7, steady::opaque(10ul)); }
