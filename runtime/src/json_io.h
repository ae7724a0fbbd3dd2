// JSON forms of the results, shared by the fork protocol (one JSON object per
// line over the pipe) and the result file (docs/results-schema.md).
#pragma once

#include <nlohmann/json.hpp>

#include "results.h"

namespace steady {

// A batch sample is a pair [ticks_per_op, ops], to keep result files small.
void to_json(nlohmann::json &j, const BatchSample &s);
void from_json(const nlohmann::json &j, BatchSample &s);

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Iteration, index, warmup, ops, ticks, ticks_per_op, ns_per_op, migrated,
                                   multiplexed, unscheduled, counters_per_op, context_switches, batches_run, preempted_switch, preempted_cpu_short,
                                   preempted_kept, preemption_bound_hit, batches)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PreemptionInfo, mechanism, fallback_reason, margin_ns, read_ns)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TimerInfo, ticks_per_ns, source, invariant, resolution_ticks, overhead_ticks,
                                   loop_ticks_per_op)

} // namespace steady
