// One payload built into binaries that differ in unrelated code before it
// (PAD bytes of nops, an unrelated function) or in one instruction (STEP).
#include <steady/steady.h>

#ifndef PAD
#define PAD 0
#endif
#ifndef STEP
#define STEP 3
#endif
#define STR2(x) #x
#define STR(x) STR2(x)
asm(".text\n.skip " STR(PAD) ", 0x90\n");

[[gnu::noinline]] int unrelated(int x) { return x * PAD + 1; }

STEADY_BENCH(chain) {
  unsigned long x = steady::opaque(1ul);
  for (int i = 0; i < 16; ++i)
    x = x * STEP + (x >> 7);
  return x;
}
