#include "steady/results_json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <stdexcept>
#include <sys/stat.h>

#include "steady/output_file.h"

namespace steady {

using json = nlohmann::json;

const char *to_string(Mode m) {
  switch (m) {
  case Mode::AverageTime:
    return "avgt";
  case Mode::Sample:
    return "sample";
  case Mode::SingleShot:
    return "ss";
  }
  return "?";
}

void to_json(json &j, const Note &n) {
  j = {{"kind", to_string(n.kind)}, {"severity", to_string(severity(n.kind))}, {"text", text(n)}};
  if (!n.name.empty())
    j["name"] = n.name;
  if (!n.message.empty())
    j["message"] = n.message;
  if (n.count || n.of)
    j["count"] = n.count;
  if (n.of)
    j["of"] = n.of;
  if (n.value)
    j["value"] = n.value;
  if (!n.warmups.empty())
    j["warmups"] = n.warmups;
  for (const ForkGroup &g : n.groups)
    j["groups"].push_back({{"forks", g.forks}, {"center", g.center}});
  for (const auto &[name, v] : n.criterion)
    j["criterion"][name] = v;
}

std::string to_string(ForkStatus s) { return json(s).get<std::string>(); }

namespace {

// "benchmark 'NAME', /benchmarks/3/forks/0/iterations/2/ns_per_op: type
// must be number, but is string": the benchmark's name when the path
// (JSON_DIAGNOSTICS) is inside one.
std::string describe_field(const json &doc, const json::exception &e) {
  std::string text = json_error_text(e);
  if (text.rfind("(/benchmarks/", 0) == 0) {
    const std::size_t index = std::strtoul(text.c_str() + 13, nullptr, 10);
    const json &benches = doc.at("benchmarks");
    if (benches.is_array() && index < benches.size() && benches[index].is_object())
      if (auto name = benches[index].find("name"); name != benches[index].end() && name->is_string())
        return "benchmark '" + name->get<std::string>() + "' " + text;
  }
  return text;
}

// Values no measurement gives; they would give confident verdicts (negative
// times "faster") or overflow the statistics. 1e18 ns is 30 years per op.
constexpr double kMaxNs = 1e18, kMinNs = 1e-9;

bool valid_time(double v) { return std::isfinite(v) && v >= 0 && v <= kMaxNs; }

[[noreturn]] void refuse(const std::string &what, const std::string &where, double v, const char *must) {
  char value[32];
  std::snprintf(value, sizeof value, "%g", v);
  throw std::runtime_error(what + ": " + where + " is " + value + ": " + must);
}

// Checks what the statistics rely on: times finite and not negative, ops
// positive, a positive TSC frequency, one entry per benchmark name.
void validate(const RunResult &run, const std::string &what) {
  if (!(std::isfinite(run.timer.ticks_per_ns) && run.timer.ticks_per_ns > 0))
    refuse(what, "machine.timer.ticks_per_ns", run.timer.ticks_per_ns, "must be a positive number");
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < run.benchmarks.size(); ++i) {
    const BenchmarkResult &b = run.benchmarks[i];
    if (auto [it, fresh] = seen.emplace(b.name, i); !fresh)
      throw std::runtime_error(what + ": benchmark '" + b.name + "' appears twice (benchmarks " +
                               std::to_string(it->second) + " and " + std::to_string(i) + ")");
    for (std::size_t f = 0; f < b.forks.size(); ++f)
      for (std::size_t k = 0; k < b.forks[f].iterations.size(); ++k) {
        const Iteration &it = b.forks[f].iterations[k];
        const std::string where = "benchmark '" + b.name + "', /benchmarks/" + std::to_string(i) + "/forks/" +
                                  std::to_string(f) + "/iterations/" + std::to_string(k);
        if (it.ops == 0)
          refuse(what, where + "/ops", 0, "must be at least 1");
        if (!valid_time(it.ns_per_op))
          refuse(what, where + "/ns_per_op", it.ns_per_op, "must be a time from 0 to 1e18 ns");
        // Subnormal times underflow the statistics (a variance of 0, a NaN
        // in Student's t); no op takes less than a billionth of a ns.
        if (it.ns_per_op > 0 && it.ns_per_op < kMinNs)
          refuse(what, where + "/ns_per_op", it.ns_per_op, "a time above 0 must be at least 1e-9 ns");
        for (const BatchSample &s : it.batches) {
          if (s.ops == 0)
            refuse(what, where + "/batches", 0, "a batch's ops must be at least 1");
          if (!valid_time(s.ticks_per_op))
            refuse(what, where + "/batches", s.ticks_per_op, "a batch's ticks per op must be from 0 to 1e18");
        }
      }
  }
}

// Reads `key` into `field` when present: files written by older runners, by
// steady ab or by hand leave out what their readers do not need.
template <class T> void optional_field(const json &j, const char *key, T &field) {
  if (auto it = j.find(key); it != j.end())
    it->get_to(field);
}

} // namespace

