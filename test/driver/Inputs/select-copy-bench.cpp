// The payload of the protected-copy selection test: `mid` is static, called
// only by the payload, and computes a dead value, so the plugin's
// payload-private copy (mid.steady.protected, which keeps that value) is all
// of it that is left; the changed `leaf` (-DCHANGED) is inlined into it.
#include <steady/steady.h>

static inline int leaf(int x) {
  int s = 0;
  for (int i = 0; i < x; ++i)
    s = s * 31 + i;
#ifdef CHANGED
  return s + 2;
#else
  return s + 1;
#endif
}

[[gnu::noinline]] static int mid(int x) {
  int twice = leaf(x + 1); // a dead value: the copy keeps it
  (void)twice;
  return leaf(x) * 3;
}

STEADY_BENCH(calls_mid) { return mid(steady::opaque(40)); }
