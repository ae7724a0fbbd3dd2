// The library of the inlined root-cause test: with -DCHANGED `inner` executes
// three more instructions per call; it is inlined into `outer`, to which
// callgrind credits them.
static inline int inner(int x) {
#ifdef CHANGED
  asm volatile("nop\n\tnop\n\tnop");
#endif
  return x * 3 + 1;
}

int outer(int x) { return inner(x) + 2; }
