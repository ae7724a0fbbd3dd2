#include "cause.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cxxabi.h>
#include <map>
#include <memory>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "steady/stats.h"

namespace steady::driver {

std::string function_key(const std::string &demangled) {
  // The parameter list: the last top-level "(" ... ")" (a lambda's or a
  // template argument's parentheses are nested in <> or come earlier).
  std::string s = demangled;
  int depth = 0;
  for (std::size_t i = s.size(); i-- > 0;) {
    char c = s[i];
    if (c == ')' || c == '>')
      ++depth;
    else if (c == '<')
      --depth;
    else if (c == '(' && --depth == 0 && i > 0) {
      s.erase(i);
      break;
    }
  }
  // A return type before the name ("void f<int>"): the last top-level space.
  depth = 0;
  for (std::size_t i = s.size(); i-- > 0;) {
    char c = s[i];
    if (c == '>' || c == ')')
      ++depth;
    else if (c == '<' || c == '(')
      --depth;
    else if (c == ' ' && depth == 0)
      return s.substr(i + 1);
  }
  return s;
}

namespace {

// The changed functions the measurement does not name, and the named ones
// that were not changed, by function_key.
void disagreements(const std::vector<std::string> &in_cause, const std::set<std::string> &changed,
                   std::vector<std::string> &changed_not_in_cause, std::vector<std::string> &in_cause_not_changed) {
  std::set<std::string> changed_keys, cause_keys;
  for (const std::string &f : changed)
    changed_keys.insert(function_key(f));
  for (const std::string &f : in_cause)
    cause_keys.insert(function_key(f));
  for (const std::string &k : changed_keys)
    if (!cause_keys.count(k))
      changed_not_in_cause.push_back(k);
  for (const std::string &f : in_cause)
    if (!changed_keys.count(function_key(f)))
      in_cause_not_changed.push_back(function_key(f));
}

} // namespace

Cause explain(const CallgrindProfile &a, double ops_a, const CallgrindProfile &b, double ops_b,
              const std::set<std::string> &changed, double min_delta, double min_share) {
  Cause c;
  c.total[0] = a.total / ops_a;
  c.total[1] = b.total / ops_b;
  std::map<std::string, FunctionDelta> all;
  const CallgrindProfile *side[2] = {&a, &b};
  const double ops[2] = {ops_a, ops_b};
  for (int s = 0; s < 2; ++s)
    for (const auto &[name, cost] : side[s]->functions) {
      FunctionDelta &d = all[name];
      d.function = name;
      if (d.file.empty() || s == 1) {
        d.file = cost.file;
        d.line = cost.line;
      }
      d.exclusive[s] = cost.exclusive / ops[s];
      d.inclusive[s] = cost.inclusive / ops[s];
    }
  double moved = 0;
  for (auto &[name, d] : all)
    moved += std::abs(d.delta_exclusive());
  for (auto &[name, d] : all)
    if (std::abs(d.delta_exclusive()) > std::max(min_delta, min_share * moved))
      c.functions.push_back(d);
  std::sort(c.functions.begin(), c.functions.end(), [](const FunctionDelta &x, const FunctionDelta &y) {
    if (std::abs(x.delta_exclusive()) != std::abs(y.delta_exclusive()))
      return std::abs(x.delta_exclusive()) > std::abs(y.delta_exclusive());
    return x.function < y.function;
  });
  std::vector<std::string> names;
  for (const FunctionDelta &d : c.functions)
    names.push_back(d.function);
  disagreements(names, changed, c.changed_not_in_cause, c.in_cause_not_changed);
  return c;
}

void name_inlined(Cause &c, const CallgrindProfile &a, const CallgrindProfile &b, const std::set<std::string> &changed,
                  const CallGraph &calls) {
  std::set<std::string> ran;
  for (const CallgrindProfile *p : {&a, &b})
    for (const auto &[name, cost] : p->functions)
      ran.insert(plain_function_name(name));
  std::set<std::string> attributed;
  for (FunctionDelta &d : c.functions) {
    std::set<std::string> seen, found;
    std::vector<std::string> todo = {plain_function_name(d.function)};
    while (!todo.empty()) {
      const std::string f = todo.back();
      todo.pop_back();
      auto it = calls.find(f);
      if (it == calls.end())
        continue;
      for (const std::string &callee : it->second)
        if (!ran.count(callee) && seen.insert(callee).second) {
          if (changed.count(callee))
            found.insert(callee);
          todo.push_back(callee);
        }
    }
    d.inlined_changed.assign(found.begin(), found.end());
    for (const std::string &f : found)
      attributed.insert(function_key(f));
  }
  std::erase_if(c.changed_not_in_cause, [&](const std::string &k) { return attributed.count(k) > 0; });
}

std::string demangle(const std::string &name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> d(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && d ? d.get() : name;
}

std::vector<PerfSample> parse_perf_script(const std::string &text) {
  std::vector<PerfSample> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    PerfSample s;
    std::string ip, rest;
    if (!(words >> s.pid >> s.period >> ip) || ip.find_first_not_of("0123456789abcdef") != std::string::npos)
      continue;
    std::getline(words >> std::ws, rest);
    rest.erase(rest.find_last_not_of(' ') + 1);
    // "SYMBOL+0xOFF (DSO)": the file is in the last parentheses.
    std::size_t open = rest.rfind(" (");
    if (open == std::string::npos || rest.back() != ')')
      continue;
    s.dso = rest.substr(open + 2, rest.size() - open - 3);
    s.symbol = rest.substr(0, open);
    if (std::size_t plus = s.symbol.rfind("+0x"); plus != std::string::npos) {
      s.offset = s.symbol.substr(plus + 1);
      s.symbol.erase(plus);
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::map<std::string, std::uint64_t> parse_symbol_table(const std::string &text) {
  std::map<std::string, std::uint64_t> table;
  std::set<std::string> twice;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string address, type, name;
    if (!(words >> address >> type >> name) || address.find_first_not_of("0123456789abcdef") != std::string::npos)
      continue;
    if (!table.emplace(name, std::stoull(address, nullptr, 16)).second)
      twice.insert(name);
  }
  for (const std::string &name : twice)
    table.erase(name);
  return table;
}

InlineChains parse_symbolizer_json(const std::string &text, const std::vector<std::string> &places,
                                   std::string &error) {
  InlineChains chains;
  // Addresses on the command line: one array; from stdin: an object a line.
  std::vector<nlohmann::json> answers;
  if (nlohmann::json all = nlohmann::json::parse(text, nullptr, false); all.is_array()) {
    answers.assign(all.begin(), all.end());
  } else {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      if (line.find_first_not_of(" \t") != std::string::npos)
        answers.push_back(nlohmann::json::parse(line, nullptr, false));
  }
  if (answers.size() != places.size()) {
    error = fmt::format("{} answers for {} addresses", answers.size(), places.size());
    return chains;
  }
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (!answers[i].is_object()) {
      error = fmt::format("answer {} is not a JSON object", i + 1);
      return {};
    }
    std::vector<std::string> chain;
    for (const nlohmann::json &frame : answers[i].value("Symbol", nlohmann::json::array()))
      if (std::string f = frame.value("FunctionName", ""); !f.empty() && f != "??")
        chain.push_back(f);
    if (!chain.empty())
      chains[places[i]] = std::move(chain);
  }
  return chains;
}

SampledProfile attribute_samples(const std::vector<PerfSample> &samples,
                                 const std::map<std::string, InlineChains> &chains) {
  SampledProfile p;
  std::map<std::string, std::string> names; // demangled once per mangled name
  auto readable = [&](const std::string &mangled) -> const std::string & {
    auto [it, fresh] = names.try_emplace(mangled);
    if (fresh)
      it->second = demangle(mangled);
    return it->second;
  };
  for (const PerfSample &s : samples) {
    const std::vector<std::string> *chain = nullptr;
    if (auto file = chains.find(s.dso); file != chains.end())
      if (auto at = file->second.find(s.symbol + "+" + s.offset); at != file->second.end())
        chain = &at->second;
    const std::string &function = readable(chain ? chain->front() : s.symbol);
    const std::string &in = readable(chain ? chain->back() : s.symbol);
    p.samples[function] += 1;
    p.ns[function] += s.period;
    p.total += 1;
    ProcessSamples &process = p.processes[s.pid];
    process.ns[function] += s.period;
    process.samples += 1;
    process.total_ns += s.period;
    if (in == function)
      p.own.insert(function);
    else
      p.inlined_into[function].insert(in);
  }
  return p;
}

namespace {

// A side's forks: its processes that ran ops.
std::vector<const ProcessSamples *> forks_of(const SampledProfile &p) {
  std::vector<const ProcessSamples *> forks;
  for (const auto &[pid, process] : p.processes)
    if (process.ops > 0 && process.samples > 0)
      forks.push_back(&process);
  return forks;
}

// A function's time per op on one side: the mean over the forks, the
// variance of that mean (the forks' spread, at least the samples' Poisson
// variance: one sample's worth when it has none) and its degrees of freedom.
struct SideEstimate {
  double mean = 0, var = 0, df = 0;
};
SideEstimate estimate(const std::vector<const ProcessSamples *> &forks, const std::string &function) {
  const double n = double(forks.size());
  std::vector<double> x;
  double poisson = 0, one_sample = 0;
  for (const ProcessSamples *p : forks) {
    auto it = p->ns.find(function);
    const double per_op = it == p->ns.end() ? 0 : it->second / p->ops;
    x.push_back(per_op);
    // One sample's time per op in this fork: a count c of them is per_op =
    // c unit, Var = c unit^2 = per_op unit.
    const double unit = p->total_ns / p->samples / p->ops;
    poisson += per_op * unit;
    one_sample += unit * unit / n;
  }
  SideEstimate e;
  e.mean = stats::mean(x);
  e.var = std::max(stats::variance(x) / n, std::max(poisson, one_sample) / (n * n));
  e.df = n - 1;
  return e;
}

} // namespace

TimeCause explain_time(const SampledProfile &a, const SampledProfile &b, const std::set<std::string> &changed,
                       double direction, double alpha, double min_share) {
  TimeCause c;
  const SampledProfile *side[2] = {&a, &b};
  const std::vector<const ProcessSamples *> forks[2] = {forks_of(a), forks_of(b)};
  c.forks[0] = int(forks[0].size());
  c.forks[1] = int(forks[1].size());
  if (c.forks[0] < 2 || c.forks[1] < 2) // no spread to judge a difference against
    return c;
  // The crumbs' bar: a share of A's measured time per op, or else of its
  // sampled time per op (which has the harness's work outside the timed
  // batches too: a GoogleTest's per-op set-up and tear-down, 4x the
  // measured time of a 30 ns test).
  double total_a = 0;
  std::set<std::string> names;
  for (const ProcessSamples *p : forks[0])
    total_a += p->total_ns / p->ops / double(forks[0].size());
  if (a.measured_ns_per_op > 0)
    total_a = a.measured_ns_per_op;
  for (const auto &f : forks)
    for (const ProcessSamples *p : f)
      for (const auto &[name, ns] : p->ns)
        names.insert(name);
  std::vector<TimeDelta> candidates;
  for (const std::string &name : names) {
    const SideEstimate e[2] = {estimate(forks[0], name), estimate(forks[1], name)};
    TimeDelta d;
    d.function = name;
    d.ns_per_op[0] = e[0].mean;
    d.ns_per_op[1] = e[1].mean;
    if (std::abs(d.delta()) < min_share * total_a)
      continue;
    d.p_value = stats::welch_t_test(d.delta(), e[0].var, e[0].df, e[1].var, e[1].df).p_value;
    std::set<std::string> into;
    for (const SampledProfile *p : side)
      if (auto it = p->inlined_into.find(name); it != p->inlined_into.end())
        into.insert(it->second.begin(), it->second.end());
    d.inlined_into.assign(into.begin(), into.end());
    d.own = into.empty() || a.own.count(name) || b.own.count(name);
    candidates.push_back(std::move(d));
  }
  std::sort(candidates.begin(), candidates.end(), [direction](const TimeDelta &x, const TimeDelta &y) {
    const bool x_with = x.delta() * direction > 0, y_with = y.delta() * direction > 0;
    if (x_with != y_with)
      return x_with;
    if (std::abs(x.delta()) != std::abs(y.delta()))
      return std::abs(x.delta()) > std::abs(y.delta());
    return x.function < y.function;
  });
  // The one that moved most with the change (either way without one).
  if (!candidates.empty() && (direction == 0 || candidates.front().delta() * direction > 0)) {
    c.leading = candidates.front();
    c.resolved = c.leading.p_value < alpha;
  }
  for (const TimeDelta &d : candidates)
    if (d.p_value < alpha)
      c.functions.push_back(d);
  std::vector<std::string> named;
  for (const TimeDelta &d : c.functions)
    named.push_back(d.function);
  disagreements(named, changed, c.changed_not_in_cause, c.in_cause_not_changed);
  return c;
}

TimeStep time_step(int rounds, double elapsed, double last_round, double budget) {
  TimeStep s;
  s.last = rounds >= std::end(kTimeLooks)[-1] || elapsed + last_round > budget;
  s.look = s.last || std::find(std::begin(kTimeLooks), std::end(kTimeLooks), rounds) != std::end(kTimeLooks);
  return s;
}

} // namespace steady::driver
