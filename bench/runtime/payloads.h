// Payloads shared by bench-runtime's steady and Google Benchmark binaries.
#pragma once

#include <cstdint>

namespace payloads {

// A chain of N dependent additions the compiler cannot shorten: each add is an
// asm statement on the previous result, so time grows exactly with N.
template <int N> inline std::uint64_t add_chain(std::uint64_t x, std::uint64_t y) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < N; ++i)
    asm("add %1, %0" : "+r"(x) : "r"(y));
  return x;
}

} // namespace payloads

// One libc/libm call per invocation: the harness's own cost is what separates
// the tools here (a fixed few ns per invocation would be most of the result).
#include <cmath>
#include <cstdio>
#include <cstring>

namespace payloads {

inline char source64[64] = "steady copies these sixty-four bytes, again and again, forever.";
struct Block {
  char bytes[64];
};
// Returned by value: every tool consumes the whole block, so the copy stays.
inline Block copy64(const char *from) {
  Block b;
  std::memcpy(b.bytes, from, sizeof b.bytes);
  return b;
}

// benchmark name, input, call (x: the opaque input; buf: a 64-byte local buffer)
#define STEADY_ONE_CALL_PAYLOADS(X)                                                                                    \
  X(call_log, 42.0, std::log(x))                                                                                       \
  X(call_exp, 4.2, std::exp(x))                                                                                        \
  X(call_sin, 1.3, std::sin(x))                                                                                        \
  X(call_sqrt, 2.5, std::sqrt(x))                                                                                      \
  X(call_snprintf, 12345, std::snprintf(buf, sizeof buf, "%d", x))                                                     \
  X(call_memcpy64, payloads::source64, payloads::copy64(x))

} // namespace payloads
