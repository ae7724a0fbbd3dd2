// The comparison of exact counts (--instrument=valgrind), apart from the
// statistics of timed forks (comparison.cpp calls it in one place).
//
// Under callgrind a fork is a deterministic replay: every fork of a version
// gives the same counts, so the fork-to-fork spread is 0 and the t interval
// of the ratio has zero width: any difference, even the 24 instructions per
// op glibc's malloc ran more in one snappy build than in the other, would be
// "slower" or "faster". What is left of the noise is the heap's state (the
// allocator's free lists, memcpy's alignments), and the measured iterations
// of one fork show it: the same code on the same input, run again in another
// heap state (snappy's tests: 100-600 instructions per op between iterations,
// the A/B differences of unchanged code 10-700). That A/A variation of the
// same binary is the margin: the interval of an exact comparison is the
// difference of the two versions' means +- the margin. Forks that differ a
// little (a batch size, a hash seed) still replay nearly the same heap
// history: their t interval is widened by the margin.
#pragma once

#include <cstddef>
#include <optional>

#include "steady/comparison.h"

namespace steady::stats {

// A version measured in one fork needs this many iterations in it: its
// margin is all there is of its noise.
inline constexpr std::size_t kOneForkIterations = 3;

// The A/A margin in instructions per op when both series are instruction
// counts with at least 2 forks each, or one fork of kOneForkIterations or
// more (a fork replays the same run: a second one repeats its counts, so one
// is enough when its iterations show the heap's variation): the largest
// range (max - min) of the measured iterations within a fork, over both
// versions' forks; 0 when every fork has one iteration or its iterations
// agree. nullopt for time.
std::optional<double> count_margin(const Series &base, const Series &next);

// Whether every fork of each version has the same mean (exact counts).
bool exact_counts(const Series &base, const Series &next);

// The interval of NEW/BASE for counts: with exact counts the difference
// +- the margin, [(mean_b - margin) / mean_a, (mean_b + margin) / mean_a];
// else the t interval over forks `t`, widened by margin / mean_a on each side
// (forks replay nearly the same heap history, so their spread does not
// contain the heap's: the margin is a bound on that bias, added to the
// sampling interval).
Interval count_interval(const Interval &t, double mean_a, double mean_b, double margin, bool exact);

} // namespace steady::stats
