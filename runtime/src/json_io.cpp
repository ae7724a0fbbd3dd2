#include "json_io.h"

namespace steady {

void to_json(nlohmann::json &j, const BatchSample &s) { j = nlohmann::json::array({s.ticks_per_op, s.ops}); }

void from_json(const nlohmann::json &j, BatchSample &s) {
  s.ticks_per_op = j.at(0).get<double>();
  s.ops = j.at(1).get<std::uint64_t>();
}

} // namespace steady
