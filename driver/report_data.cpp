#include "report_data.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/core.h>

#include "steady/notes.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;

// Six significant digits: finer than any run-to-run difference, and a
// third of the bytes of a full double on a page that holds 100 000 of them.
double round6(double v) {
  if (v == 0 || !std::isfinite(v))
    return v;
  double scale = std::pow(10, 5 - std::floor(std::log10(std::fabs(v))));
  return std::round(v * scale) / scale;
}

json number_or_null(double v) { return std::isfinite(v) ? json(round6(v)) : json(nullptr); }

json machine_json(const RunResult &r) {
  const double steal = steal_share(r.load_start, r.load_end);
  return {{"cpu", r.machine.cpu},
          {"cores", r.machine.cores},
          {"kernel", r.machine.kernel},
          {"governor", r.machine.governor},
          {"hostname", r.machine.hostname},
          {"load_start", {r.load_start.load1, r.load_start.load5, r.load_start.load15}},
          {"load_end", {r.load_end.load1, r.load_end.load5, r.load_end.load15}},
          {"steal", number_or_null(steal)},
          {"timer", r.timer.source},
          {"ticks_per_ns", round6(r.timer.ticks_per_ns)},
          {"invariant_tsc", r.timer.invariant}};
}

json config_json(const RunConfig &c) {
  json j = {{"mode", to_string(c.mode)},
            {"stop", c.stop},
            {"warmup_iterations", c.warmup_iterations},
            {"iterations", c.iterations},
            {"forks", c.forks},
            {"warmup_forks", c.warmup_forks},
            {"warmup_time_s", c.warmup_time},
            {"iteration_time_s", c.iteration_time},
            {"filter", c.filter},
            {"profile", c.profile}};
  if (c.stop != "none") {
    j["min_warmup"] = c.min_warmup;
    j["max_warmup"] = c.max_warmup;
    j["min_forks"] = c.min_forks;
    j["max_forks"] = c.max_forks;
  }
  return j;
}

json run_json(const ReportRun &r) {
  const RunResult &run = r.run;
  json missing = json::array();
  if (run.partial)
    missing.push_back("the run did not finish (the file is partial): benchmarks after the last one written are "
                      "missing");
  if (run.machine.cpu.empty())
    missing.push_back("no machine description in the file");
  for (const UnavailableCounter &u : run.counters_unavailable)
    missing.push_back(fmt::format("counter {} not counted: {}", u.name, u.reason));
  if (run.benchmarks.empty())
    missing.push_back("no benchmark in the file");
  json j = {{"label", r.label},
            {"started", run.started},
            {"partial", run.partial},
            {"machine", machine_json(run)},
            {"config", config_json(run.config)},
            {"counters", run.counter_names},
            {"missing", missing}};
  if (run.ab)
    j["ab"] = {{"side", run.ab->side}, {"binary", run.ab->binary}, {"other", run.ab->other}};
  return j;
}

json summary_json(const Summary &s) {
  json counters = json::array();
  for (double c : s.counters_per_op)
    counters.push_back(round6(c));
  return {{"ns_per_op", round6(s.ns_per_op)},
          {"ci", {round6(s.ci_low), round6(s.ci_high)}},
          {"ci_over", s.ci_over},
          {"p50", round6(s.p50)},
          {"p90", round6(s.p90)},
          {"p99", round6(s.p99)},
          {"forks_used", s.forks_used},
          {"forks_failed", s.forks_failed},
          {"iterations", s.iterations},
          {"batches_run", s.batches_run},
          {"preempted", s.preempted},
          {"preempted_kept", s.preempted_kept},
          {"bound_hit", s.bound_hit},
          {"migrated", s.migrated},
          {"multiplexed", s.multiplexed},
          {"counters_per_op", counters},
          {"ipc", round6(s.ipc)}};
}

