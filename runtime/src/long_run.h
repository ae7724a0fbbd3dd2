// How a payload longer than an iteration is measured (steady gtest's long
// tests): single shot, with a fixed number of warmup runs and of measured
// runs per fork, both bounded by time, or not at all when even one warmup
// run and one measured run would not fit in a fork. A dynamic warmup of
// single shots (up to --max-warmup runs) made snappy's multi-second tests
// outlast the fork --timeout.
#pragma once

#include <string>

#include "steady/results.h"

namespace steady {

struct LongRunPlan {
  enum Kind { batched, single_shot, too_long };
  Kind kind = batched;
  int warmups = 0, runs = 0; // single_shot: per fork
  std::string reason;        // too_long: why, as the row says it
};

// The share of --timeout a fork of a long payload is planned to take: its
// runs may be slower than the trial's on a busy machine.
inline constexpr double kLongForkShare = 0.5;

// A payload whose one invocation took `run_seconds`:
//  - not longer than an iteration: batched, as any benchmark;
//  - else single shot: warmup runs within the warmup time a fork may spend
//    (--max-warmup x --warmup-time, or the static --warmup-iterations x
//    --warmup-time, with --iteration-time if that is longer), at least 1 and at most the dynamic warmup's first
//    checkpoint (--min-warmup; fixed: too few single shots for its window);
//    then --iterations measured runs, fewer if the fork would take more
//    than kLongForkShare of --timeout;
//  - too long when not even the warmups and one run fit in that.
LongRunPlan plan_long_run(double run_seconds, const RunConfig &cfg);

// A trial run longer than this is too long whatever follows (its second run
// is not worth waiting for).
double longest_run_seconds(const RunConfig &cfg);

} // namespace steady