void to_json(json &j, const Summary &s) {
  j = {{"ns_per_op", s.ns_per_op},
       {"ci99", {s.ci_low, s.ci_high}},
       {"ci_over", s.ci_over},
       {"ticks_per_op", s.ticks_per_op},
       {"batch_percentiles_ns", {{"p50", s.p50}, {"p90", s.p90}, {"p99", s.p99}}},
       {"counters_per_op", s.counters_per_op},
       {"ipc", s.ipc},
       {"forks_used", s.forks_used},
       {"forks_failed", s.forks_failed},
       {"iterations", s.iterations},
       {"migrated", s.migrated},
       {"multiplexed", s.multiplexed},
       {"unscheduled", s.unscheduled},
       {"preemption",
        {{"batches", s.batches_run},
         {"preempted", s.preempted},
         {"discarded", s.preempted - s.preempted_kept},
         {"kept", s.preempted_kept},
         {"bound_hit_iterations", s.bound_hit}}}};
  if (s.nodes > 0) { // written by steady slurm only
    j["nodes"] = s.nodes;
    if (!std::isnan(s.between_node_share))
      j["between_node_share"] = s.between_node_share;
  }
  if (s.simulated) {
    j["simulated_per_op"] = *s.simulated;
    j["instructions_fork_range"] = {s.instructions_fork_min, s.instructions_fork_max};
  }
  for (const ForkGroup &g : s.fork_groups)
    j["fork_groups"].push_back({{"forks", g.forks}, {"center", g.center}});
  if (!s.layout_offsets.empty()) {
    j["layout_interval"] = {s.layout_low, s.layout_high};
    j["layout_sensitive"] = s.layout_sensitive;
    if (s.layout_spreads_differ)
      j["layout_spreads_differ"] = true;
    for (const OffsetInterval &o : s.layout_offsets)
      j["layout_offsets"].push_back(
          {{"code", o.code}, {"forks", o.forks}, {"ns_per_op", o.mean}, {"ci99", {o.low, o.high}}});
  }
}

void from_json(const json &j, Summary &s) {
  optional_field(j, "ns_per_op", s.ns_per_op);
  if (auto ci = j.find("ci99"); ci != j.end()) {
    s.ci_low = ci->at(0);
    s.ci_high = ci->at(1);
  }
  optional_field(j, "ci_over", s.ci_over);
  optional_field(j, "ticks_per_op", s.ticks_per_op);
  if (auto p = j.find("batch_percentiles_ns"); p != j.end()) {
    optional_field(*p, "p50", s.p50);
    optional_field(*p, "p90", s.p90);
    optional_field(*p, "p99", s.p99);
  }
  optional_field(j, "counters_per_op", s.counters_per_op);
  optional_field(j, "ipc", s.ipc);
  optional_field(j, "forks_used", s.forks_used);
  optional_field(j, "forks_failed", s.forks_failed);
  optional_field(j, "iterations", s.iterations);
  optional_field(j, "migrated", s.migrated);
  optional_field(j, "multiplexed", s.multiplexed);
  optional_field(j, "unscheduled", s.unscheduled);
  if (auto p = j.find("preemption"); p != j.end()) { // "discarded" is preempted - kept
    optional_field(*p, "batches", s.batches_run);
    optional_field(*p, "preempted", s.preempted);
    optional_field(*p, "kept", s.preempted_kept);
    optional_field(*p, "bound_hit_iterations", s.bound_hit);
  }
  optional_field(j, "nodes", s.nodes);
  s.between_node_share = s.nodes > 1 ? std::nan("") : 0;
  optional_field(j, "between_node_share", s.between_node_share);
  if (auto sim = j.find("simulated_per_op"); sim != j.end())
    s.simulated = sim->get<Simulated>();
  if (auto r = j.find("instructions_fork_range"); r != j.end()) {
    s.instructions_fork_min = r->at(0);
    s.instructions_fork_max = r->at(1);
  }
  if (auto groups = j.find("fork_groups"); groups != j.end())
    for (const json &g : *groups)
      s.fork_groups.push_back({g.at("forks").get<std::vector<int>>(), g.at("center").get<double>()});
  if (auto r = j.find("layout_interval"); r != j.end()) {
    s.layout_low = r->at(0);
    s.layout_high = r->at(1);
  }
  optional_field(j, "layout_sensitive", s.layout_sensitive);
  optional_field(j, "layout_spreads_differ", s.layout_spreads_differ);
  if (auto offsets = j.find("layout_offsets"); offsets != j.end())
    for (const json &o : *offsets)
      s.layout_offsets.push_back({o.at("code").get<int>(), o.at("forks").get<int>(), o.at("ns_per_op").get<double>(),
                                  o.at("ci99").at(0).get<double>(), o.at("ci99").at(1).get<double>()});
}