json analysis_json(const ForkSeries &f) {
  if (!f.skipped.empty())
    return nullptr;
  const stats::ForkSteadyState &a = f.analysis;
  json segments = json::array();
  for (const stats::Segment &s : a.segments)
    segments.push_back({s.begin, s.end, round6(s.mean), s.begin >= a.final_run_start});
  return {{"steady", a.steady},
          {"steady_iteration", a.steady_iteration ? json(*a.steady_iteration) : json(nullptr)},
          {"final_run_start", a.final_run_start},
          {"last_points", a.last_points},
          {"changepoints", a.changepoints},
          {"segments", segments},
          {"outliers", a.outliers.size()},
          {"penalty", round6(a.penalty)}};
}

// Every measurement iteration's batch samples of the fork, in ns/op.
std::vector<stats::Weighted> fork_samples(const ForkResult &f, double ticks_per_ns) {
  std::vector<stats::Weighted> out;
  for (const Iteration &it : f.iterations)
    if (!it.warmup) {
      stats::IterationSamples s = weighted_samples(it, ticks_per_ns);
      out.insert(out.end(), s.begin(), s.end());
    }
  return out;
}

json rounded(const std::vector<double> &v) {
  json out = json::array();
  for (double x : v)
    out.push_back(round6(x));
  return out;
}

// A measured fork: its (thinned) series with outliers marked, its analysis,
// the quantiles of its batch samples and its counters per op.
json fork_json(const ForkResult &f, const RunResult &run, const ReportOptions &o, const ForkSeries &series) {
  const std::vector<std::size_t> &outliers = series.analysis.outliers;
  std::set<std::size_t> outlier_set(outliers.begin(), outliers.end());
  json points = json::array();
  for (std::size_t i : thin_series(series.ns_per_op, outliers, o.max_points))
    points.push_back({i, round6(series.ns_per_op[i]), outlier_set.count(i) ? 1 : 0});

  std::vector<stats::Weighted> samples = fork_samples(f, run.timer.ticks_per_ns);
  json counters = json::array();
  if (!run.counter_names.empty()) {
    std::vector<std::size_t> measured;
    for (std::size_t i = 0; i < f.iterations.size(); ++i)
      if (!f.iterations[i].warmup && f.iterations[i].counters_per_op.size() == run.counter_names.size())
        measured.push_back(i);
    std::size_t stride = std::max<std::size_t>(1, (measured.size() + o.max_points - 1) / o.max_points);
    for (std::size_t k = 0; k < measured.size(); k += stride) {
      json row = {measured[k]};
      for (double c : f.iterations[measured[k]].counters_per_op)
        row.push_back(round6(c));
      counters.push_back(std::move(row));
    }
  }
  int preempted = 0;
  double ns = 0, ops = 0; // the fork's mean: its measurement iterations' ns/op weighted by their ops
  for (const Iteration &it : f.iterations) {
    preempted += it.preempted_switch + it.preempted_cpu_short;
    if (!it.warmup && !it.batches.empty()) {
      ns += it.ns_per_op * double(it.ops);
      ops += double(it.ops);
    }
  }
  return {{"fork", f.number},
          {"iterations", series.ns_per_op.size()},
          {"warmup_iterations", series.warmup_iterations},
          {"points", points},
          {"thinned", points.size() < series.ns_per_op.size()},
          {"analysis", analysis_json(series)},
          {"skipped", series.skipped},
          {"samples", samples.size()},
          {"quantiles", rounded(weighted_quantiles(std::move(samples), o.quantiles))},
          {"counters", counters},
          {"preempted", preempted},
          {"mean", ops > 0 ? json(round6(ns / ops)) : json(nullptr)}};
}

