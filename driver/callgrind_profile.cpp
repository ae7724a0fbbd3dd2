#include "callgrind_profile.h"

#include <sstream>
#include <vector>

namespace steady::driver {

namespace {

// "(id) name" defines id, "(id)" refers to it, "name" has none (no compression).
std::string decompress(const std::string &value, std::map<std::string, std::string> &names) {
  if (value.empty() || value[0] != '(')
    return value;
  std::size_t close = value.find(')');
  if (close == std::string::npos)
    return value;
  std::string id = value.substr(0, close + 1);
  if (close + 1 < value.size())
    return names[id] = value.substr(value.find_first_not_of(' ', close + 1));
  return names[id];
}

// A position: absolute, "+N"/"-N" relative to the last, "*" the same.
bool position(const std::string &word, long last, long &out) {
  try {
    if (word == "*")
      out = last;
    else if (word[0] == '+' || word[0] == '-')
      out = last + std::stol(word);
    else
      out = std::stol(word);
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

} // namespace

CallgrindProfile parse_callgrind_profile(std::istream &in, std::string &error) {
  CallgrindProfile p;
  std::map<std::string, std::string> files, fns;
  std::size_t ir = 0; // the index of Ir among the events
  std::string fn, fn_file, file, called;
  long last = 0;
  bool call_cost = false; // the next cost line is a call's inclusive cost
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#')
      continue;
    auto value = [&](std::size_t skip) { return line.substr(skip); };
    if (line.rfind("events:", 0) == 0) {
      std::istringstream words(value(7));
      std::vector<std::string> events;
      for (std::string e; words >> e;)
        events.push_back(e);
      ir = events.size();
      for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i] == "Ir")
          ir = i;
      if (ir == events.size()) {
        error = "line " + std::to_string(number) + ": no Ir event";
        return {};
      }
    } else if (line.rfind("positions:", 0) == 0) {
      if (std::istringstream(value(10)) >> line, line != "line") {
        error = "line " + std::to_string(number) + ": positions other than source lines";
        return {};
      }
    } else if (line.rfind("fl=", 0) == 0) {
      fn_file = file = decompress(value(3), files);
    } else if (line.rfind("fi=", 0) == 0 || line.rfind("fe=", 0) == 0) {
      file = decompress(value(3), files);
    } else if (line.rfind("fn=", 0) == 0) {
      fn = decompress(value(3), fns);
      file = fn_file;
      FunctionCost &f = p.functions[fn];
      if (f.file.empty())
        f.file = fn_file;
    } else if (line.rfind("cfn=", 0) == 0) {
      called = decompress(value(4), fns);
    } else if (line.rfind("cfi=", 0) == 0 || line.rfind("cfl=", 0) == 0) {
      decompress(value(4), files); // only its name's definition matters here
    } else if (line.rfind("ob=", 0) == 0 || line.rfind("cob=", 0) == 0 || line.rfind("jump=", 0) == 0 ||
               line.rfind("jcnd=", 0) == 0) {
      // objects and jumps: not needed per function
    } else if (line.rfind("calls=", 0) == 0) {
      call_cost = true;
    } else if (std::isdigit(static_cast<unsigned char>(line[0])) || line[0] == '+' || line[0] == '-' ||
               line[0] == '*') {
      std::istringstream words(line);
      std::string pos;
      words >> pos;
      long at;
      if (fn.empty() || !position(pos, last, at)) {
        error = "line " + std::to_string(number) + " is not a cost line: '" + line + "'";
        return {};
      }
      last = at;
      std::vector<double> costs;
      for (double c; words >> c;)
        costs.push_back(c);
      double cost = ir < costs.size() ? costs[ir] : 0;
      FunctionCost &f = p.functions[fn];
      if (call_cost) {
        // A recursive call's cost is already the function's own.
        if (called != fn)
          f.inclusive += cost;
        call_cost = false;
        continue;
      }
      f.exclusive += cost;
      f.inclusive += cost;
      p.total += cost;
      if (at > 0 && cost > 0)
        f.lines[file].insert(int(at));
      if (at > 0 && file == f.file && (f.line == 0 || at < f.line))
        f.line = int(at);
    }
    // Other lines (version:, creator:, cmd:, desc:, positions:, summary:,
    // totals:, part:, pid:, thread:) say nothing per function.
  }
  return p;
}

std::string plain_function_name(std::string n) {
  if (std::size_t clone = n.find(" [clone "); clone != std::string::npos)
    n.erase(clone);
  if (std::size_t q = n.rfind('\'');
      q != std::string::npos && q + 1 < n.size() && n.find_first_not_of("0123456789", q + 1) == std::string::npos)
    n.erase(q);
  return n;
}

} // namespace steady::driver
