// Benchmark registration: what STEADY_BENCH / STEADY_BENCH_F expand to, and
// the runner entry.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "steady/fixture.h"
#include "steady/primitives.h"

namespace steady {

// What a harness learned by running a benchmark once before measuring it
// (steady gtest runs each test once in a child first): a benchmark whose trial
// did not pass is listed with the outcome and gets no fork.
struct Trial {
  enum Outcome { passed, not_measured, failed, crashed, timed_out };
  Outcome outcome = passed;
  std::string message; // the reason it is not measured, or the failure
};

struct Benchmark {
  std::string name; // with its parameters: "sort/size=64"
  std::vector<std::pair<std::string, std::string>> params;
  const char *file;
  int line;
  // Set to true by the plugin at compile time on every payload it protected.
  const bool *protected_by_plugin;
  // The state of one trial (fork): a fixture with its parameters, or null.
  Fixture *(*create)(const Benchmark &);
  // Runs the payload `iterations` times back to back on `state`, consuming
  // every result.
  void (*run)(Fixture *state, std::uint64_t iterations);
  // The fixture has invocation-level setup or teardown (one call per batch).
  bool invocation_setup = false;
  // Set by the plugin at compile time to what it found wrong with the optimized
  // payload, "kind\tmessage\n" per finding (folded, deleted, hoisted,
  // mutated); null without findings or without the plugin.
  const char *const *compile_findings = nullptr;
  // The source file compiled (differs from `file` for a header) and whether
  // it was compiled with optimization (__OPTIMIZE__, -O1 and above).
  const char *translation_unit = "";
  bool optimized = true;
  Trial trial = {};
  // Measured in single-shot mode whatever the run's --mode (a test longer
  // than an iteration).
  bool single_shot = false;
  // With single_shot, when shot_runs > 0: shot_warmups warmup runs and
  // shot_runs measured runs per fork, fixed (a long test's plan:
  // runtime/src/long_run.h).
  int shot_warmups = 0, shot_runs = 0;
  // The benchmark times its own batches (a Google Benchmark function: its
  // loop, less its paused regions, or its manual time) on the batch clock
  // (runtime/src/batch_clock.h); the runner reads that instead of timing run().
  bool self_timed = false;
  // Listed and not measured, and why ("Threads(2): ..."); "" when measured.
  std::string not_measured{};
  // What it asked for that steady accepts and does not apply, said once.
  std::vector<std::string> ignored{};
  // A Google Benchmark family's Complexity(): the benchmarks with the same
  // fit name are fitted together by the N they report (runtime/src/complexity.cpp).
  struct Complexity {
    std::string fit_name;                    // "" for none; "BM_Sum" for rows BM_Sum_BigO, BM_Sum_RMS
    int big_o = 0;                           // Google Benchmark's BigO (oN = 2, oAuto = 7, oLambda = 8)
    double (*curve)(std::int64_t) = nullptr; // oLambda's
  } complexity{};
  // The registering adapter's own description of the benchmark.
  const void *context = nullptr;
  // The functions whose machine code makes what it times, fingerprinted as the
  // result's `code` (runtime/src/code_fingerprint.h); empty: `run`'s. An
  // adapter whose `run` serves many benchmarks (steady gtest's runs every
  // test) sets run_is_adapter: without `code`, the result has no fingerprint.
  std::vector<const void *> code{};
  bool run_is_adapter = false;
  // Why the plugin, which compiled it, did not protect it (the words after its
  // name in the runner's warning); null: compiled without the plugin.
  const char *unprotected_reason = nullptr;
};

// Thrown by a benchmark that cannot run here (Google Benchmark's
// SkipWithError): it is reported skipped with the message, and no further
// fork of it starts.
struct Skipped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Every benchmark registered in the program, in registration order.
const std::vector<Benchmark> &benchmarks();

// A new fixture of `b` with its parameter values (not set up yet); null for a
// plain benchmark.
std::unique_ptr<Fixture> create_fixture(const Benchmark &b);

// Runs the benchmarks selected by the command line; what `main` in libsteady calls.
int run_main(int argc, char **argv);

// How a fork re-enters the program. By default the runner's options are on
// the fork's command line; a program whose own `main` must not see them (a
// GoogleTest binary under steady gtest) sets a function that moves them
// elsewhere: it gets the fork's argv (argv[0] then the runner's options) and
// the environment it will have, and may rewrite both.
using ReentryFn = void (*)(std::vector<std::string> &argv, std::vector<std::string> &env);
void set_reentry(ReentryFn fn);
ReentryFn reentry();

namespace detail {

bool add_benchmark(Benchmark b, const std::vector<ParamAxis> &axes);

// A registration that can only be made once main() runs: foreign frameworks
// (Google Benchmark, GoogleTest) configure their benchmarks after static
// initialization. Each is called once, in the order deferred, before the
// runner reads the registry (run_deferred_registrations, from run_main).
void defer_registration(void (*expand)());
void run_deferred_registrations();

// What a registration had to change, said once by the runner's parent process
// (a Google Benchmark name registered twice).
void registration_note(std::string note);
const std::vector<std::string> &registration_notes();

// The measured loop. Instantiated at the end of the translation unit, after
// the payload (whose return type is deduced) has been defined; kept out of
// line so that its code is the same whichever runner calls it.
template <class B> [[gnu::noinline]] void run_batch(Fixture *, std::uint64_t iterations) {
  for (std::uint64_t i = 0; i < iterations; ++i) {
    if constexpr (std::is_void_v<decltype(B::payload())>) {
      B::payload();
    } else {
      sink(B::payload());
    }
  }
}

template <class B> [[gnu::noinline]] void run_batch_f(Fixture *state, std::uint64_t iterations) {
  B *self = static_cast<B *>(state);
  for (std::uint64_t i = 0; i < iterations; ++i) {
    if constexpr (std::is_void_v<decltype(self->payload())>) {
      self->payload();
    } else {
      sink(self->payload());
    }
  }
}

// Whether the file registering a benchmark is compiled with optimization: a
// macro, evaluated in that file (a variable would differ between files).
#ifdef __OPTIMIZE__
#define STEADY_DETAIL_OPTIMIZED true
#else
#define STEADY_DETAIL_OPTIMIZED false
#endif

template <class B>
bool register_benchmark(const char *name, const char *file, const char *unit, int line, bool optimized) {
  Benchmark b{name, {}, file, line, &B::protected_by_plugin, nullptr, &run_batch<B>};
  b.compile_findings = &B::compile_findings;
  b.translation_unit = unit;
  b.optimized = optimized;
  return add_benchmark(std::move(b), {});
}

template <class B>
bool register_fixture_benchmark(const char *name, const char *file, const char *unit, int line, bool optimized,
                                std::vector<ParamAxis> axes) {
  // Overriding a virtual changes the type of &B::member from the base's.
  using Base = void (Fixture::*)();
  constexpr bool invocation =
      !std::is_same_v<decltype(&B::setup_invocation), Base> || !std::is_same_v<decltype(&B::teardown_invocation), Base>;
  Benchmark b{name,
              {},
              file,
              line,
              &B::protected_by_plugin,
              [](const Benchmark &) -> Fixture * { return new B(); },
              &run_batch_f<B>,
              invocation};
  b.compile_findings = &B::compile_findings;
  b.translation_unit = unit;
  b.optimized = optimized;
  return add_benchmark(std::move(b), axes);
}

} // namespace detail
} // namespace steady