json benchmark_json(const BenchmarkResult &b, const BenchmarkSeries &analyzed, std::size_t run_index,
                    const RunResult &run, const ReportOptions &o) {
  json forks = json::array(), other = json::array(), missing = json::array();
  std::vector<stats::ForkSteadyState> steady;
  std::size_t warmup_used = 0, measured = 0;
  bool any_samples = false;
  for (const ForkResult &f : b.forks) {
    if (!f.measured()) {
      other.push_back({{"fork", f.number},
                       {"status", f.warmup ? std::string("warmup fork") : to_string(f.status)},
                       {"error", f.error}});
      continue;
    }
    const ForkSeries &series = analyzed.forks.at(measured++);
    json jf = fork_json(f, run, o, series);
    // Its group (1-based) when the forks disagree, else 0.
    jf["group"] = 0;
    for (std::size_t g = 0; g < b.summary.fork_groups.size(); ++g)
      for (int n : b.summary.fork_groups[g].forks)
        if (n == f.number)
          jf["group"] = g + 1;
    any_samples |= jf["samples"].get<std::size_t>() > 0;
    if (series.skipped.empty()) {
      steady.push_back(series.analysis);
      warmup_used = std::max(warmup_used, series.warmup_iterations);
    }
    forks.push_back(std::move(jf));
  }
  if (forks.empty())
    missing.push_back("no measured fork (every fork failed, or none ran)");
  else if (!any_samples)
    missing.push_back("no batch samples in the file: no distribution");
  json stability = nullptr;
  std::vector<Note> notes = notes_of(run, b);
  if (!steady.empty()) {
    stats::BenchmarkSteadyState bs = stats::classify_benchmark(steady);
    stability = {{"stability", to_string(bs.stability)},
                 {"steady_forks", bs.steady_forks},
                 {"forks", bs.forks},
                 {"recommended_warmup",
                  bs.recommended_warmup_iterations ? json(*bs.recommended_warmup_iterations) : json(nullptr)},
                 {"warmup_used", warmup_used}};
    for (Note &n : steady_state_note(bs))
      notes.push_back(std::move(n));
  }
  json params = json::object();
  for (const auto &[k, v] : b.params)
    params[k] = v;
  json findings = json::array();
  for (const CompileFinding &c : b.compile_findings)
    findings.push_back({{"kind", c.kind}, {"message", c.message}});
  return {{"run", run_index},
          {"name", b.name},
          {"params", params},
          {"source", b.file.empty() ? std::string() : fmt::format("{}:{}", b.file, b.line)},
          {"protected", b.protected_by_plugin},
          {"findings", findings},
          {"flags", b.flags},
          {"notes", notes},
          {"stop", {{"criterion", b.stop.criterion}, {"stable", b.stop.stable}, {"reason", b.stop.reason}}},
          {"summary", summary_json(b.summary)},
          {"stability", stability},
          {"forks", forks},
          {"other_forks", other},
          {"missing", missing}};
}

// One version's batch samples pooled over its forks, and its fork means.
json side_json(const Series &s, std::size_t quantiles) {
  std::vector<stats::Weighted> pooled;
  for (const stats::ForkSamples &f : s.forks)
    for (const stats::IterationSamples &it : f)
      pooled.insert(pooled.end(), it.begin(), it.end());
  return {{"quantiles", rounded(weighted_quantiles(std::move(pooled), quantiles))},
          {"fork_means", rounded(stats::fork_means(s))}};
}

} // namespace

std::vector<double> weighted_quantiles(std::vector<stats::Weighted> samples, std::size_t count) {
  std::erase_if(samples, [](const stats::Weighted &w) { return !(w.weight > 0) || !std::isfinite(w.value); });
  std::sort(samples.begin(), samples.end(),
            [](const stats::Weighted &a, const stats::Weighted &b) { return a.value < b.value; });
  std::vector<double> out;
  if (samples.size() <= count) {
    for (const stats::Weighted &w : samples)
      out.push_back(w.value);
    return out;
  }
  double total = 0;
  for (const stats::Weighted &w : samples)
    total += w.weight;
  // The value below which the weight first reaches (i + 0.5) / count of the total.
  double seen = 0;
  std::size_t k = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const double target = (double(i) + 0.5) / double(count) * total;
    while (k + 1 < samples.size() && seen + samples[k].weight < target)
      seen += samples[k++].weight;
    out.push_back(samples[k].value);
  }
  out.front() = samples.front().value;
  out.back() = samples.back().value;
  return out;
}

