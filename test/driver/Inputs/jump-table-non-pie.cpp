// A payload whose callee dispatches through a jump table, for a
// position-dependent build (-no-pie -fno-pic): the table holds the blocks'
// absolute addresses and the code its absolute address
// (`jmp *table(,%rcx,8)`). With -DPAD_RODATA unrelated constant data comes
// before the table, so its address in the code changes, not the code; with
// -DCHANGED one case multiplies by 5 instead of 3
// (test/driver/code-fingerprint-non-pie.test).
#include <steady/steady.h>

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

STEADY_BENCH(jump_table) { return dispatch(steady::opaque(3u) & 7, steady::opaque(10ul)); }
