#include "slurm_files.h"

#include <initializer_list>
#include <ostream>

#include "steady/output_file.h"

namespace steady::driver {

namespace {

// Moves the keys `keys` of the flat form into the object `into`.
void nest(nlohmann::json &j, const char *into, std::initializer_list<const char *> keys) {
  if (!j.is_object() || j.contains(into))
    return;
  for (const char *k : keys)
    if (auto it = j.find(k); it != j.end()) {
      j[into][k] = std::move(*it);
      j.erase(k);
    }
}

} // namespace

Plan plan_from_json(nlohmann::json j) {
  nest(j, "place", {"partition", "time", "max_nodes"});
  return j.get<Plan>();
}

State state_from_json(nlohmann::json j) {
  if (j.is_object() && j.contains("waves") && j["waves"].is_array())
    for (nlohmann::json &w : j["waves"]) {
      if (w.is_object() && w.contains("wave") && !w.contains("number")) {
        w["number"] = std::move(w["wave"]);
        w.erase("wave");
      }
      if (w.is_object() && w.contains("tasks") && w["tasks"].is_array())
        for (nlohmann::json &t : w["tasks"])
          nest(t, "slurm", {"state", "exit_code", "node", "job_id"});
    }
  return j.get<State>();
}

void write_run_file(const std::string &path, const nlohmann::json &doc) {
  write_output(path, [&](std::ostream &out) { out << doc.dump(1) << "\n"; });
}

} // namespace steady::driver
