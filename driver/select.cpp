// `steady select old new`: the payloads whose reachable code differs between
// two builds, from the plugin's reach records (a runner's --list-reach); the
// decision is selection.cpp's. `steady ab --changed-only` runs only those.
#include <array>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "process.h"
#include "selection.h"
#include "steady/output_file.h"

namespace steady::driver {

namespace {

std::string readable(const std::string &symbol, bool with_file = true) {
  // A static function's record is "source-file:symbol".
  std::size_t colon = symbol.rfind(':');
  std::string file = colon == std::string::npos ? "" : symbol.substr(0, colon + 1);
  std::string name = colon == std::string::npos ? symbol : symbol.substr(colon + 1);
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> d(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  return (with_file ? file : "") + (status == 0 && d ? d.get() : name);
}

bool records_of(const std::string &tool, const char *side, const std::string &bin, ReachRecords &out) {
  ProgramRun r = run_captured({bin, "--list-reach"}, "", {.timeout = 60});
  if (r.status != 0) {
    fmt::print(stderr, "{}: {} '{}' --list-reach failed (status {}){}\n", tool, side, bin, r.status,
               r.problem.empty() ? "; is it a steady benchmark binary of this version?" : ": " + r.problem);
    return false;
  }
  std::string error;
  out = parse_reach(r.out, error);
  if (!error.empty()) {
    fmt::print(stderr, "{}: {} '{}' --list-reach: {}\n", tool, side, bin, error);
    return false;
  }
  if (out.payloads.empty()) {
    fmt::print(stderr, "{}: {} '{}' has no reach records: build it with the steady plugin (steady c++)\n", tool, side,
               bin);
    return false;
  }
  return true;
}

} // namespace

bool select_and_print(const std::string &tool, const std::string &old_bin, const std::string &new_bin,
                      std::vector<std::string> &changed, nlohmann::json *selection) {
  ReachRecords a, b;
  if (!records_of(tool, "old", old_bin, a) || !records_of(tool, "new", new_bin, b))
    return false;
  if (selection)
    *selection = nlohmann::json::array();
  for (const Selected &s : select_changed(a, b)) {
    if (selection) {
      nlohmann::json fns = nlohmann::json::array();
      for (const std::string &f : s.changed)
        fns.push_back(readable(f));
      selection->push_back({{"name", s.payload},
                            {"run", s.run()},
                            {"reason", s.is_new  ? "new"
                                       : s.run() ? "changed"
                                                 : "unchanged"},
                            {"changed", fns},
                            {"indirect", s.indirect},
                            {"external", s.external}});
    }
    std::string notes;
    if (s.indirect)
      notes += " (calls through a pointer: functions whose address it takes are followed)";
    if (s.external)
      notes += fmt::format(" ({} callee{} outside code built with the plugin, not followed)", s.external,
                           s.external == 1 ? "" : "s");
    if (!s.run()) {
      fmt::print("{}: unchanged code: not run{}\n", s.payload, notes);
      continue;
    }
    changed.push_back(s.payload);
    if (s.is_new) {
      fmt::print("{}: new in '{}'\n", s.payload, new_bin);
      continue;
    }
    std::string fns;
    for (const std::string &f : s.changed)
      fns += (fns.empty() ? "" : ", ") + readable(f);
    fmt::print("{}: changed: {}{}\n", s.payload, fns, notes);
  }
  return true;
}

bool changed_by_payload(const std::string &tool, const std::string &old_bin, const std::string &new_bin,
                        std::map<std::string, std::set<std::string>> &out) {
  ReachRecords a, b;
  if (!records_of(tool, "old", old_bin, a) || !records_of(tool, "new", new_bin, b))
    return false;
  for (const Selected &s : select_changed(a, b))
    for (const std::string &f : s.changed)
      out[s.payload].insert(readable(f, false));
  return true;
}

void add_select(CLI::App &app) {
  auto bins = std::make_shared<std::array<std::string, 2>>();
  auto json = std::make_shared<std::string>();
  CLI::App *sub = app.add_subcommand(
      "select", "List the benchmarks whose reachable code differs between two builds (the steady plugin's "
                "fingerprints; a change they cannot see, such as a data file, is yours to name), and those with "
                "unchanged code");
  sub->add_option("old", (*bins)[0], "The baseline benchmark binary")->required()->check(CLI::ExistingFile);
  sub->add_option("new", (*bins)[1], "The new benchmark binary")->required()->check(CLI::ExistingFile);
  sub->add_option("--json", *json, "Also write the selection as JSON (schema steady-select/1)");
  sub->callback([bins, json] {
    check_outputs("steady select", {{"--json", *json}});
    std::vector<std::string> changed;
    nlohmann::json selection;
    if (!select_and_print("steady select", (*bins)[0], (*bins)[1], changed, &selection))
      throw CLI::RuntimeError(2);
    if (!json->empty())
      write_output(*json, [&](std::ostream &out) {
        out << nlohmann::json{{"schema", "steady-select/1"},
                              {"old", (*bins)[0]},
                              {"new", (*bins)[1]},
                              {"benchmarks", selection}}
                   .dump(2)
            << "\n";
      });
  });
}

} // namespace steady::driver
