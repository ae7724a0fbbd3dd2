// `steady cause old new`: for each benchmark, the functions that explain the
// difference between two builds, measured: both run under callgrind (one
// fork, one measured iteration, its per-function profile kept with
// --callgrind-profile) and the per-op counts diffed per function (cause.cpp
// decides). The functions steady select finds changed are compared with the
// measurement, and where they disagree it says so.
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <unistd.h>

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "callgrind_profile.h"
#include "cause.h"
#include "commands.h"
#include "process.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady::driver {

namespace {

struct CauseOptions {
  std::string bin[2];
  std::string filter = ".*";
  std::string json;
  int top = 10;
  double iteration_time = 0.05;
  double timeout = 600;
  bool time = false; // perf's cpu-clock samples instead of callgrind
};

const char *kSide[2] = {"A", "B"};
// perf's sampling rate with --time: 4x its default of 4000 Hz (the kernel's
// limit is 100 kHz), for 4x the samples of a few seconds' run; a prime
// avoids beating with periodic work.
constexpr int kSampleHz = 20011;

// One benchmark of one binary under callgrind: its per-function profile and
// the ops of the measured iteration it covers.
bool profile_of(const CauseOptions &o, int side, const std::string &name, const std::string &dir,
                CallgrindProfile &profile, double &ops, double &per_op, std::string &problem) {
  const std::string base = fmt::format("{}/{}", dir, kSide[side]);
  ProgramRun r = run_captured({o.bin[side], exact_filter(name), "--instrument=valgrind", "--forks=1", "--stop=none",
                               "--warmup-forks=0", "--warmup-iterations=1", "--iterations=1",
                               fmt::format("--iteration-time={}", o.iteration_time),
                               "--callgrind-profile=" + base + ".callgrind", "--json=" + base + ".json"},
                              base, {.timeout = o.timeout});
  if (r.status != 0) {
    problem = r.timed_out ? fmt::format("did not finish in {:g} s", o.timeout)
                          : fmt::format("exited with status {}: {}", r.status, r.err.substr(0, r.err.find('\n')));
    return false;
  }
  try {
    RunResult run = read_results(base + ".json");
    ops = 0;
    for (const BenchmarkResult &b : run.benchmarks)
      if (b.name == name)
        for (const ForkResult &f : b.forks)
          for (const Iteration &it : f.iterations)
            if (!it.warmup) {
              ops = double(it.ops);
              per_op = it.simulated ? it.simulated->instructions : 0;
            }
  } catch (const std::exception &e) {
    problem = e.what();
    return false;
  }
  std::ifstream in(base + ".callgrind");
  if (!in || ops <= 0) {
    problem = "no measured iteration with a callgrind profile (is the binary built with steady 0.1 or later?)";
    return false;
  }
  std::string error;
  profile = parse_callgrind_profile(in, error);
  if (!error.empty()) {
    problem = "its callgrind profile: " + error;
    return false;
  }
  return true;
}

// With --time: one benchmark of one binary under `perf record -e cpu-clock`
// (a software event: no PMU needed), a few forks as the runner makes them.
bool samples_of(const CauseOptions &o, int side, const std::string &name, const std::string &dir,
                SampledProfile &profile, double &ns_per_op, std::string &problem) {
  const std::string base = fmt::format("{}/{}.time", dir, kSide[side]);
  ProgramRun r = run_captured({"perf", "record", "-e", "cpu-clock", "-F", std::to_string(kSampleHz), "-q", "-o",
                               base + ".perf", "--", o.bin[side], exact_filter(name), "--forks=3", "--stop=none",
                               "--warmup-iterations=1", "--iterations=5",
                               fmt::format("--iteration-time={}", o.iteration_time * 2), "--json=" + base + ".json"},
                              base, {.timeout = o.timeout, .search_path = true});
  if (r.status != 0) {
    problem = r.timed_out
                  ? fmt::format("did not finish in {:g} s", o.timeout)
                  : fmt::format("perf record exited with status {}: {}", r.status, r.err.substr(0, r.err.find('\n')));
    return false;
  }
  ProgramRun report = run_captured({"perf", "report", "-i", base + ".perf", "--stdio", "--no-children", "--sort",
                                    "symbol", "-F", "sample,period,sym", "-q"},
                                   base + ".report", {.timeout = o.timeout, .search_path = true});
  if (report.status != 0) {
    problem = "perf report failed: " + report.err.substr(0, report.err.find('\n'));
    return false;
  }
  profile = parse_perf_report(report.out);
  std::vector<double> ns;
  try {
    // Every iteration's ops, warmup too: the samples cover them all (the
    // batch calibration's few are not recorded: a small bias, the same on
    // both sides).
    for (const BenchmarkResult &b : read_results(base + ".json").benchmarks)
      if (b.name == name)
        for (const ForkResult &f : b.forks)
          for (const Iteration &it : f.iterations) {
            profile.ops += double(it.ops);
            if (!it.warmup)
              ns.push_back(it.ns_per_op);
          }
  } catch (const std::exception &e) {
    problem = e.what();
    return false;
  }
  if (ns.empty() || profile.total <= 0 || profile.ops <= 0) {
    problem = "no measured iteration or no samples";
    return false;
  }
  std::sort(ns.begin(), ns.end());
  ns_per_op = ns[ns.size() / 2];
  return true;
}

// Whether perf can sample here, before anything runs: "" or why not.
std::string perf_unavailable(const std::string &dir) {
  ProgramRun r = run_captured({"perf", "record", "-e", "cpu-clock", "-q", "-o", dir + "/probe.perf", "--", "true"},
                              dir + "/probe", {.timeout = 60, .search_path = true});
  if (r.start_error == ENOENT)
    return "perf is not installed (Debian's linux-perf package)";
  if (!r.problem.empty())
    return r.problem;
  if (r.status != 0)
    return "perf record -e cpu-clock fails here: " + r.err.substr(0, r.err.find('\n'));
  return "";
}

std::string list(const std::vector<std::string> &v) {
  std::string s;
  for (const std::string &f : v)
    s += (s.empty() ? "" : ", ") + f;
  return s;
}

// Where the measurement and steady select's changed functions disagree.
void print_disagreements(const std::vector<std::string> &changed_not_in_cause,
                         const std::vector<std::string> &in_cause_not_changed, const char *measure) {
  if (!changed_not_in_cause.empty())
    fmt::print("  changed, same {}: {}\n", measure, list(changed_not_in_cause));
  if (!in_cause_not_changed.empty())
    fmt::print("  not changed, {} differ (a changed caller or callee, inlining, or a change the fingerprints "
               "do not see): {}\n",
               measure, list(in_cause_not_changed));
}

void print_time_cause(const std::string &name, const TimeCause &c, const double ns[2], int top, bool have_changed) {
  fmt::print("{}: {:.3g} -> {:.3g} ns/op (median iteration), perf cpu-clock samples per function\n", name, ns[0],
             ns[1]);
  if (c.functions.empty())
    fmt::print("  no function's sampled time per op differs beyond sampling noise\n");
  int shown = 0;
  for (const TimeDelta &d : c.functions) {
    if (shown++ == top) {
      fmt::print("  ... {} more functions differ (--top)\n", c.functions.size() - top);
      break;
    }
    fmt::print("  {:+.3g} ns/op in {} ({:.3g} -> {:.3g}, sampled)\n", d.delta(), d.function, d.ns_per_op[0],
               d.ns_per_op[1]);
  }
  if (have_changed)
    print_disagreements(c.changed_not_in_cause, c.in_cause_not_changed, "sampled time per op");
}

nlohmann::json time_cause_json(const std::string &name, const TimeCause &c, const double ns[2]) {
  nlohmann::json fns = nlohmann::json::array();
  for (const TimeDelta &d : c.functions)
    fns.push_back({{"function", d.function},
                   {"ns_per_op", {{"a", d.ns_per_op[0]}, {"b", d.ns_per_op[1]}, {"delta", d.delta()}}}});
  return {{"name", name},
          {"metric", "time"},
          {"ns_per_op", {{"a", ns[0]}, {"b", ns[1]}}},
          {"functions", fns},
          {"changed_not_in_cause", c.changed_not_in_cause},
          {"in_cause_not_changed", c.in_cause_not_changed}};
}

std::string where(const FunctionDelta &d) {
  if (d.file.empty() || d.file == "???")
    return "no debug information";
  std::string file = std::filesystem::path(d.file).filename().string();
  return d.line > 0 ? fmt::format("{}:{}", file, d.line) : file;
}

std::string signed_count(double v) { return fmt::format("{:+.2f}", v); }

void print_cause(const std::string &name, const Cause &c, int top, bool have_changed) {
  fmt::print("{}: {:.2f} -> {:.2f} instructions/op ({}), under callgrind\n", name, c.total[0], c.total[1],
             signed_count(c.total[1] - c.total[0]));
  if (c.functions.empty())
    fmt::print("  no function's count differs\n");
  int shown = 0;
  for (const FunctionDelta &d : c.functions) {
    if (shown++ == top) {
      fmt::print("  ... {} more functions differ (--top)\n", c.functions.size() - top);
      break;
    }
    fmt::print("  {} instructions/op in {}, {}, exclusive ({:.2f} -> {:.2f}); inclusive {} ({:.2f} -> {:.2f})\n",
               signed_count(d.delta_exclusive()), d.function, where(d), d.exclusive[0], d.exclusive[1],
               signed_count(d.delta_inclusive()), d.inclusive[0], d.inclusive[1]);
  }
  if (have_changed)
    print_disagreements(c.changed_not_in_cause, c.in_cause_not_changed, "instructions per op");
}

nlohmann::json cause_json(const std::string &name, const Cause &c) {
  nlohmann::json fns = nlohmann::json::array();
  for (const FunctionDelta &d : c.functions)
    fns.push_back({{"function", d.function},
                   {"file", d.file},
                   {"line", d.line},
                   {"exclusive", {{"a", d.exclusive[0]}, {"b", d.exclusive[1]}, {"delta", d.delta_exclusive()}}},
                   {"inclusive", {{"a", d.inclusive[0]}, {"b", d.inclusive[1]}, {"delta", d.delta_inclusive()}}}});
  return {{"name", name},
          {"metric", "instructions"},
          {"per_op", {{"a", c.total[0]}, {"b", c.total[1]}}},
          {"functions", fns},
          {"changed_not_in_cause", c.changed_not_in_cause},
          {"in_cause_not_changed", c.in_cause_not_changed}};
}

std::vector<std::string> names_of(const CauseOptions &o, int side, const std::string &dir) {
  ProgramRun r = run_captured({o.bin[side], "--list", "--filter=" + o.filter}, dir + "/list", {.timeout = 60});
  if (r.status != 0)
    throw std::runtime_error(fmt::format("{} '{}' --list failed (status {})", kSide[side], o.bin[side], r.status));
  std::vector<std::string> names;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty())
      names.push_back(line);
  return names;
}

