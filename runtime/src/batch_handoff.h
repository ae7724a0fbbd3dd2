// A Google Benchmark function's batch size is decided once per benchmark, as
// Google Benchmark decides its iteration count once: the first fork that
// calibrated a size hands it to the later forks, which run it without
// calibrating. Their batch is the benchmark's call, set-up and all: its size
// decides the set-up's and the loop's per-batch cost's share of what is
// measured (runtime/src/measure.h, size_for_cost), and forks that sized their
// own from a noisy fit disagreed (snappy's BM_ZFlat/0 at load 11: 5 forks at
// 8-16 ops, 6 at 89-104), which widened the interval and mixed two levels.
// A plain payload's batch has no set-up and its timer overhead is subtracted:
// each fork calibrates its own, as before.
#pragma once

#include <cstdint>
#include <vector>

#include "steady/results.h"

namespace steady {

// The size the next fork of a benchmark runs (0: it calibrates its own), for
// a self-timed benchmark measured by batches (not single shot, no
// --batch-size): `decided` when an earlier run decided it (steady ab hands
// its side's first fork's size to the runners of the later forks), else the
// first of `forks` (in their order) that reported a batch size. A fork that
// failed after reporting its size decided it all the same: the size was
// measured before the failure.
std::uint64_t batch_to_hand(bool self_timed, const RunConfig &cfg, const std::vector<ForkResult> &forks,
                            std::uint64_t decided = 0);

// The benchmark's one batch size, once its forks ran (BenchmarkResult::
// batch_size): the size handed, when every fork that reported one ran it;
// 0 otherwise.
std::uint64_t decided_batch_size(std::uint64_t handed, const std::vector<ForkResult> &forks);

} // namespace steady
