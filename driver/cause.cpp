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
    if (!(words >> s.period >> ip) || ip.find_first_not_of("0123456789abcdef") != std::string::npos)
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
    if (in == function)
      p.own.insert(function);
    else
      p.inlined_into[function].insert(in);
  }
  return p;
}

TimeCause explain_time(const SampledProfile &a, const SampledProfile &b, const std::set<std::string> &changed,
                       double direction, double z, double min_share) {
  TimeCause c;
  std::map<std::string, TimeDelta> all;
  const SampledProfile *side[2] = {&a, &b};
  double total_a = 0, unit[2];
  for (int s = 0; s < 2; ++s) {
    double ns = 0;
    for (const auto &[name, t] : side[s]->ns) {
      all[name].function = name;
      all[name].ns_per_op[s] = t / side[s]->ops;
      ns += t;
    }
    // One sample's time per op (the period is fixed with perf's -F).
    unit[s] = side[s]->total > 0 ? ns / side[s]->total / side[s]->ops : 0;
    if (s == 0)
      total_a = ns / a.ops;
  }
  for (const auto &[name, d] : all) {
    // Poisson counts: Var(n * unit) = n * unit^2; one sample's worth when a
    // side has none.
    auto var = [&](int s) {
      auto it = side[s]->samples.find(name);
      return std::max(it == side[s]->samples.end() ? 0.0 : it->second, 1.0) * unit[s] * unit[s];
    };
    const double se = std::sqrt(var(0) + var(1));
    if (std::abs(d.delta()) < min_share * total_a || std::abs(d.delta()) <= z * se)
      continue;
    TimeDelta listed = d;
    std::set<std::string> into;
    for (const SampledProfile *p : side)
      if (auto it = p->inlined_into.find(name); it != p->inlined_into.end())
        into.insert(it->second.begin(), it->second.end());
    listed.inlined_into.assign(into.begin(), into.end());
    listed.own = into.empty() || a.own.count(name) || b.own.count(name);
    c.functions.push_back(listed);
  }
  std::sort(c.functions.begin(), c.functions.end(), [direction](const TimeDelta &x, const TimeDelta &y) {
    const bool x_with = x.delta() * direction > 0, y_with = y.delta() * direction > 0;
    if (x_with != y_with)
      return x_with;
    if (std::abs(x.delta()) != std::abs(y.delta()))
      return std::abs(x.delta()) > std::abs(y.delta());
    return x.function < y.function;
  });
  std::vector<std::string> names;
  for (const TimeDelta &d : c.functions)
    names.push_back(d.function);
  disagreements(names, changed, c.changed_not_in_cause, c.in_cause_not_changed);
  return c;
}

} // namespace steady::driver
