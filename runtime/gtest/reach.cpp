#include "reach.h"

namespace steady::gtest {

std::string create_test_symbol(std::string_view type_name) {
  if (type_name.size() < 3 || type_name.front() != 'N' || type_name.back() != 'E')
    return "";
  return "_Z" + std::string(type_name.substr(0, type_name.size() - 1)) + "10CreateTestEv";
}

std::string test_reach(std::string_view records, const std::vector<TestReach> &tests) {
  std::string out;
  while (!records.empty()) {
    std::size_t end = records.find('\n');
    std::string_view line = records.substr(0, end);
    records = end == std::string_view::npos ? std::string_view() : records.substr(end + 1);
    // A body's payload line: "P <tab> Class::TestBody <tab> _ZN...8TestBodyEv".
    if (line.starts_with("P\t") && line.ends_with("8TestBodyEv"))
      continue;
    if (!line.empty())
      out.append(line).append("\n");
  }
  for (const TestReach &t : tests) {
    out += "P\t" + t.name + "\tgtest:" + t.name + "\n";
    out += "F\tgtest:" + t.name + "\t0\t" + t.create + "\n";
  }
  return out;
}

} // namespace steady::gtest
