// A shared library whose one function a benchmark calls; STEP changes one
// instruction of it.
#ifndef STEP
#define STEP 3
#endif
extern "C" unsigned long dso_mix(unsigned long x) {
  for (int i = 0; i < 16; ++i)
    x = x * STEP + (x >> 7);
  return x;
}
