// The library of the root-cause test: with -DCHANGED `hot` executes three
// more instructions per call, and `cold` is edited at no cost (another
// constant, the same instructions).
int hot(int x) {
#ifdef CHANGED
  asm volatile("nop\n\tnop\n\tnop");
#endif
  return x * 3 + 1;
}

int cold(int x) {
#ifdef CHANGED
  return x ^ 0x56;
#else
  return x ^ 0x55;
#endif
}
