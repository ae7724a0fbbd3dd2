// What the compile-time analysis found, and the run-time signs of a benchmark
// that does not measure what it means to (flags.cpp).
#pragma once

#include <string>
#include <vector>

#include "steady/registry.h"
#include "steady/results.h"

namespace steady {

// The plugin's findings for b, without those a fixture's reset() or
// invocation-level setup already answers (a mutated input it restores).
std::vector<CompileFinding> compile_findings(const Benchmark &b);
// Sets r.flags and r.first_invocation_ratio from r's summary and forks, and
// from r.compile_findings: a row whose work the plugin saw deleted measures
// nothing, whatever its timing. self_timed: a Google Benchmark function.
void flag_result(BenchmarkResult &r, const TimerInfo &timer, bool self_timed = false);

} // namespace steady
