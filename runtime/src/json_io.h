// JSON forms of the results, shared by the fork protocol (one JSON object per
// line over the pipe) and the result file (docs/results-schema.md).
#pragma once

#include <nlohmann/json.hpp>

#include "results.h"

namespace steady {

void to_json(nlohmann::json &j, const BatchSample &s);
void from_json(const nlohmann::json &j, BatchSample &s);
void to_json(nlohmann::json &j, const Iteration &it);
void from_json(const nlohmann::json &j, Iteration &it);
void to_json(nlohmann::json &j, const TimerInfo &t);
void from_json(const nlohmann::json &j, TimerInfo &t);

} // namespace steady