namespace {

// Everything but the benchmarks: what the writer indents.
json header_json(const RunResult &run) {
  json j = {
      {"schema", "steady-results/1"},
      {"partial", run.partial},
      {"started", run.started},
      {"runner_pid", run.runner_pid},
      {"config", run.config},
      {"machine",
       {{"cpu", run.machine.cpu},
        {"cores", run.machine.cores},
        {"kernel", run.machine.kernel},
        {"governor", run.machine.governor},
        {"hostname", run.machine.hostname},
        {"timer", run.timer}}},
      {"load",
       {{"start", run.load_start}, {"end", run.load_end}, {"steal_share", steal_share(run.load_start, run.load_end)}}},
      {"counters", {{"names", run.counter_names}, {"unavailable", run.counters_unavailable}}}};
  if (run.ab)
    j["ab"] = *run.ab;
  if (!run.complexity.empty())
    j["complexity"] = run.complexity;
  return j;
}

} // namespace

void to_json(json &j, const BatchSample &s) { j = json::array({s.ticks_per_op, s.ops}); }

void from_json(const json &j, BatchSample &s) {
  s.ticks_per_op = j.at(0).get<double>();
  s.ops = j.at(1).get<std::uint64_t>();
}

void to_json(json &j, const Iteration &it) {
  j = {{"index", it.index},
       {"warmup", it.warmup},
       {"ops", it.ops},
       {"ticks", it.ticks},
       {"ticks_per_op", it.ticks_per_op},
       {"ns_per_op", it.ns_per_op},
       {"migrated", it.migrated},
       {"multiplexed", it.multiplexed},
       {"unscheduled", it.unscheduled},
       {"counters_per_op", it.counters_per_op},
       {"context_switches", it.context_switches},
       {"batches_run", it.batches_run},
       {"preempted_switch", it.preempted_switch},
       {"preempted_cpu_short", it.preempted_cpu_short},
       {"preempted_kept", it.preempted_kept},
       {"preemption_bound_hit", it.preemption_bound_hit},
       {"batches", it.batches}};
  if (it.simulated)
    j["simulated_per_op"] = *it.simulated;
}

// ops and ns/op are what every reader needs of an iteration.
void from_json(const json &j, Iteration &it) {
  // A count: get_to would wrap a negative one (-1: 2^64 - 1) and truncate 1.5.
  if (const json &ops = j.at("ops");
      ops.is_number_float() || (ops.is_number_integer() && !ops.is_number_unsigned() && ops.get<std::int64_t>() < 0))
    throw json::type_error::create(302, "must be a whole number of ops, not " + ops.dump(), &ops);
  j.at("ops").get_to(it.ops);
  j.at("ns_per_op").get_to(it.ns_per_op);
  optional_field(j, "index", it.index);
  optional_field(j, "warmup", it.warmup);
  optional_field(j, "ticks", it.ticks);
  optional_field(j, "ticks_per_op", it.ticks_per_op);
  optional_field(j, "migrated", it.migrated);
  optional_field(j, "multiplexed", it.multiplexed);
  optional_field(j, "unscheduled", it.unscheduled);
  optional_field(j, "counters_per_op", it.counters_per_op);
  optional_field(j, "context_switches", it.context_switches);
  optional_field(j, "batches_run", it.batches_run);
  optional_field(j, "preempted_switch", it.preempted_switch);
  optional_field(j, "preempted_cpu_short", it.preempted_cpu_short);
  optional_field(j, "preempted_kept", it.preempted_kept);
  optional_field(j, "preemption_bound_hit", it.preemption_bound_hit);
  optional_field(j, "batches", it.batches);
  if (auto sim = j.find("simulated_per_op"); sim != j.end())
    it.simulated = sim->get<Simulated>();
}

