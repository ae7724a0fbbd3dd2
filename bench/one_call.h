// A payload of one expression `call` on an opaque input `x` (with a 64-byte
// local `buf` it may use), written as each tool's users write it: shared by
// bench-runtime and bench-load, so that both compare the same two idioms.
// Include steady/steady.h or benchmark/benchmark.h before using the macro.
#pragma once

#define STEADY_ONE_CALL_BENCH(name, input, call)                                                                       \
  STEADY_BENCH(name) {                                                                                                 \
    [[maybe_unused]] char buf[64];                                                                                     \
    auto x = steady::opaque(input);                                                                                    \
    return call;                                                                                                       \
  }

#define GB_ONE_CALL_BENCH(name, input, call)                                                                           \
  static void name(benchmark::State &state) {                                                                          \
    [[maybe_unused]] char buf[64];                                                                                     \
    auto x = input;                                                                                                    \
    for (auto _ : state) {                                                                                             \
      benchmark::DoNotOptimize(x);                                                                                     \
      auto r = call;                                                                                                   \
      benchmark::DoNotOptimize(r);                                                                                     \
    }                                                                                                                  \
  }                                                                                                                    \
  BENCHMARK(name);
