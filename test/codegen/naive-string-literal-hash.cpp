// An FNV-1a hash of a string literal: without the plugin it is computed at
// compile time (the loop only counts); with it the literal's address is
// opaque, so the hash loop reads the characters and multiplies every invocation.
// RUN: %clangxx -O2 -S %s -o - | %FileCheck %s --check-prefix=GUTTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o - | %FileCheck %s --check-prefix=KEPT
#include <cstdint>
#include <steady/steady.h>
inline std::uint64_t fnv1a(const char *s) {
  std::uint64_t h = 14695981039346656037u;
  for (; *s; ++s)
    h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211u;
  return h;
}
STEADY_BENCH(hash_literal) { return fnv1a("the quick brown fox jumps over the lazy dog"); }

// GUTTED-LABEL: {{^_ZN6steady6detail9run_batchI.*hash_literal[^:]*}}:
// GUTTED-NOT:     imulq
// GUTTED:       .Lfunc_end

// KEPT-LABEL:   {{^_ZN6steady6detail9run_batchI.*hash_literal[^:]*}}:
// KEPT:           xorq
// KEPT-NEXT:      imulq
// KEPT-NEXT:      movzbl (%r
// KEPT:           jne .LBB
// KEPT:         .Lfunc_end
