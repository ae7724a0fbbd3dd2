// steady: compiler-assisted microbenchmarking for C++.
//
//   #include <steady/steady.h>
//   STEADY_BENCH(parse_small) { return parse(input); }
//
// Compile with clang++-22 -O2 -fpass-plugin=SteadyPass-22.so and link -lsteady.
// The body of STEADY_BENCH is the payload; a returned value is consumed after
// every invocation. With the plugin, dead results inside the payload are sunk
// and compile-time-known inputs are read opaquely; without it (or with GCC) use
// steady::sink / steady::opaque by hand.
#pragma once

#include "steady/fixture.h"
#include "steady/primitives.h"
#include "steady/registry.h"

// The annotation is how the plugin finds payloads; its arguments are the mark
// the plugin sets on every payload it protected, so the runner can warn about
// benchmarks compiled without it, and the pointer the plugin sets to what it
// found at compile time (a folded result, deleted work, ...), so the runner can
// print it next to the result.
#define STEADY_PAYLOAD_ATTR(mark, findings) __attribute__((annotate("steady.payload", mark, findings)))

#define STEADY_BENCH(name)                                                                                             \
  namespace {                                                                                                          \
  struct steady_bench_##name {                                                                                         \
    static inline bool protected_by_plugin = false;                                                                    \
    static inline const char *compile_findings = nullptr;                                                              \
    STEADY_PAYLOAD_ATTR(&protected_by_plugin, &compile_findings)                                                       \
    static auto payload();                                                                                             \
  };                                                                                                                   \
  [[maybe_unused]] const bool steady_registered_##name = ::steady::detail::register_benchmark<steady_bench_##name>(    \
      #name, __FILE__, __BASE_FILE__, __LINE__, STEADY_DETAIL_OPTIMIZED);                                              \
  }                                                                                                                    \
  auto steady_bench_##name::payload()

// A benchmark whose payload is a member of `fixture` (a steady::Fixture), with
// optional parameter axes: STEADY_BENCH_F(Sorted, sort, steady::param("n", {64, 1024})).
#define STEADY_BENCH_F(fixture, name, ...)                                                                             \
  namespace {                                                                                                          \
  struct steady_bench_##name : fixture {                                                                               \
    static inline bool protected_by_plugin = false;                                                                    \
    static inline const char *compile_findings = nullptr;                                                              \
    STEADY_PAYLOAD_ATTR(&protected_by_plugin, &compile_findings)                                                       \
    auto payload();                                                                                                    \
  };                                                                                                                   \
  [[maybe_unused]] const bool steady_registered_##name =                                                               \
      ::steady::detail::register_fixture_benchmark<steady_bench_##name>(#name, __FILE__, __BASE_FILE__, __LINE__,      \
                                                                        STEADY_DETAIL_OPTIMIZED, {__VA_ARGS__});       \
  }                                                                                                                    \
  auto steady_bench_##name::payload()