std::vector<std::size_t> thin_series(const std::vector<double> &values, const std::vector<std::size_t> &outliers,
                                     std::size_t max_points) {
  const std::size_t n = values.size();
  std::vector<std::size_t> keep;
  if (n <= max_points) {
    for (std::size_t i = 0; i < n; ++i)
      keep.push_back(i);
    return keep;
  }
  std::vector<bool> outlier(n, false);
  for (std::size_t i : outliers)
    if (i < n)
      outlier[i] = true;
  const std::size_t run = (n + max_points / 2 - 1) / std::max<std::size_t>(1, max_points / 2);
  for (std::size_t begin = 0; begin < n; begin += run) {
    std::size_t lo = n, hi = n;
    for (std::size_t i = begin; i < std::min(n, begin + run); ++i) {
      if (outlier[i]) {
        keep.push_back(i);
        continue;
      }
      if (lo == n || values[i] < values[lo])
        lo = i;
      if (hi == n || values[i] > values[hi])
        hi = i;
    }
    if (lo != n)
      keep.push_back(lo);
    if (hi != n && hi != lo)
      keep.push_back(hi);
  }
  std::sort(keep.begin(), keep.end());
  return keep;
}

json report_data(const std::vector<ReportRun> &runs, const ReportOptions &o) {
  json jruns = json::array(), benchmarks = json::array();
  for (std::size_t r = 0; r < runs.size(); ++r) {
    jruns.push_back(run_json(runs[r]));
    const RunResult &run = runs[r].run;
    std::vector<BenchmarkSeries> own;
    const std::vector<BenchmarkSeries> &analyses =
        runs[r].analyses ? *runs[r].analyses : (own = analyze_run(run, o.steady));
    for (std::size_t k = 0; k < run.benchmarks.size(); ++k)
      benchmarks.push_back(benchmark_json(run.benchmarks[k], analyses.at(k), r, run, o));
  }
  return {{"schema", "steady-report/1"},
          {"runs", jruns},
          {"benchmarks", benchmarks},
          {"limits",
           {{"max_points", o.max_points},
            {"quantiles", o.quantiles},
            {"tolerance", o.steady.tolerance},
            {"last_points", o.steady.last_points},
            {"outlier_filter", o.steady.filter_outliers}}}};
}

json comparison_data(const std::vector<Row> &rows, const CompareOptions &o, const ComparedSide &base,
                     const ComparedSide &next, const ReportOptions &ro) {
  json jrows = json::array();
  for (const Row &r : rows) {
    const stats::Comparison &c = r.result;
    json row = {
        {"name", r.name},
        {"verdict", to_string(c.verdict)},
        {"ratio", {number_or_null(c.ratio.estimate), number_or_null(c.ratio.low), number_or_null(c.ratio.high)}},
        {"interval", stats::interval_kind(c)},
        {"welch_p", number_or_null(c.welch_p)},
        {"mwu_p", number_or_null(c.mwu_p)},
        {"cliffs_delta", number_or_null(c.cliffs_delta)},
        {"note", row_note(r, o)}};
    if (*code_text(r))
      row["code"] = code_text(r);
    if (c.power)
      row["power"] = {{"detectable", number_or_null(c.power->detectable)}, {"more_forks", c.power->more_forks}};
    if (!r.cause_json.is_null())
      row["cause"] = r.cause_json;
    if (auto it = base.series.find(r.name); it != base.series.end())
      row["base"] = side_json(it->second, ro.quantiles);
    if (auto it = next.series.find(r.name); it != next.series.end())
      row["new"] = side_json(it->second, ro.quantiles);
    jrows.push_back(std::move(row));
  }
  json out = {
      {"base", base.label}, {"new", next.label}, {"alpha", o.alpha}, {"equivalence", o.equivalence}, {"rows", jrows}};
  // What steady compare warns of: the two files were recorded on different machines.
  if (base.run && next.run)
    if (std::string differ = machine_difference(base.run->machine, base.run->timer.ticks_per_ns, next.run->machine,
                                                next.run->timer.ticks_per_ns);
        !differ.empty())
      out["machines_differ"] = differ;
  // The line the table prints under it about the machine's move between two runs.
  if (std::string move = machine_move_text(run_changes(rows, o), o.alpha); !move.empty())
    out["machine_move"] = move;
  return out;
}

} // namespace steady::driver
