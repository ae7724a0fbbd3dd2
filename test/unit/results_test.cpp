// The results model's one reader: what it requires, what it tolerates, and
// that reading a file back and writing it again loses nothing.
#include <cstdio>
#include <fstream>
#include <unistd.h>

#include <gtest/gtest.h>

#include "steady/results_json.h"

namespace steady {
namespace {

using nlohmann::json;

std::string temp_path(const std::string &what) {
  return ::testing::TempDir() + "steady-" + what + "-" + std::to_string(getpid()) + ".json";
}

RunResult full_run() {
  RunResult run;
  run.started = "2026-11-22T00:00:00Z";
  run.runner_pid = 42;
  run.config.mode = Mode::Sample;
  run.config.layout = "random";
  run.config.counters = {"cycles"};
  run.machine = {"cpu", "Linux 6", "performance", "host", 2};
  run.timer.ticks_per_ns = 2.5;
  run.timer.source = "cpuid-0x15";
  run.counter_names = {"task-clock"};
  run.counters_unavailable = {{"cycles", "no PMU"}};
  run.ab = AbRun{"A", "./old", "./new", 7, "4242-1764000000"};
  BenchmarkResult b;
  b.name = "sort/n=8";
  b.params = {{"n", "8"}};
  b.file = "f.cpp";
  b.line = 3;
  b.protected_by_plugin = true;
  b.code = CodeIdentity{"61999ec869cb2655", 40, 1};
  ForkResult f;
  f.number = 1;
  f.status = ForkStatus::timeout;
  f.error = "killed";
  f.warmup_criterion = {{"rciw", 0.01}};
  f.ab = AbFork{"A", "./old", 2, 5};
  f.layout = ForkLayout{48, 1024, 528};
  Iteration it;
  it.warmup = true;
  it.ops = 10;
  it.ns_per_op = 1.5;
  it.batches = {{3.75, 10}};
  f.iterations = {it};
  b.forks = {f};
  b.stop = {"rciw", false, "max forks (5) reached", {{"rciw", 0.05}}};
  b.summary.ci_over = CiOver::forks;
  b.summary.ns_per_op = 1.5;
  b.summary.layout_offsets = {{0, 5, 57.0, 56.5, 57.5}, {48, 5, 64.0, 58.2, 69.8}};
  b.summary.layout_low = 56.5;
  b.summary.layout_high = 69.8;
  b.summary.layout_spreads_differ = true;
  run.benchmarks = {b};
  return run;
}

TEST(ResultsReader, ReadingBackAndWritingAgainLosesNothing) {
  const std::string a = temp_path("first"), b = temp_path("second");
  ResultsWriter().write(full_run(), a);
  RunResult back = read_results(a);
  EXPECT_EQ(back.benchmarks.at(0).forks.at(0).status, ForkStatus::timeout);
  EXPECT_EQ(back.benchmarks[0].forks[0].ab->round, 2);
  EXPECT_EQ(back.benchmarks[0].summary.ci_over, CiOver::forks);
  EXPECT_EQ(back.config.mode, Mode::Sample);
  EXPECT_EQ(back.benchmarks[0].code->fingerprint, "61999ec869cb2655");
  EXPECT_EQ(back.config.layout, "random");
  EXPECT_EQ(back.ab->run, "4242-1764000000"); // pairs the side files of one steady ab run
  EXPECT_EQ(back.benchmarks[0].forks[0].layout, (ForkLayout{48, 1024, 528}));
  EXPECT_TRUE(back.benchmarks[0].summary.layout_spreads_differ);
  EXPECT_EQ(back.benchmarks[0].summary.layout_offsets.at(1).high, 69.8);
  ResultsWriter().write(back, b);
  std::ifstream fa(a), fb(b);
  std::string sa((std::istreambuf_iterator<char>(fa)), {}), sb((std::istreambuf_iterator<char>(fb)), {});
  EXPECT_EQ(sa, sb);
  std::remove(a.c_str());
  std::remove(b.c_str());
}

TEST(ResultsReader, NamesTheFileAndTheMissingField) {
  json doc = {
      {"schema", "steady-results/1"},
      {"benchmarks", {{{"name", "x"}, {"forks", {{{"fork", 1}, {"status", "ok"}, {"iterations", {{{"ops", 1}}}}}}}}}}};
  try {
    results_from_json(doc, "'x.json'");
    FAIL() << "read a file without ns_per_op";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("'x.json' is missing data"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'ns_per_op'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(results_from_json(json{{"schema", "other"}}, "'y.json'"), std::runtime_error);
  EXPECT_THROW(results_from_json(json::array(), "'z.json'"), std::runtime_error);
}

// What the statistics rely on is checked in the reader; each refusal names the
// file, the benchmark and the field.
json one_iteration(double ns_per_op, std::uint64_t ops = 10) {
  return {
      {"schema", "steady-results/1"},
      {"benchmarks",
       {{{"name", "x"},
         {"forks", {{{"fork", 1}, {"status", "ok"}, {"iterations", {{{"ops", ops}, {"ns_per_op", ns_per_op}}}}}}}}}}};
}

std::string refusal(const json &doc) {
  try {
    results_from_json(doc, "'x.json'");
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "read";
}

TEST(ResultsReader, RefusesValuesNoMeasurementGives) {
  EXPECT_EQ(refusal(one_iteration(-1)),
            "'x.json': benchmark 'x', /benchmarks/0/forks/0/iterations/0/ns_per_op is -1: must be a time from 0 to "
            "1e18 ns");
  EXPECT_NE(refusal(one_iteration(1e308)).find("ns_per_op is 1e+308"), std::string::npos);
  EXPECT_NE(refusal(one_iteration(1, 0)).find("/ops is 0: must be at least 1"), std::string::npos);
  json ticks = one_iteration(1);
  ticks["machine"]["timer"]["ticks_per_ns"] = 0;
  EXPECT_EQ(refusal(ticks), "'x.json': machine.timer.ticks_per_ns is 0: must be a positive number");
  EXPECT_EQ(refusal(one_iteration(0)), "read"); // a payload can measure nothing
}

TEST(ResultsReader, RefusesOneNameTwice) {
  json doc = one_iteration(1);
  doc["benchmarks"].push_back(doc["benchmarks"][0]);
  EXPECT_EQ(refusal(doc), "'x.json': benchmark 'x' appears twice (benchmarks 0 and 1)");
}

TEST(ResultsReader, NamesTheBenchmarkAndPathOfAWrongType) {
  json doc = one_iteration(1);
  doc["benchmarks"][0]["forks"][0]["iterations"][0]["ops"] = "ten";
  EXPECT_EQ(refusal(doc), "'x.json' has a value of the wrong type: benchmark 'x' "
                          "(/benchmarks/0/forks/0/iterations/0/ops) type must be number, but is string");
  json schema = {{"schema", 1}, {"benchmarks", json::array()}};
  EXPECT_EQ(refusal(schema), "'x.json' is not a steady result file (schema steady-results/1)");
}

TEST(ResultsReader, ToleratesWhatReadersDoNotNeed) {
  // As the tests' generators and steady ab write them: no machine, no
  // summary, no fork details.
  json doc = {{"schema", "steady-results/1"},
              {"benchmarks",
               {{{"name", "x"},
                 {"forks", {{{"fork", 1}, {"status", "ok"}, {"iterations", {{{"ops", 2}, {"ns_per_op", 3.0}}}}}}}}}}};
  RunResult run = results_from_json(doc, "'x.json'");
  ASSERT_EQ(run.benchmarks.at(0).forks.at(0).iterations.size(), 1u);
  EXPECT_FALSE(run.benchmarks[0].forks[0].warmup);
  EXPECT_DOUBLE_EQ(run.timer.ticks_per_ns, 1);
  EXPECT_FALSE(run.benchmarks[0].code);            // files written before fingerprints
  EXPECT_FALSE(run.benchmarks[0].forks[0].layout); // and before --layout=random
  EXPECT_EQ(run.config.layout, "pinned");
}

// Written before --stop=precision: no "precision" in the configuration, no
// "half_width" in a stop. They read as the defaults, and the stop as it was.
TEST(ResultsReader, AFileFromBeforeThePrecisionStopLoads) {
  json doc = {{"schema", "steady-results/1"},
              {"config", {{"stop", "rciw"}, {"min_forks", 2}, {"max_forks", 5}}},
              {"benchmarks",
               {{{"name", "x"},
                 {"forks", {{{"fork", 1}, {"status", "ok"}, {"iterations", {{{"ops", 2}, {"ns_per_op", 3.0}}}}}}},
                 {"stop",
                  {{"criterion", "rciw"},
                   {"stable", true},
                   {"reason", "stable after 2 forks"},
                   {"last", json::array({json::array({"rciw", 0.008})})}}}}}}};
  RunResult run = results_from_json(doc, "'old.json'");
  EXPECT_EQ(run.config.stop, "rciw");
  EXPECT_EQ(run.config.precision, RunConfig{}.precision);
  const StopResult &stop = run.benchmarks.at(0).stop;
  EXPECT_EQ(stop.reason, "stable after 2 forks");
  EXPECT_EQ(stop.half_width, 0);
  ASSERT_EQ(stop.last.size(), 1u);
  // And a stop with them reads them back.
  doc["benchmarks"][0]["stop"] = {{"criterion", "precision"},
                                  {"stable", false},
                                  {"reason", "±3.4 % after 12 forks: budget spent"},
                                  {"half_width", 0.034}};
  doc["config"]["precision"] = 0.01;
  run = results_from_json(doc, "'new.json'");
  EXPECT_EQ(run.config.precision, 0.01);
  EXPECT_EQ(run.benchmarks.at(0).stop.half_width, 0.034);
}

TEST(ResultsReader, AnUnknownForkStatusIsAFailure) {
  json fork = {{"fork", 1}, {"status", "exploded"}, {"iterations", json::array()}};
  EXPECT_TRUE(fork.get<ForkResult>().failed());
  EXPECT_EQ(to_string(ForkStatus::spawn_failed), "spawn-failed");
  EXPECT_EQ(to_string(ForkStatus::runner_failed), "runner-failed");
}

} // namespace
} // namespace steady
