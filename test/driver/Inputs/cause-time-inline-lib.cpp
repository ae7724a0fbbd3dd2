// The library of the time root-cause test through inlining: with -DSLOW
// `inner` runs a loop of 4000 nops a call; it is inlined into `outer`, the
// function perf's samples are in.
static inline __attribute__((always_inline)) int inner(int x) {
#ifdef SLOW
  for (int i = 0; i < 4000; ++i)
    asm volatile("nop");
#endif
  return x * 3 + 1;
}

int outer(int x) { return inner(x) + 2; }
