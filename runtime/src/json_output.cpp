// The result file, schema "steady-results/1" (docs/results-schema.md). Written
// to a temporary file and renamed, so a reader never sees half a file and an
// interrupted run leaves the last complete state.
#include <cstdio>
#include <ctime>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

#include "json_io.h"

namespace steady {

namespace {

using json = nlohmann::json;

json benchmark_json(const BenchmarkResult &b) {
  json forks = json::array();
  for (const ForkResult &f : b.forks)
    forks.push_back({{"fork", f.number},
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
                     {"iterations", f.iterations}});
  const Summary &s = b.summary;
  json findings = json::array();
  for (const CompileFinding &f : b.compile_findings)
    findings.push_back({{"kind", f.kind}, {"message", f.message}});
  json params = json::object();
  for (const auto &[k, v] : b.bench->params)
    params[k] = v;
  return {{"name", b.bench->name},
          {"params", params},
          {"file", b.bench->file},
          {"line", b.bench->line},
          {"protected", *b.bench->protected_by_plugin},
          {"compile_findings", findings},
          {"flags", b.flags},
          {"first_invocation_ratio", b.first_invocation_ratio},
          {"forks", forks},
          {"stop",
           {{"criterion", b.stop.criterion}, {"stable", b.stop.stable}, {"reason", b.stop.reason}, {"last", b.stop.last}}},
          {"summary",
           {{"ns_per_op", s.ns_per_op},
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
              {"bound_hit_iterations", s.bound_hit}}}}}};
}

json load_json(const MachineLoad &l) {
  return {{"loadavg", {l.load1, l.load5, l.load15}}, {"steal_jiffies", l.steal_jiffies}, {"total_jiffies", l.total_jiffies}};
}

json header_json(const RunResult &run) {
  const RunConfig &c = run.config;
  json unavailable = json::array();
  for (const auto &u : run.counters_unavailable)
    unavailable.push_back({{"name", u.name}, {"reason", u.reason}});
  return {{"schema", "steady-results/1"},
          {"partial", run.partial},
          {"started", run.started},
          {"runner_pid", getpid()},
          {"config",
           {{"warmup_iterations", c.warmup_iterations},
            {"iterations", c.iterations},
            {"forks", c.forks},
            {"warmup_forks", c.warmup_forks},
            {"warmup_time", c.warmup_time},
            {"iteration_time", c.iteration_time},
            {"mode", to_string(c.mode)},
            {"filter", c.filter},
            {"counters", c.counters},
            {"counters_auto", c.counters_auto},
            {"seed", c.seed},
            {"timeout", c.timeout},
            {"profile", c.profile},
            {"no_fork", c.no_fork},
            {"stop", c.stop},
            {"threshold", c.threshold},
            {"min_warmup", c.min_warmup},
            {"max_warmup", c.max_warmup},
            {"min_forks", c.min_forks},
            {"max_forks", c.max_forks},
            {"window", c.window}}},
          {"machine",
           {{"cpu", run.machine.cpu},
            {"cores", run.machine.cores},
            {"kernel", run.machine.kernel},
            {"governor", run.machine.governor},
            {"hostname", run.machine.hostname},
            {"timer", run.timer}}},
          {"load",
           {{"start", load_json(run.load_start)},
            {"end", load_json(run.load_end)},
            {"steal_share", steal_share(run.load_start, run.load_end)}}},
          {"counters", {{"names", run.counter_names}, {"unavailable", unavailable}}}};
}

} // namespace

// The header is indented for people; each benchmark is one compact line (its
// batch samples are most of the file).
void JsonWriter::write(const RunResult &run, const std::string &path) {
  // A benchmark's data is final once the next one has started.
  for (std::size_t i = cached_.size(); i + 1 < run.benchmarks.size(); ++i)
    cached_.push_back(benchmark_json(run.benchmarks[i]).dump());
  std::string head = header_json(run).dump(1);
  head.resize(head.size() - 2); // the closing "\n}"
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp);
    out << head << ",\n \"benchmarks\": [";
    for (std::size_t i = 0; i < run.benchmarks.size(); ++i) {
      out << (i ? ",\n  " : "\n  ");
      if (i < cached_.size())
        out << cached_[i];
      else
        out << benchmark_json(run.benchmarks[i]).dump();
    }
    out << (run.benchmarks.empty() ? "]\n}\n" : "\n ]\n}\n");
    if (!out)
      throw std::runtime_error("cannot write '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot rename '" + tmp + "' to '" + path + "'");
}

void write_json(const RunResult &run, const std::string &path) { JsonWriter().write(run, path); }

namespace {

// RFC 4180: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string &v) {
  if (v.find_first_of(",\"\r\n") == std::string::npos)
    return v;
  std::string q = "\"";
  for (char c : v)
    q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

} // namespace

void write_csv(const RunResult &run, const std::string &path) {
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp);
    out << "benchmark,params,stable,fork,fork_status,iteration,warmup,ops,ns_per_op,ticks_per_op,migrated";
    for (const std::string &n : run.counter_names)
      out << "," << csv_field(n + "_per_op");
    out << "\n";
    out.precision(17);
    for (const BenchmarkResult &b : run.benchmarks) {
      std::string params;
      for (const auto &[k, v] : b.bench->params)
        params += (params.empty() ? "" : ";") + k + "=" + v;
      for (const ForkResult &f : b.forks)
        for (const Iteration &it : f.iterations) {
          out << csv_field(b.bench->name) << "," << csv_field(params) << "," << b.stop.stable << "," << f.number
              << "," << f.status << "," << it.index << "," << it.warmup << "," << it.ops << "," << it.ns_per_op
              << "," << it.ticks_per_op << "," << it.migrated;
          for (double v : it.counters_per_op)
            out << "," << v;
          out << "\n";
        }
    }
    if (!out)
      throw std::runtime_error("cannot write '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot rename '" + tmp + "' to '" + path + "'");
}

} // namespace steady
