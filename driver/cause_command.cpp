// `steady cause old new`: for each benchmark, the functions that explain the
// difference between two builds, measured: both run under callgrind (one
// fork, one measured iteration, its per-function profile kept with
// --callgrind-profile) and the per-op counts diffed per function (cause.cpp
// decides). The functions steady select finds changed are compared with the
// measurement, and where they disagree it says so.
#include <cerrno>
#include <chrono>
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
#include "cause_run.h"
#include "commands.h"
#include "paths.h"
#include "process.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/stats.h"

namespace steady::driver {

namespace {

struct CauseOptions : CauseSetup {
  std::string filter = ".*";
  std::string json;
};

const char *kSide[2] = {"A", "B"};
// perf's sampling rate with --time, about its default of 4000 Hz (a prime
// avoids beating with periodic work). At 20 kHz this VM's timer interrupts
// slowed the payload of scripts/bench-cause from ~200 to ~300 ns/op.
constexpr int kSampleHz = 4999;
// A function is named when its difference is beyond the noise between forks
// at this confidence (over all of time_step's looks).
constexpr double kTimeConfidence = 0.99;

// One benchmark of one binary under callgrind: its per-function profile and
// the ops of the measured iteration it covers.
bool profile_of(const CauseSetup &o, int side, const std::string &name, const std::string &dir,
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

// A tool's run, or why it failed ("" when it ran).
std::string failed(const ProgramRun &r) {
  if (r.start_error == ENOENT)
    return "not found";
  if (!r.problem.empty())
    return r.problem;
  return r.status == 0 ? "" : fmt::format("exited with status {}: {}", r.status, r.err.substr(0, r.err.find('\n')));
}

// The source functions at each sampled place of each file the samples hit,
// from its line tables: perf's symbol+offset is an address by the file's
// symbol table (llvm-nm), whose inlined frames llvm-symbolizer gives. An
// inlined copy is then credited to the function it comes from, as callgrind's
// profile cannot. Each place is asked once over the rounds of sampling.
struct Symbolized {
  std::map<std::string, InlineChains> chains;          // by file
  std::set<std::pair<std::string, std::string>> asked; // file, symbol+offset
  std::string note;                                    // why some file's inlined code stays its caller's, or ""
};
void symbolize(const std::vector<PerfSample> &samples, const std::string &base, double timeout, Symbolized &out) {
  std::map<std::string, std::set<std::pair<std::string, std::string>>> wanted; // by file: symbol, offset
  for (const PerfSample &s : samples)
    if (s.dso.starts_with("/") && !s.offset.empty() && s.symbol != "[unknown]" &&
        out.asked.insert({s.dso, s.symbol + "+" + s.offset}).second)
      wanted[s.dso].insert({s.symbol, s.offset});
  // A few thousand addresses per run: far below the argument list's limit.
  constexpr std::size_t kPerRun = 2000;
  for (const auto &[dso, places] : wanted) {
    ProgramRun nm = run_captured({llvm_tool("llvm-nm"), "--defined-only", "--no-demangle", dso}, base + ".nm",
                                 {.timeout = timeout});
    if (std::string why = failed(nm); !why.empty()) {
      out.note = fmt::format("inlined code counted as its caller's: llvm-nm on {}: {}", dso, why);
      continue;
    }
    const std::map<std::string, std::uint64_t> symbols = parse_symbol_table(nm.out);
    std::vector<std::string> keys, addresses;
    for (const auto &[symbol, offset] : places)
      if (auto it = symbols.find(symbol); it != symbols.end()) {
        keys.push_back(symbol + "+" + offset);
        addresses.push_back(fmt::format("{:#x}", it->second + std::stoull(offset, nullptr, 16)));
      }
    for (std::size_t from = 0; from < keys.size(); from += kPerRun) {
      const std::size_t to = std::min(keys.size(), from + kPerRun);
      std::vector<std::string> args = {llvm_tool("llvm-symbolizer"), "--obj=" + dso, "--inlines", "--no-demangle",
                                       "--output-style=JSON"};
      args.insert(args.end(), addresses.begin() + from, addresses.begin() + to);
      ProgramRun r = run_captured(args, base + ".symbolize", {.timeout = timeout});
      std::string why = failed(r);
      InlineChains found =
          why.empty() ? parse_symbolizer_json(r.out, {keys.begin() + from, keys.begin() + to}, why) : InlineChains();
      if (!why.empty()) {
        out.note = fmt::format("inlined code counted as its caller's: llvm-symbolizer on {}: {}", dso, why);
        break;
      }
      out.chains[dso].merge(found);
    }
  }
}

// Forks per side in one round of sampling, and each fork's iterations (after
// one warmup iteration): more, shorter forks give the spread between forks
// more degrees of freedom for the same time (a fork is a fork(), not a new
// program).
constexpr int kForksPerRound = 5, kIterationsPerFork = 3;

// What a side's rounds sampled: perf's samples (each with its process), each
// fork's ops by pid, and its measured iterations' ns per op.
struct SideSamples {
  std::vector<PerfSample> samples;
  std::map<long, double> ops;
  std::vector<double> ns;
};

// With --time: one round of one benchmark of one binary under `perf record
// -e cpu-clock` (a software event: no PMU needed), kForksPerRound forks as
// the runner makes them, each its own process.
bool sample_round(const CauseSetup &o, int side, int round, const std::string &name, const std::string &dir,
                  SideSamples &out, std::string &problem) {
  const std::string base = fmt::format("{}/{}.time{}", dir, kSide[side], round);
  ProgramRun r =
      run_captured({o.bin[side], exact_filter(name), fmt::format("--forks={}", kForksPerRound), "--warmup-forks=0",
                    "--stop=none", "--warmup-iterations=1", fmt::format("--iterations={}", kIterationsPerFork),
                    fmt::format("--iteration-time={}", o.iteration_time * 2), "--json=" + base + ".json"},
                   base,
                   {.timeout = o.timeout,
                    .wrapper = {"perf", "record", "-e", "cpu-clock", "-F", std::to_string(kSampleHz), "-q", "-o",
                                base + ".perf", "--"}});
  if (r.status != 0) {
    problem = r.timed_out
                  ? fmt::format("did not finish in {:g} s", o.timeout)
                  : fmt::format("perf record exited with status {}: {}", r.status, r.err.substr(0, r.err.find('\n')));
    return false;
  }
  // Each sample's process and where perf found it (symbol and offset, mangled).
  ProgramRun script =
      run_captured({"perf", "script", "-i", base + ".perf", "-F", "pid,period,ip,sym,symoff,dso", "--no-demangle"},
                   base + ".script", {.timeout = o.timeout, .search_path = true});
  std::error_code ec;
  std::filesystem::remove(base + ".perf", ec);
  if (script.status != 0) {
    problem = "perf script failed: " + script.err.substr(0, script.err.find('\n'));
    return false;
  }
  std::vector<PerfSample> samples = parse_perf_script(script.out);
  out.samples.insert(out.samples.end(), samples.begin(), samples.end());
  try {
    // Every iteration's ops, warmup too: the fork's samples cover them all
    // (the batch calibration's few are not recorded: a small bias, the same
    // on both sides).
    for (const BenchmarkResult &b : read_results(base + ".json").benchmarks)
      if (b.name == name)
        for (const ForkResult &f : b.forks)
          if (!f.failed() && !f.warmup)
            for (const Iteration &it : f.iterations) {
              out.ops[f.pid] += double(it.ops);
              if (!it.warmup)
                out.ns.push_back(it.ns_per_op);
            }
  } catch (const std::exception &e) {
    problem = e.what();
    return false;
  }
  if (samples.empty() || out.ns.empty()) {
    problem = "no measured iteration or no samples";
    return false;
  }
  return true;
}

// A side's samples so far, each credited to its source function, per fork.
SampledProfile per_fork_profile(const SideSamples &s, const Symbolized &sym) {
  SampledProfile p = attribute_samples(s.samples, sym.chains);
  for (auto &[pid, process] : p.processes)
    if (auto it = s.ops.find(pid); it != s.ops.end())
      process.ops = it->second;
  return p;
}

// Both sides sampled in rounds until the function that moved most with the
// change is beyond the noise between forks, or the rounds or the budget end
// (time_step).
bool sampled_cause(const CauseSetup &o, const std::string &name, const std::set<std::string> &changed, TimeCause &c,
                   double ns[2], double &seconds, std::string &note, int &side, std::string &problem) {
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  SideSamples sides[2];
  Symbolized sym;
  const Clock::time_point start = Clock::now();
  const double alpha = (1 - kTimeConfidence) / double(std::size(kTimeLooks));
  for (int round = 1;; ++round) {
    const Clock::time_point round_start = Clock::now();
    for (int k = 0; k < 2; ++k) {
      side = round % 2 ? k : 1 - k; // A first, then B first: a drift in the machine falls on both
      if (!sample_round(o, side, round, name, o.dir, sides[side], problem))
        return false;
    }
    const TimeStep step = time_step(round, since(start), since(round_start), o.budget);
    if (!step.look)
      continue;
    SampledProfile p[2];
    for (int s = 0; s < 2; ++s) {
      symbolize(sides[s].samples, fmt::format("{}/{}.time", o.dir, kSide[s]), o.timeout, sym);
      p[s] = per_fork_profile(sides[s], sym);
      ns[s] = p[s].measured_ns_per_op = stats::quantile(sides[s].ns, 0.5);
    }
    c = explain_time(p[0], p[1], changed, o.direction != 0 ? o.direction : ns[1] - ns[0], alpha);
    if (c.resolved || step.last) {
      seconds = since(start);
      note = sym.note;
      return true;
    }
  }
}

} // namespace

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

namespace {

std::string list(const std::vector<std::string> &v) {
  std::string s;
  for (const std::string &f : v)
    s += (s.empty() ? "" : ", ") + f;
  return s;
}

// Where the measurement and steady select's changed functions disagree.
void add_disagreements(std::vector<std::string> &lines, const std::vector<std::string> &changed_not_in_cause,
                       const std::vector<std::string> &in_cause_not_changed, const char *measure) {
  if (!changed_not_in_cause.empty())
    lines.push_back(fmt::format("changed, same {}: {}", measure, list(changed_not_in_cause)));
  if (!in_cause_not_changed.empty())
    lines.push_back(fmt::format("not changed, {} differ (a changed caller or callee, inlining, or a change the "
                                "fingerprints do not see): {}",
                                measure, list(in_cause_not_changed)));
}

// "f(int) (inlined into g(int))": the samples hit f's code in g.
std::string sampled_in(const TimeDelta &d) {
  if (d.inlined_into.empty())
    return d.function;
  return fmt::format("{} (inlined into {}{})", d.function, list(d.inlined_into), d.own ? "; also on its own" : "");
}

std::vector<std::string> time_cause_lines(const TimeCause &c, const double ns[2], double seconds, int top,
                                          bool have_changed) {
  std::vector<std::string> lines = {
      fmt::format("{:.3g} -> {:.3g} ns/op (median iteration), perf cpu-clock samples per function ({} forks a side, "
                  "{:.0f} s)",
                  ns[0], ns[1], c.forks[1], seconds)};
  // Nothing named is better than a wrong name: say what would have been.
  if (!c.resolved)
    lines.push_back(c.leading.function.empty()
                        ? "not resolved: no function's sampled time per op moved with the measured difference"
                        : fmt::format("not resolved: {} moved most with the measured difference ({:+.3g} ns/op), "
                                      "within the noise between forks (p = {:.2g}); more forks (--budget) or "
                                      "--instrument=valgrind may tell{}",
                                      sampled_in(c.leading), c.leading.delta(), c.leading.p_value,
                                      c.functions.empty() ? "" : "; these differ beyond it but moved less:"));
  else if (c.functions.empty())
    lines.push_back("no function's sampled time per op differs beyond the noise between forks");
  int shown = 0;
  for (const TimeDelta &d : c.functions) {
    if (shown++ == top) {
      lines.push_back(fmt::format("... {} more functions differ (--top)", c.functions.size() - top));
      break;
    }
    lines.push_back(fmt::format("{:+.3g} ns/op in {} ({:.3g} -> {:.3g}, sampled, p = {:.2g})", d.delta(), sampled_in(d),
                                d.ns_per_op[0], d.ns_per_op[1], d.p_value));
  }
  if (have_changed)
    add_disagreements(lines, c.changed_not_in_cause, c.in_cause_not_changed, "sampled time per op");
  return lines;
}

nlohmann::json time_delta_json(const TimeDelta &d) {
  return {{"function", d.function},
          {"ns_per_op", {{"a", d.ns_per_op[0]}, {"b", d.ns_per_op[1]}, {"delta", d.delta()}}},
          {"p_value", d.p_value},
          {"inlined_into", d.inlined_into}};
}

nlohmann::json time_cause_json(const std::string &name, const TimeCause &c, const double ns[2], double seconds) {
  nlohmann::json fns = nlohmann::json::array();
  for (const TimeDelta &d : c.functions)
    fns.push_back(time_delta_json(d));
  nlohmann::json j = {{"name", name},
                      {"metric", "time"},
                      {"ns_per_op", {{"a", ns[0]}, {"b", ns[1]}}},
                      {"functions", fns},
                      {"changed_not_in_cause", c.changed_not_in_cause},
                      {"in_cause_not_changed", c.in_cause_not_changed},
                      {"resolved", c.resolved},
                      {"forks", {{"a", c.forks[0]}, {"b", c.forks[1]}}},
                      {"seconds", seconds}};
  if (!c.resolved && !c.leading.function.empty())
    j["leading"] = time_delta_json(c.leading);
  return j;
}

std::string where(const FunctionDelta &d) {
  if (d.file.empty() || d.file == "???")
    return "no debug information";
  std::string file = std::filesystem::path(d.file).filename().string();
  return d.line > 0 ? fmt::format("{}:{}", file, d.line) : file;
}

std::string signed_count(double v) { return fmt::format("{:+.2f}", v); }

std::vector<std::string> cause_lines(const Cause &c, int top, bool have_changed) {
  std::vector<std::string> lines = {fmt::format("{:.2f} -> {:.2f} instructions/op ({}), under callgrind", c.total[0],
                                                c.total[1], signed_count(c.total[1] - c.total[0]))};
  if (c.functions.empty())
    lines.push_back("no function's count differs");
  int shown = 0;
  for (const FunctionDelta &d : c.functions) {
    if (shown++ == top) {
      lines.push_back(fmt::format("... {} more functions differ (--top)", c.functions.size() - top));
      break;
    }
    // A changed function inlined into the listed one is named first: its code is in the count.
    std::string in = d.function;
    if (!d.inlined_changed.empty())
      in = fmt::format("{} (inlined into {})", list(d.inlined_changed), d.function);
    lines.push_back(fmt::format("{} instructions/op in {}, {}, exclusive ({:.2f} -> {:.2f}); inclusive {} ({:.2f} -> "
                                "{:.2f})",
                                signed_count(d.delta_exclusive()), in, where(d), d.exclusive[0], d.exclusive[1],
                                signed_count(d.delta_inclusive()), d.inclusive[0], d.inclusive[1]));
  }
  if (have_changed)
    add_disagreements(lines, c.changed_not_in_cause, c.in_cause_not_changed, "instructions per op");
  return lines;
}

nlohmann::json cause_json(const std::string &name, const Cause &c) {
  nlohmann::json fns = nlohmann::json::array();
  for (const FunctionDelta &d : c.functions)
    fns.push_back({{"function", d.function},
                   {"file", d.file},
                   {"line", d.line},
                   {"exclusive", {{"a", d.exclusive[0]}, {"b", d.exclusive[1]}, {"delta", d.delta_exclusive()}}},
                   {"inclusive", {{"a", d.inclusive[0]}, {"b", d.inclusive[1]}, {"delta", d.delta_inclusive()}}},
                   {"inlined_changed", d.inlined_changed}});
  return {{"name", name},
          {"metric", "instructions"},
          {"per_op", {{"a", c.total[0]}, {"b", c.total[1]}}},
          {"functions", fns},
          {"changed_not_in_cause", c.changed_not_in_cause},
          {"in_cause_not_changed", c.in_cause_not_changed}};
}

// The cause of two profiles' difference, rendered.
MeasuredCause explained(const std::string &name, const CallgrindProfile p[2], const double ops[2],
                        const double per_op[2], const std::set<std::string> *changed, const CallGraph *calls, int top) {
  const std::set<std::string> none;
  const std::set<std::string> &changed_here = changed ? *changed : none;
  Cause c = explain(p[0], ops[0], p[1], ops[1], changed_here);
  if (calls)
    name_inlined(c, p[0], p[1], changed_here, *calls);
  // The runner's count, with the harness around each batch taken out.
  c.total[0] = per_op[0];
  c.total[1] = per_op[1];
  MeasuredCause m;
  m.lines = cause_lines(c, top, changed != nullptr);
  m.json = cause_json(name, c);
  return m;
}

} // namespace

std::set<std::string> changed_for(const std::map<std::string, std::set<std::string>> &by_payload,
                                  const std::string &name) {
  auto it = by_payload.find(name.substr(0, name.find('/')));
  if (it == by_payload.end())
    it = by_payload.find(name);
  return it == by_payload.end() ? std::set<std::string>() : it->second;
}

MeasuredCause measure_cause(const CauseSetup &o, const std::string &name, const std::set<std::string> *changed,
                            const CallGraph *calls) {
  MeasuredCause m;
  const std::set<std::string> none;
  const std::set<std::string> &changed_here = changed ? *changed : none;
  std::string problem;
  int s = 0;
  if (o.time) {
    TimeCause c;
    double ns[2], seconds = 0;
    std::string note;
    if (sampled_cause(o, name, changed_here, c, ns, seconds, note, s, problem)) {
      m.lines = time_cause_lines(c, ns, seconds, o.top, changed != nullptr);
      if (!note.empty())
        m.lines.push_back(note);
      m.json = time_cause_json(name, c, ns, seconds);
      return m;
    }
  } else {
    CallgrindProfile p[2];
    double ops[2], per_op[2];
    for (; s < 2; ++s)
      if (!profile_of(o, s, name, o.dir, p[s], ops[s], per_op[s], problem))
        break;
    if (s == 2)
      return explained(name, p, ops, per_op, changed, calls, o.top);
  }
  m.problem = fmt::format("{} ({}): {}: {}", kSide[s], o.bin[s], name, problem);
  return m;
}

MeasuredCause cause_from_profiles(const std::string &name, const std::string profile[2], const double ops[2],
                                  const double per_op[2], const std::set<std::string> *changed, const CallGraph *calls,
                                  int top) {
  CallgrindProfile p[2];
  for (int s = 0; s < 2; ++s) {
    std::ifstream in(profile[s]);
    std::string error = in ? "" : "cannot be read";
    if (in)
      p[s] = parse_callgrind_profile(in, error);
    if (!error.empty() || ops[s] <= 0) {
      MeasuredCause m;
      m.problem = fmt::format("{}: {}'s callgrind profile '{}': {}", name, kSide[s], profile[s],
                              error.empty() ? "no measured iteration" : error);
      return m;
    }
  }
  return explained(name, p, ops, per_op, changed, calls, top);
}

namespace {

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

int run_cause(const CauseOptions &options) {
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
  CauseOptions o = options;
  o.dir = pattern;
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
  CallGraph calls;
  const bool have_changed = changed_by_payload("steady cause", o.bin[0], o.bin[1], changed, &calls);
  if (!have_changed)
    fmt::print(stderr, "steady cause: without reach records the changed functions are not compared\n");
  nlohmann::json out = {{"schema", "steady-cause/1"}, {"benchmarks", nlohmann::json::array()}};
  int status = 0;
  for (const std::string &name : names[1]) {
    if (std::find(names[0].begin(), names[0].end(), name) == names[0].end()) {
      fmt::print("{}: only in B\n", name);
      continue;
    }
    const std::set<std::string> changed_here = changed_for(changed, name);
    MeasuredCause m = measure_cause(o, name, have_changed ? &changed_here : nullptr, have_changed ? &calls : nullptr);
    if (!m.problem.empty()) {
      fmt::print(stderr, "steady cause: {}\n", m.problem);
      status = 1;
      continue;
    }
    fmt::print("{}: {}\n", name, m.lines.front());
    for (std::size_t i = 1; i < m.lines.size(); ++i)
      fmt::print("  {}\n", m.lines[i]);
    out["benchmarks"].push_back(m.json);
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
                fmt::format("Time instead of instructions: each side under perf's cpu-clock sampling in rounds of "
                            "{} forks, functions whose sampled time per op differs beyond the noise between forks at "
                            "{:g} %; sampling stops when the function that moved most with the difference is beyond "
                            "it, or at --budget (then: not resolved)",
                            kForksPerRound, 100 * kTimeConfidence));
  sub->add_option("--budget", o->budget,
                  "With --time: seconds of sampling per benchmark after which no new round "
                  "starts")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->callback([o] {
    check_outputs("steady cause", {{"--json", o->json}});
    if (int status = run_cause(*o))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