void to_json(json &j, const MachineLoad &l) {
  j = {{"loadavg", {l.load1, l.load5, l.load15}},
       {"steal_jiffies", l.steal_jiffies},
       {"total_jiffies", l.total_jiffies}};
}

void from_json(const json &j, MachineLoad &l) {
  if (auto avg = j.find("loadavg"); avg != j.end()) {
    l.load1 = avg->at(0);
    l.load5 = avg->at(1);
    l.load15 = avg->at(2);
  }
  optional_field(j, "steal_jiffies", l.steal_jiffies);
  optional_field(j, "total_jiffies", l.total_jiffies);
}

void to_json(json &j, const UnavailableCounter &u) { j = {{"name", u.name}, {"reason", u.reason}}; }

void from_json(const json &j, UnavailableCounter &u) {
  j.at("name").get_to(u.name);
  j.at("reason").get_to(u.reason);
}

// {"name": value, ...} in the pairs' order.
static json named_values(const std::vector<std::pair<std::string, double>> &values) {
  json o = json::object();
  for (const auto &[k, v] : values)
    o[k] = v;
  return o;
}

static void read_named_values(const json &o, std::vector<std::pair<std::string, double>> &values) {
  for (const auto &[k, v] : o.items())
    values.emplace_back(k, v.get<double>());
}

void to_json(json &j, const StateReport &r) {
  j = {{"counters", named_values(r.counters)},  {"label", r.label},
       {"complexity_n", r.complexity_n},        {"items_per_op", r.items_per_op},
       {"bytes_per_op", r.bytes_per_op},        {"setup_ns", r.setup_ns},
       {"batch_cost_ns", r.batch_cost_ns},      {"batch_cost_share", r.batch_cost_share},
       {"setup_batch_size", r.setup_batch_size}};
}

void from_json(const json &j, StateReport &r) {
  if (auto c = j.find("counters"); c != j.end())
    read_named_values(*c, r.counters);
  optional_field(j, "label", r.label);
  optional_field(j, "complexity_n", r.complexity_n);
  optional_field(j, "items_per_op", r.items_per_op);
  optional_field(j, "bytes_per_op", r.bytes_per_op);
  optional_field(j, "setup_ns", r.setup_ns);
  optional_field(j, "batch_cost_ns", r.batch_cost_ns);
  optional_field(j, "batch_cost_share", r.batch_cost_share);
  optional_field(j, "setup_batch_size", r.setup_batch_size);
}

void to_json(json &j, const ForkResult &f) {
  j = {{"fork", f.number},
       {"warmup", f.warmup},
       {"pid", f.pid},
       {"status", f.status},
       {"exit_code", f.exit_code},
       {"signal", f.signal},
       {"error", f.error},
       {"batch_size", f.batch_size},
       {"timer", f.timer},
       {"preemption", f.preemption},
       {"warmup_iterations", f.warmup_iterations()},
       {"warmup_stable", f.warmup_stable},
       {"warmup_criterion", f.warmup_criterion},
       {"first_invocation_ns", f.first_invocation_ns},
       {"iterations", f.iterations}};
  if (f.seconds > 0) // not recorded before: files without it read as 0
    j["seconds"] = f.seconds;
  if (f.ab)
    j["ab"] = *f.ab;
  if (f.slurm)
    j["slurm"] = *f.slurm;
  if (f.state_report)
    j["state_report"] = *f.state_report;
  if (f.layout)
    j["layout"] = *f.layout;
  if (f.lockstep)
    j["lockstep"] = *f.lockstep;
  if (f.batch_size_handed)
    j["batch_size_handed"] = true;
}

