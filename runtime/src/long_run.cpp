#include "long_run.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace steady {

double longest_run_seconds(const RunConfig &cfg) { return kLongForkShare * cfg.timeout / 2; }

LongRunPlan plan_long_run(double run_seconds, const RunConfig &cfg) {
  LongRunPlan p;
  if (run_seconds <= cfg.iteration_time)
    return p;
  const bool dynamic = stop_policy(cfg).dynamic();
  const int most = dynamic ? cfg.min_warmup : cfg.warmup_iterations;
  // A single shot is longer than an iteration: the warmup iteration time
  // (short, for the warmup criterion's checkpoints on batched payloads: issue
  // 26) does not bound its warmup, the iteration time does if it is longer.
  const double warmup_time =
      (dynamic ? cfg.max_warmup : cfg.warmup_iterations) * std::max(cfg.warmup_time, cfg.iteration_time);
  p.warmups = std::min(most, std::max(1, int(std::floor(warmup_time / run_seconds))));
  const double fork = kLongForkShare * cfg.timeout;
  p.runs = std::min(cfg.iterations, int(std::floor(fork / run_seconds)) - p.warmups);
  if (p.runs >= 1) {
    p.kind = LongRunPlan::single_shot;
    return p;
  }
  p.kind = LongRunPlan::too_long;
  p.reason = fmt::format("too long to measure: one run took {:.3g} s, and {} warmup and 1 measured run per fork "
                         "would take more than {:g} % of the fork --timeout ({:g} s): raise --timeout",
                         run_seconds, p.warmups, 100 * kLongForkShare, cfg.timeout);
  p.warmups = p.runs = 0;
  return p;
}

} // namespace steady
