#include "cause.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

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

SampledProfile parse_perf_report(const std::string &text) {
  SampledProfile p;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    double n, period;
    std::string where;
    if (!(words >> n >> period >> where) || where.size() != 3 || where[0] != '[')
      continue;
    std::string name;
    std::getline(words >> std::ws, name);
    // Columns after the name (perf's IPC, "-  -") are two spaces or more away.
    name = name.substr(0, name.find("  "));
    name.erase(name.find_last_not_of(' ') + 1);
    p.samples[name] += n;
    p.ns[name] += period;
    p.total += n;
  }
  return p;
}

TimeCause explain_time(const SampledProfile &a, const SampledProfile &b, const std::set<std::string> &changed, double z,
                       double min_share) {
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
    if (std::abs(d.delta()) >= min_share * total_a && std::abs(d.delta()) > z * se)
      c.functions.push_back(d);
  }
  std::sort(c.functions.begin(), c.functions.end(), [](const TimeDelta &x, const TimeDelta &y) {
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
