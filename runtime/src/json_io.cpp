#include "json_io.h"

namespace steady {

void to_json(nlohmann::json &j, const BatchSample &s) { j = nlohmann::json::array({s.ticks_per_op, s.ops}); }

void from_json(const nlohmann::json &j, BatchSample &s) {
  s.ticks_per_op = j.at(0).get<double>();
  s.ops = j.at(1).get<std::uint64_t>();
}

void to_json(nlohmann::json &j, const Iteration &it) {
  j = {{"index", it.index},
       {"warmup", it.warmup},
       {"ops", it.ops},
       {"ticks", it.ticks},
       {"ticks_per_op", it.ticks_per_op},
       {"ns_per_op", it.ns_per_op},
       {"migrated", it.migrated},
       {"multiplexed", it.multiplexed},
       {"counters_per_op", it.counters_per_op},
       {"context_switches", it.context_switches},
       {"batches", it.batches}};
}

void from_json(const nlohmann::json &j, Iteration &it) {
  j.at("index").get_to(it.index);
  j.at("warmup").get_to(it.warmup);
  j.at("ops").get_to(it.ops);
  j.at("ticks").get_to(it.ticks);
  j.at("ticks_per_op").get_to(it.ticks_per_op);
  j.at("ns_per_op").get_to(it.ns_per_op);
  j.at("migrated").get_to(it.migrated);
  j.at("multiplexed").get_to(it.multiplexed);
  j.at("counters_per_op").get_to(it.counters_per_op);
  j.at("context_switches").get_to(it.context_switches);
  j.at("batches").get_to(it.batches);
}

void to_json(nlohmann::json &j, const TimerInfo &t) {
  j = {{"ticks_per_ns", t.ticks_per_ns},         {"source", t.source},
       {"invariant", t.invariant},               {"resolution_ticks", t.resolution_ticks},
       {"overhead_ticks", t.overhead_ticks},     {"loop_ticks_per_op", t.loop_ticks_per_op}};
}

void from_json(const nlohmann::json &j, TimerInfo &t) {
  j.at("ticks_per_ns").get_to(t.ticks_per_ns);
  j.at("source").get_to(t.source);
  j.at("invariant").get_to(t.invariant);
  j.at("resolution_ticks").get_to(t.resolution_ticks);
  j.at("overhead_ticks").get_to(t.overhead_ticks);
  j.at("loop_ticks_per_op").get_to(t.loop_ticks_per_op);
}

} // namespace steady
