// A payload whose callee stores a pair of doubles to a global with one
// 0x66-prefixed SSE store (movapd %xmm0, g(%rip)). With -DPAD_FIRST 128 KiB of
// unrelated code come before the callee, else after it: the callee moves, the
// global does not, so the store's displacement differs in its upper bytes
// (test/driver/code-fingerprint-sse-displacement.test).
#include <steady/steady.h>

typedef double Pair __attribute__((vector_size(16)));
Pair g;

#ifdef PAD_FIRST
[[gnu::naked, gnu::used]] void pad() { asm(".skip 0x20000, 0x90\n ret"); }
#endif

[[gnu::noinline]] void store(double x) { g = Pair{x, x} * Pair{1.5, 2.5}; }

#ifndef PAD_FIRST
[[gnu::naked, gnu::used]] void pad() { asm(".skip 0x20000, 0x90\n ret"); }
#endif

STEADY_BENCH(sse_store) {
  store(steady::opaque(2.5));
  return g[1];
}