int run_cause(const CauseOptions &o) {
  const char *tmpdir = std::getenv("TMPDIR");
  std::string pattern = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/steady-cause.XXXXXX";
  if (!mkdtemp(pattern.data())) {
    fmt::print(stderr, "steady cause: cannot create a temporary directory: {}\n", std::strerror(errno));
    return 2;
  }
  struct Cleanup {
    std::string d;
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(d, ec);
    }
  } cleanup{pattern};
  if (o.time)
    if (std::string why = perf_unavailable(pattern); !why.empty()) {
      fmt::print(stderr, "steady cause: --time: {} (nothing was run)\n", why);
      return 2;
    }
  std::vector<std::string> names[2];
  try {
    for (int s = 0; s < 2; ++s)
      names[s] = names_of(o, s, pattern);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady cause: {}\n", e.what());
    return 2;
  }
  std::map<std::string, std::set<std::string>> changed;
  const bool have_changed = changed_by_payload("steady cause", o.bin[0], o.bin[1], changed);
  if (!have_changed)
    fmt::print(stderr, "steady cause: without reach records the changed functions are not compared\n");
  nlohmann::json out = {{"schema", "steady-cause/1"}, {"benchmarks", nlohmann::json::array()}};
  int status = 0;
  for (const std::string &name : names[1]) {
    if (std::find(names[0].begin(), names[0].end(), name) == names[0].end()) {
      fmt::print("{}: only in B\n", name);
      continue;
    }
    // A payload's name is its benchmark's up to the parameters.
    std::string payload = name.substr(0, name.find('/'));
    auto it = changed.find(payload);
    const std::set<std::string> none, &changed_here = it == changed.end() ? none : it->second;
    std::string problem;
    if (o.time) {
      SampledProfile sp[2];
      double ns[2];
      int s = 0;
      for (; s < 2; ++s)
        if (!samples_of(o, s, name, pattern, sp[s], ns[s], problem))
          break;
      if (s < 2) {
        fmt::print(stderr, "steady cause: {} ({}): {}: {}\n", kSide[s], o.bin[s], name, problem);
        status = 1;
        continue;
      }
      TimeCause c = explain_time(sp[0], sp[1], changed_here);
      print_time_cause(name, c, ns, o.top, have_changed);
      out["benchmarks"].push_back(time_cause_json(name, c, ns));
      continue;
    }
    CallgrindProfile p[2];
    double ops[2], per_op[2];
    int s = 0;
    for (; s < 2; ++s)
      if (!profile_of(o, s, name, pattern, p[s], ops[s], per_op[s], problem))
        break;
    if (s < 2) {
      fmt::print(stderr, "steady cause: {} ({}): {}: {}\n", kSide[s], o.bin[s], name, problem);
      status = 1;
      continue;
    }
    Cause c = explain(p[0], ops[0], p[1], ops[1], changed_here);
    // The runner's count, with the harness around each batch taken out.
    c.total[0] = per_op[0];
    c.total[1] = per_op[1];
    print_cause(name, c, o.top, have_changed);
    out["benchmarks"].push_back(cause_json(name, c));
  }
  if (!o.json.empty())
    write_output(o.json, [&](std::ostream &os) { os << out.dump(2) << "\n"; });
  return status;
}

} // namespace

