#include "reach.h"

#include <map>

namespace steady::gtest {

std::string create_test_symbol(std::string_view type_name) {
  if (type_name.size() < 3 || type_name.front() != 'N' || type_name.back() != 'E')
    return "";
  return "_Z" + std::string(type_name.substr(0, type_name.size() - 1)) + "10CreateTestEv";
}

std::string test_reach(std::string_view records, const std::vector<TestReach> &tests) {
  std::string out;
  // A function of internal linkage (a test in an anonymous namespace) is
  // recorded as "file.cc:symbol": its records by symbol.
  std::map<std::string, std::vector<std::string>> local;
  while (!records.empty()) {
    std::size_t end = records.find('\n');
    std::string_view line = records.substr(0, end);
    records = end == std::string_view::npos ? std::string_view() : records.substr(end + 1);
    // A body's payload line: "P <tab> Class::TestBody <tab> _ZN...8TestBodyEv".
    if (line.starts_with("P\t") && line.ends_with("8TestBodyEv"))
      continue;
    if (line.starts_with("F\t")) {
      std::string_view symbol = line.substr(2, line.find('\t', 2) - 2);
      if (std::size_t colon = symbol.find(':'); colon != std::string_view::npos)
        local[std::string(symbol.substr(colon + 1))].emplace_back(symbol);
    }
    if (!line.empty())
      out.append(line).append("\n");
  }
  for (const TestReach &t : tests) {
    std::string edges = t.create;
    if (auto it = local.find(t.create); it != local.end()) {
      edges.clear();
      for (const std::string &s : it->second)
        edges += (edges.empty() ? "" : ",") + s;
    }
    out += "P\t" + t.name + "\tgtest:" + t.name + "\n";
    out += "F\tgtest:" + t.name + "\t0\t" + edges + "\n";
  }
  return out;
}

std::unordered_set<std::string> recorded_functions(std::string_view records) {
  std::unordered_set<std::string> out;
  for (std::size_t at = 0; (at = records.find("F\t", at)) != std::string_view::npos; at += 2) {
    if (at > 0 && records[at - 1] != '\n')
      continue;
    std::string_view symbol = records.substr(at + 2, records.find_first_of("\t\n", at + 2) - at - 2);
    out.emplace(symbol.substr(symbol.rfind(':') + 1)); // npos + 1: all of it
  }
  return out;
}

} // namespace steady::gtest
