// bench-runtime, reference side: the one-call payloads in a plain loop timed
// with std::chrono::steady_clock, no harness at all. Prints one JSON object:
// name -> median ns/op over 11 runs of ~20 ms, and "name x100" with 100 calls
// per loop iteration: the loop's own cost spread over 100 calls, the
// reference for what one call costs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "payloads.h"

template <class T> inline void consume(const T &v) { asm volatile("" : : "r"(&v) : "memory"); }
template <class T> inline T hide(T v) {
  asm volatile("" : "+r"(v));
  return v;
}
inline double hide(double v) {
  asm volatile("" : "+x"(v));
  return v;
}

template <int Calls, class F> double ns_per_op(F f) {
  using Clock = std::chrono::steady_clock;
  std::size_t n = 1;
  for (;;) { // grow until a run takes 20 ms
    auto t0 = Clock::now();
    for (std::size_t i = 0; i < n; ++i)
      f();
    if (Clock::now() - t0 >= std::chrono::milliseconds(20))
      break;
    n *= 2;
  }
  std::vector<double> runs;
  for (int r = 0; r < 11; ++r) {
    auto t0 = Clock::now();
    for (std::size_t i = 0; i < n; ++i)
      f();
    runs.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / double(n * Calls));
  }
  std::nth_element(runs.begin(), runs.begin() + 5, runs.end());
  return runs[5];
}

int main() {
  const char *sep = "{";
#define PLAIN_ONE_CALL(name, input, call)                                                                              \
  {                                                                                                                    \
    auto once = [] {                                                                                                   \
      [[maybe_unused]] char buf[64];                                                                                   \
      auto x = hide(input);                                                                                            \
      auto r = call;                                                                                                   \
      consume(r);                                                                                                      \
    };                                                                                                                 \
    std::printf("%s\"" #name "\": %.4f, \"" #name " x100\": %.4f", sep, ns_per_op<1>(once),                            \
                ns_per_op<100>([&] { _Pragma("clang loop unroll(full)") for (int k = 0; k < 100; ++k) once(); }));     \
    sep = ", ";                                                                                                        \
  }
  STEADY_ONE_CALL_PAYLOADS(PLAIN_ONE_CALL)
  std::printf("}\n");
}
