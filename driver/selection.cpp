#include "selection.h"

#include <sstream>

namespace steady::driver {

namespace {

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep))
    out.push_back(part);
  return out;
}

} // namespace

ReachRecords parse_reach(const std::string &text, std::string &error) {
  ReachRecords r;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::vector<std::string> f = split(line, '\t');
    if (f.size() == 3 && f[0] == "P") {
      r.payloads[f[1]] = f[2];
    } else if ((f.size() == 3 || f.size() == 4) && f[0] == "F") {
      // A symbol defined in several translation units (an inline function):
      // each copy may differ, so any copy's change counts.
      ReachRecords::Function &fn = r.functions[f[1]];
      fn.fingerprint += (fn.fingerprint.empty() ? "" : "+") + f[2];
      for (const std::string &e : split(f.size() == 4 ? f[3] : "", ','))
        fn.edges.push_back(e);
    } else {
      error = "line " + std::to_string(number) + " is not a reach record: '" + line + "'";
      return {};
    }
  }
  return r;
}

Reach reach_of(const ReachRecords &r, const std::string &symbol) {
  Reach out;
  std::vector<std::string> todo = {symbol};
  while (!todo.empty()) {
    std::string s = todo.back();
    todo.pop_back();
    if (s == "*") {
      out.indirect = true;
      continue;
    }
    if (!s.empty() && s[0] == '&')
      s.erase(0, 1);
    auto it = r.functions.find(s);
    if (it == r.functions.end()) {
      out.external.insert(s);
      continue;
    }
    if (out.functions.insert(s).second)
      todo.insert(todo.end(), it->second.edges.begin(), it->second.edges.end());
  }
  return out;
}

std::vector<Selected> select_changed(const ReachRecords &old_build, const ReachRecords &new_build) {
  std::vector<Selected> out;
  for (const auto &[name, symbol] : new_build.payloads) {
    Selected s;
    s.payload = name;
    Reach now = reach_of(new_build, symbol);
    s.indirect = now.indirect;
    s.external = now.external.size();
    auto old_payload = old_build.payloads.find(name);
    if (old_payload == old_build.payloads.end()) {
      s.is_new = true;
      out.push_back(s);
      continue;
    }
    Reach before = reach_of(old_build, old_payload->second);
    std::set<std::string> both = now.functions;
    both.insert(before.functions.begin(), before.functions.end());
    for (const std::string &f : both) {
      auto a = old_build.functions.find(f), b = new_build.functions.find(f);
      if (a == old_build.functions.end() || b == new_build.functions.end() ||
          a->second.fingerprint != b->second.fingerprint)
        s.changed.push_back(f);
    }
    out.push_back(s);
  }
  return out;
}

void refine_by_execution(Selected &s, const std::set<std::string> &executed,
                         const std::function<std::string(const std::string &)> &name_of) {
  s.executed.emplace();
  for (const std::string &f : s.changed)
    if (executed.count(name_of(f)))
      s.executed->push_back(f);
}

} // namespace steady::driver
