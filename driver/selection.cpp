#include "selection.h"

#include <cstdio>
#include <filesystem>
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
    } else if (f.size() >= 3 && f.size() <= 7 && f[0] == "F") {
      // A symbol defined in several translation units (an inline function):
      // each copy may differ, so any copy's change counts.
      ReachRecords::Function &fn = r.functions[f[1]];
      fn.fingerprint += (fn.fingerprint.empty() ? "" : "+") + f[2];
      for (const std::string &e : split(f.size() >= 4 ? f[3] : "", ','))
        fn.edges.push_back(e);
      // Newer plugins: own fingerprint, "file:first-last", "symbol*copies*calls,...".
      if (f.size() >= 5)
        fn.own += (fn.own.empty() ? "" : "+") + f[4];
      if (std::size_t colon = f.size() >= 6 ? f[5].rfind(':') : std::string::npos;
          colon != std::string::npos && fn.file.empty() &&
          std::sscanf(f[5].c_str() + colon + 1, "%d-%d", &fn.first, &fn.last) == 2)
        fn.file = f[5].substr(0, colon);
      for (const std::string &c : split(f.size() >= 7 ? f[6] : "", ',')) {
        std::size_t star = c.rfind('*', c.rfind('*') - 1);
        int copies = 0, calls = 0;
        if (star == std::string::npos || std::sscanf(c.c_str() + star + 1, "%d*%d", &copies, &calls) != 2) {
          error = "line " + std::to_string(number) + " has a malformed inlined entry '" + c + "'";
          return {};
        }
        std::pair<int, int> &n = fn.code[c.substr(0, star)];
        n.first += copies;
        n.second += calls;
      }
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

std::optional<std::vector<std::string>> changed_inlined(const ReachRecords &old_build, const ReachRecords &new_build,
                                                        const std::string &f) {
  auto a = old_build.functions.find(f), b = new_build.functions.find(f);
  if (a == old_build.functions.end() || b == new_build.functions.end() || a->second.own.empty() ||
      a->second.own != b->second.own)
    return std::nullopt;
  std::set<std::string> reached = reach_of(old_build, f).functions;
  reached.merge(reach_of(new_build, f).functions);
  reached.erase(f);
  std::vector<std::string> out;
  for (const std::string &g : reached) {
    auto ga = old_build.functions.find(g), gb = new_build.functions.find(g);
    bool same = ga != old_build.functions.end() && gb != new_build.functions.end() && !ga->second.own.empty() &&
                ga->second.own == gb->second.own;
    if (same)
      continue;
    auto in_a = a->second.code.find(g), in_b = b->second.code.find(g);
    if (in_a == a->second.code.end() || in_b == b->second.code.end() || in_a->second != in_b->second ||
        in_a->second.first == 0 || in_a->second.second != 0)
      return std::nullopt;
    out.push_back(g);
  }
  // Changed for no change it reaches (an interprocedural effect): wherever it runs.
  if (out.empty())
    return std::nullopt;
  return out;
}

namespace {

// Whether `lines` (a function's executed lines, by file base name) has one
// of g's, or of a function g reaches (its inlined copy brings them along),
// or cannot tell (g without lines).
bool ran_lines_of(const ReachRecords &r, const std::string &g, const std::map<std::string, std::set<int>> &lines) {
  if (!r.functions.count(g))
    return true;
  for (const std::string &x : reach_of(r, g).functions) {
    const ReachRecords::Function &fn = r.functions.at(x);
    if (fn.file.empty()) {
      if (x == g)
        return true;
      continue;
    }
    auto in = lines.find(std::filesystem::path(fn.file).filename().string());
    if (in == lines.end())
      continue;
    auto at = in->second.lower_bound(fn.first);
    if (at != in->second.end() && *at <= fn.last)
      return true;
  }
  return false;
}

} // namespace

void refine_by_execution(Selected &s, const Executed &trace, const ReachRecords &old_build,
                         const ReachRecords &new_build,
                         const std::function<std::string(const std::string &)> &name_of) {
  s.executed.emplace();
  std::set<std::string> listed;
  auto list = [&](const std::string &f) {
    if (listed.insert(f).second)
      s.executed->push_back(f);
  };
  for (const std::string &f : s.changed) {
    const std::string name = name_of(f);
    if (!trace.functions.count(name))
      continue;
    std::optional<std::vector<std::string>> inlined = changed_inlined(old_build, new_build, f);
    auto lines = trace.lines.find(name);
    if (!inlined || lines == trace.lines.end()) {
      list(f);
      continue;
    }
    for (const std::string &g : *inlined)
      if (ran_lines_of(old_build, g, lines->second)) {
        list(g);
        list(f);
      }
  }
}

} // namespace steady::driver
