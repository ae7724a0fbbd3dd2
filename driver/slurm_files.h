// The files of a steady slurm run in its shared directory (slurm.cpp): the
// plan (what the command asked for) and the state (the waves submitted and
// how their tasks ended), as JSON through nlohmann adapters like the
// results model's (steady/results_json.h).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "slurm.h"
#include "steady/results.h"
#include "steady/results_json.h"

namespace steady::driver {

struct Plan {
  std::string binary, binary_id; // absolute path; its size and mtime: a rebuilt binary is not resumed
  std::vector<std::string> args; // the runner options as given
  RunConfig config;              // as the runner resolved them
  std::string merged;            // the merged result file
  std::vector<std::string> benchmarks;
  SlurmPlace place;
  std::string name;         // the jobs' name
  bool layout_draw = false; // the runner takes kLayoutDrawOption (its --steady-config says)
};

// A task of a wave: fork `fork` of benchmark `bench`, and how Slurm says it
// ended once the wave has ended (`known`: Slurm said).
struct TaskRecord {
  int bench = 0, fork = 0;
  TaskState slurm;
  bool known = false;
};

struct Wave {
  int number = 0, invocation = 0;
  long array_job = 0;
  std::vector<TaskRecord> tasks;
  bool ended = false;
};

struct State {
  int invocation = 0; // the commands run so far on this directory
  std::vector<Wave> waves;
  bool done = false;
};

// The keys are the members' names; a missing key reads as the member's default.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SlurmPlace, partition, time, max_nodes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TaskState, state, exit_code, node, job_id)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Plan, binary, binary_id, args, config, merged, benchmarks, place, name,
                                                layout_draw)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TaskRecord, bench, fork, slurm, known)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Wave, number, invocation, array_job, tasks, ended)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(State, invocation, waves, done)

// The plan and the state as a file holds them, also as steady wrote them
// before its Slurm options and a task's Slurm state were objects of their
// own (a run in progress across an update of steady). Throw the JSON
// library's exceptions on a file of another shape.
Plan plan_from_json(nlohmann::json j);
State state_from_json(nlohmann::json j);

// Writes the plan, the state or a wave's task list (write_output), indented
// for people.
void write_run_file(const std::string &path, const nlohmann::json &doc);

} // namespace steady::driver
