// Integer and floating-point arithmetic, written naively: the plugin keeps the
// literal inputs opaque and the unused results alive.
#include <bit>
#include <cmath>
#include <cstdint>
#include <steady/steady.h>

static std::uint64_t fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

STEADY_BENCH(fib_20) { return fib(20); }

STEADY_BENCH(log_constant) { return std::log(2.5); }

STEADY_BENCH(integer_division) {
  std::int64_t a = 1000000007, b = 97;
  return a / b + a % b;
}

STEADY_BENCH(horner_polynomial) {
  double x = 0.7;
  double coeff[] = {1.0, -0.5, 0.25, -0.125, 0.0625, -0.03125, 0.015625, -0.0078125};
  double y = 0;
  for (double c : coeff)
    y = y * x + c;
  return y;
}

STEADY_BENCH(collatz_steps) {
  std::uint64_t n = 837799, steps = 0;
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    ++steps;
  }
  return steps;
}

STEADY_BENCH(fp_add_chain) {
  [[maybe_unused]] double x = 1.0;
  for (int i = 0; i < 1000; ++i)
    x += 0.5; // unused: the plugin consumes the final value after the loop
}
