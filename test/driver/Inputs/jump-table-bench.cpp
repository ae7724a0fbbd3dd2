// A payload whose callee dispatches through a jump table (a dense switch of
// unlike cases). With -DPAD_FIRST an unrelated function is defined before the
// callee, else after it: the binaries hold the same code and the same .rodata,
// only the callee sits elsewhere relative to its table
// (test/driver/code-fingerprint-jump-table.test).
#include <steady/steady.h>

#ifdef PAD_FIRST
[[gnu::noinline, gnu::used]] unsigned long pad(unsigned long x) { return (x * 7 + (x >> 3)) ^ (x << 5); }
#endif

[[gnu::noinline]] unsigned long dispatch(unsigned k, unsigned long x) {
  switch (k) {
  case 0: return x + 1;
  case 1: return x * 3;
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