// warmup_iterations is not read: it is the count of the warmup iterations.
void from_json(const json &j, ForkResult &f) {
  j.at("fork").get_to(f.number);
  // An unknown name reads as "error" (results_json.h); another type is not a status.
  if (const json &status = j.at("status"); !status.is_string())
    throw json::type_error::create(302, std::string("type must be string, but is ") + status.type_name(), &status);
  j.at("status").get_to(f.status);
  j.at("iterations").get_to(f.iterations);
  optional_field(j, "warmup", f.warmup);
  optional_field(j, "seconds", f.seconds);
  optional_field(j, "pid", f.pid);
  optional_field(j, "exit_code", f.exit_code);
  optional_field(j, "signal", f.signal);
  optional_field(j, "error", f.error);
  optional_field(j, "batch_size", f.batch_size);
  optional_field(j, "batch_size_handed", f.batch_size_handed);
  optional_field(j, "timer", f.timer);
  optional_field(j, "preemption", f.preemption);
  optional_field(j, "warmup_stable", f.warmup_stable);
  optional_field(j, "warmup_criterion", f.warmup_criterion);
  optional_field(j, "first_invocation_ns", f.first_invocation_ns);
  if (auto ab = j.find("ab"); ab != j.end())
    f.ab = ab->get<AbFork>();
  if (auto slurm = j.find("slurm"); slurm != j.end())
    f.slurm = slurm->get<SlurmFork>();
  if (auto r = j.find("state_report"); r != j.end())
    f.state_report = r->get<StateReport>();
  if (auto l = j.find("layout"); l != j.end())
    f.layout = l->get<ForkLayout>();
  if (auto l = j.find("lockstep"); l != j.end())
    f.lockstep = l->get<ForkLockstep>();
}

void to_json(json &j, const BenchmarkResult &b) {
  json params = json::object();
  for (const auto &[k, v] : b.params)
    params[k] = v;
  j = {{"name", b.name},
       {"params", params},
       {"file", b.file},
       {"line", b.line},
       {"protected", b.protected_by_plugin},
       {"compile_findings", b.compile_findings},
       {"flags", b.flags},
       {"first_invocation_ratio", b.first_invocation_ratio},
       {"bytes_per_op", b.bytes_per_op},
       {"items_per_op", b.items_per_op},
       {"forks", b.forks},
       {"stop", b.stop},
       {"summary", b.summary}};
  if (b.code)
    j["code"] = *b.code;
  // A Google Benchmark function's reports, only where there are some.
  if (!b.user_counters.empty())
    j["user_counters"] = named_values(b.user_counters);
  if (!b.label.empty())
    j["label"] = b.label;
  if (b.complexity_n != 0)
    j["complexity_n"] = b.complexity_n;
  if (!b.not_measured.empty())
    j["not_measured"] = b.not_measured;
  if (!b.ignored.empty())
    j["ignored"] = b.ignored;
  if (b.single_shot)
    j["single_shot"] = true;
  if (b.batch_size)
    j["batch_size"] = b.batch_size;
}

void from_json(const json &j, BenchmarkResult &b) {
  j.at("name").get_to(b.name);
  j.at("forks").get_to(b.forks);
  if (auto params = j.find("params"); params != j.end())
    for (const auto &[k, v] : params->items())
      b.params.emplace_back(k, v.get<std::string>());
  optional_field(j, "file", b.file);
  optional_field(j, "line", b.line);
  optional_field(j, "protected", b.protected_by_plugin);
  optional_field(j, "compile_findings", b.compile_findings);
  if (auto code = j.find("code"); code != j.end())
    b.code = code->get<CodeIdentity>();
  optional_field(j, "flags", b.flags);
  optional_field(j, "single_shot", b.single_shot);
  optional_field(j, "first_invocation_ratio", b.first_invocation_ratio);
  optional_field(j, "bytes_per_op", b.bytes_per_op);
  optional_field(j, "items_per_op", b.items_per_op);
  optional_field(j, "stop", b.stop);
  optional_field(j, "summary", b.summary);
  // Files written before fork groups were: decided now, as the runner would have.
  if (auto s = j.find("summary"); s == j.end() || !s->contains("fork_groups"))
    b.summary.fork_groups = fork_groups(b.forks);
  if (auto c = j.find("user_counters"); c != j.end())
    read_named_values(*c, b.user_counters);
  optional_field(j, "label", b.label);
  optional_field(j, "complexity_n", b.complexity_n);
  optional_field(j, "not_measured", b.not_measured);
  optional_field(j, "ignored", b.ignored);
  optional_field(j, "batch_size", b.batch_size);
}

void to_json(json &j, const RunResult &run) {
  j = header_json(run);
  j["benchmarks"] = run.benchmarks;
}

