// Google Benchmark's complexity rows on steady's results: each family that
// asked for Complexity() (Benchmark::complexity, set by runtime/src/gbench.cpp)
// fitted as Google Benchmark fits it (stats/complexity.h) to the ns per op of
// its measured benchmarks by the N they reported (SetComplexityN).
#pragma once

#include <string>
#include <vector>

#include "steady/results.h"

namespace steady {

// In the order of the families' first benchmarks; a family with fewer than two
// measured benchmarks with an N gets none (as Google Benchmark).
std::vector<FamilyComplexity> complexity_fits(const std::vector<BenchmarkResult> &results);

// Google Benchmark's two rows per fit: "BM_Sum_BigO  2.04 N", "BM_Sum_RMS  2 %".
std::string complexity_rows(const std::vector<FamilyComplexity> &fits);

} // namespace steady