void add_cause(CLI::App &app) {
  auto o = std::make_shared<CauseOptions>();
  CLI::App *sub = app.add_subcommand(
      "cause", "Name the functions that explain the difference between two builds of each benchmark: both run under "
               "callgrind and the instructions per op are diffed per function (exclusive and inclusive), beside "
               "the functions steady select finds changed");
  sub->add_option("old", o->bin[0], "The baseline benchmark binary (A)")->required()->check(CLI::ExistingFile);
  sub->add_option("new", o->bin[1], "The new benchmark binary (B)")->required()->check(CLI::ExistingFile);
  sub->add_option("--filter", o->filter, "Benchmarks whose name matches this regex")->capture_default_str();
  sub->add_option("--json", o->json, "Write the functions per benchmark as JSON (schema steady-cause/1)");
  sub->add_option("--top", o->top, "Functions shown per benchmark")->check(CLI::PositiveNumber)->capture_default_str();
  sub->add_option("--iteration-time", o->iteration_time, "Seconds of the measured iteration under callgrind")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_flag("--time", o->time,
                "Time instead of instructions: each side under perf's cpu-clock sampling (3 forks), functions whose "
                "sampled time per op differs beyond sampling noise");
  sub->callback([o] {
    check_outputs("steady cause", {{"--json", o->json}});
    if (int status = run_cause(*o))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
