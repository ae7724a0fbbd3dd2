// An add chain whose length is set at compile time: ADDS=1000 and ADDS=1100
// are the same benchmark, 10 % slower.
#include <cstdint>
#include <steady/steady.h>

STEADY_BENCH(chain) {
  std::uint64_t x = steady::opaque(std::uint64_t{1});
#pragma clang loop unroll(disable)
  for (int i = 0; i < ADDS; ++i)
    asm("add $3, %0" : "+r"(x));
  return x;
}
