// The plan and state files of a steady slurm run (driver/slurm_files.h): their
// JSON round trip, and files as steady wrote them before the Slurm options
// and a task's Slurm state were objects (copied from a run of 19879c7's
// `steady slurm`, a run in progress across an update).
#include <gtest/gtest.h>

#include "slurm_files.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;

const char *kFlatPlan = R"({
 "args": [
  "--forks=2",
  "--iterations=2",
  "--warmup-iterations=0",
  "--iteration-time=0.002"
 ],
 "benchmarks": [
  "add",
  "mul"
 ],
 "binary": "/tmp/orch-old/suite.bin",
 "binary_id": "25477944 bytes, modified 1795678967",
 "config": {
  "benchmark_budget": 0.0,
  "budget": 0.0,
  "counters": [],
  "counters_auto": true,
  "filter": ".*",
  "forks": 2,
  "instrument": "tsc",
  "iteration_time": 0.002,
  "iterations": 2,
  "json_samples": "default",
  "max_forks": 5,
  "max_warmup": 50,
  "min_forks": 2,
  "min_warmup": 5,
  "mode": "avgt",
  "no_fork": false,
  "profile": "",
  "seed": 0,
  "stop": "none",
  "threshold": 0.0,
  "timeout": 120.0,
  "warmup_forks": 0,
  "warmup_iterations": 0,
  "warmup_time": 0.01,
  "window": 5
 },
 "max_nodes": 0,
 "merged": "/tmp/orch-old/run/results.json",
 "name": "steady-60ab0ca2",
 "partition": "",
 "time": "5"
})";

const char *kFlatState = R"({
 "done": true,
 "invocation": 1,
 "waves": [
  {
   "array_job": 1,
   "ended": true,
   "invocation": 1,
   "tasks": [
    {
     "bench": 1,
     "exit_code": "0:0",
     "fork": 1,
     "job_id": 5,
     "known": true,
     "node": "n1",
     "state": "COMPLETED"
    },
    {
     "bench": 1,
     "exit_code": "0:0",
     "fork": 2,
     "job_id": 1,
     "known": true,
     "node": "n2",
     "state": "COMPLETED"
    }
   ],
   "wave": 1
  }
 ]
})";

TEST(SlurmFiles, FlatPlanLoads) {
  Plan p = plan_from_json(json::parse(kFlatPlan));
  EXPECT_EQ(p.binary, "/tmp/orch-old/suite.bin");
  EXPECT_EQ(p.place.time, "5");
  EXPECT_EQ(p.place.partition, "");
  EXPECT_EQ(p.place.max_nodes, 0);
  EXPECT_EQ(p.name, "steady-60ab0ca2");
  EXPECT_EQ(p.benchmarks, (std::vector<std::string>{"add", "mul"}));
  EXPECT_EQ(p.config.forks, 2);
  EXPECT_EQ(p.config.iteration_time, 0.002);
  // What it loads as is what the same plan writes now: a resume compares them.
  EXPECT_EQ(json(plan_from_json(json(p))), json(p));
  EXPECT_TRUE(json(p).contains("place"));
  EXPECT_FALSE(json(p).contains("time"));
}

TEST(SlurmFiles, FlatStateLoads) {
  State s = state_from_json(json::parse(kFlatState));
  EXPECT_EQ(s.invocation, 1);
  EXPECT_TRUE(s.done);
  ASSERT_EQ(s.waves.size(), 1u);
  const Wave &w = s.waves[0];
  EXPECT_EQ(w.number, 1);
  EXPECT_EQ(w.invocation, 1);
  EXPECT_EQ(w.array_job, 1);
  EXPECT_TRUE(w.ended);
  ASSERT_EQ(w.tasks.size(), 2u);
  EXPECT_EQ(w.tasks[1].bench, 1);
  EXPECT_EQ(w.tasks[1].fork, 2);
  EXPECT_TRUE(w.tasks[1].known);
  EXPECT_EQ(w.tasks[1].slurm.state, "COMPLETED");
  EXPECT_EQ(w.tasks[1].slurm.exit_code, "0:0");
  EXPECT_EQ(w.tasks[1].slurm.node, "n2");
  EXPECT_EQ(w.tasks[1].slurm.job_id, 1);
  EXPECT_EQ(w.tasks[0].slurm.job_id, 5);
}

TEST(SlurmFiles, StateRoundTrip) {
  State s;
  s.invocation = 3;
  Wave &w = s.waves.emplace_back();
  w.number = 2;
  w.invocation = 3;
  w.array_job = 41;
  w.tasks.push_back({0, 7, {"TIMEOUT", "0:15", "n1", 43}, true});
  w.tasks.push_back({1, 1, {}, false});
  const json j = s;
  EXPECT_EQ(j["waves"][0]["tasks"][0]["slurm"]["state"], "TIMEOUT");
  EXPECT_EQ(json(state_from_json(j)), j);
}

TEST(SlurmFiles, AnotherShapeThrows) {
  EXPECT_THROW(plan_from_json(json::parse(R"({"binary": 3})")), json::exception);
  EXPECT_THROW(state_from_json(json::parse(R"([1, 2])")), json::exception);
}

} // namespace
} // namespace steady::driver
