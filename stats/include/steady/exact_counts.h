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
//
// Two binaries add what one binary's iterations cannot show: layout. The
// same code and data moved by a few bytes run other paths of memcpy (its
// alignments) and of malloc (where the heap starts), the same in every
// iteration. scripts/bench-peass --layout-aa measures it on snappy's tests
// (the old build against copies moved by 8, 40 and 4104 bytes in every
// section, 48 comparisons at one fork a side): 19 beyond the iterations'
// range, by up to 4.1e-4 of the test's count (IOVecCopyOverflow, 0.5 of
// 1218 instructions per op; MaxBlowup 467 of 13.46 M). The margin adds that
// share, rounded up, of the base's count.
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

// The share of a count that layout between two binaries can move it by (see
// above: the largest of scripts/bench-peass --layout-aa's differences beyond
// the iterations' range relative to the test's count, 4.1e-4, rounded up).
inline constexpr double kLayoutShare = 5e-4;

// The layout part of the margin when `count_margin` applies: kLayoutShare
// of the base's mean count per op.
double layout_margin(const Series &base);

// Whether every fork of each version has the same mean (exact counts).
bool exact_counts(const Series &base, const Series &next);

// The interval of NEW/BASE for counts, `margin` being count_margin +
// layout_margin: with exact counts the difference +- the margin, [(mean_b - margin) / mean_a, (mean_b + margin) /
// mean_a]; else the t interval over forks `t`, widened by margin / mean_a on each side (forks replay nearly the same
// heap history, so their spread does not contain the heap's: the margin is a bound on that bias, added to the sampling
// interval).
Interval count_interval(const Interval &t, double mean_a, double mean_b, double margin, bool exact);

} // namespace steady::stats