void from_json(const json &j, RunResult &run) {
  j.at("benchmarks").get_to(run.benchmarks);
  optional_field(j, "partial", run.partial);
  optional_field(j, "started", run.started);
  optional_field(j, "runner_pid", run.runner_pid);
  optional_field(j, "config", run.config);
  if (auto m = j.find("machine"); m != j.end()) {
    optional_field(*m, "cpu", run.machine.cpu);
    optional_field(*m, "cores", run.machine.cores);
    optional_field(*m, "kernel", run.machine.kernel);
    optional_field(*m, "governor", run.machine.governor);
    optional_field(*m, "hostname", run.machine.hostname);
    optional_field(*m, "timer", run.timer);
  }
  if (auto l = j.find("load"); l != j.end()) { // steal_share follows from start and end
    optional_field(*l, "start", run.load_start);
    optional_field(*l, "end", run.load_end);
  }
  if (auto c = j.find("counters"); c != j.end()) {
    optional_field(*c, "names", run.counter_names);
    optional_field(*c, "unavailable", run.counters_unavailable);
  }
  if (auto ab = j.find("ab"); ab != j.end())
    run.ab = ab->get<AbRun>();
  optional_field(j, "complexity", run.complexity);
}

json read_json_file(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    throw std::runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    throw std::runtime_error("cannot read '" + path + "': it is a directory");
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  try {
    return json::parse(in);
  } catch (const json::exception &e) {
    throw std::runtime_error("'" + path + "' is not valid JSON (truncated?): " + json_error_text(e));
  }
}

bool is_results_document(const json &doc) {
  if (!doc.is_object())
    return false;
  auto schema = doc.find("schema");
  return schema != doc.end() && schema->is_string() && *schema == "steady-results/1";
}

std::string json_error_text(const std::exception &e) {
  std::string text = e.what();
  // "[json.exception.type_error.302] (/benchmarks/0/forks) type must be ...":
  // the library's tag says nothing to a user; the JSON pointer stays.
  if (text.rfind("[json.exception.", 0) == 0)
    if (std::size_t end = text.find("] "); end != std::string::npos)
      text.erase(0, end + 2);
  return text;
}

RunResult results_from_json(const json &doc, const std::string &what) {
  if (!is_results_document(doc))
    throw std::runtime_error(what + " is not a steady result file (schema steady-results/1)");
  RunResult run;
  try {
    run = doc.get<RunResult>();
  } catch (const json::exception &e) {
    // 403: a key not found; otherwise a value of another type than the field's.
    throw std::runtime_error(what + (e.id == 403 ? " is missing data: " : " has a value of the wrong type: ") +
                             describe_field(doc, e));
  }
  validate(run, what);
  return run;
}

RunResult read_results(const std::string &path) { return results_from_json(read_json_file(path), "'" + path + "'"); }

void SaveThrottle::save(const std::function<void()> &write, bool always) {
  if (!always && Clock::now() - last_ < 10 * cost_)
    return;
  const Clock::time_point t0 = Clock::now();
  write();
  last_ = Clock::now();
  cost_ = last_ - t0;
}

std::string ResultsWriter::benchmark_json(const BenchmarkResult &b) const {
  if (!max_samples_)
    return json(b).dump();
  BenchmarkResult thinned = b;
  for (ForkResult &f : thinned.forks)
    for (Iteration &it : f.iterations)
      thin_batches(it.batches, max_samples_);
  return json(thinned).dump();
}

void ResultsWriter::write(const RunResult &run, const std::string &path) {
  // A benchmark's data is final once the next one has started.
  for (std::size_t i = cached_.size(); i + 1 < run.benchmarks.size(); ++i)
    cached_.push_back(benchmark_json(run.benchmarks[i]));
  std::string head = header_json(run).dump(1);
  head.resize(head.size() - 2); // the closing "\n}"
  write_output(path, [&](std::ostream &out) {
    out << head << ",\n \"benchmarks\": [";
    for (std::size_t i = 0; i < run.benchmarks.size(); ++i) {
      out << (i ? ",\n  " : "\n  ");
      if (i < cached_.size())
        out << cached_[i];
      else
        out << benchmark_json(run.benchmarks[i]);
    }
    out << (run.benchmarks.empty() ? "]\n}\n" : "\n ]\n}\n");
  });
}

} // namespace steady
