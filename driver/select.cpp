// `steady select old new`: the payloads whose reachable code differs between
// two builds, from the plugin's reach records (a runner's --list-reach); the
// decision is selection.cpp's. `steady ab --changed-only` runs only those.
#include <array>
#include <cstdlib>
#include <memory>
#include <unistd.h>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cause.h"
#include "commands.h"
#include "executed.h"
#include "process.h"
#include "selection.h"
#include "steady/option_checks.h"
#include "steady/output_file.h"

namespace steady::driver {

namespace {

std::string readable(const std::string &symbol, bool with_file = true) {
  // A static function's record is "source-file:symbol".
  std::size_t colon = symbol.rfind(':');
  std::string file = colon == std::string::npos ? "" : symbol.substr(0, colon + 1);
  return (with_file ? file : "") + demangle(colon == std::string::npos ? symbol : symbol.substr(colon + 1));
}

// Changed functions as the listing prints them: readable, comma-separated.
template <class Names> std::string readable_list(const Names &names) {
  std::string out;
  for (const std::string &f : names)
    out += (out.empty() ? "" : ", ") + readable(f);
  return out;
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
                      std::vector<std::string> &changed, nlohmann::json *selection, bool traced, double trace_limit) {
  ReachRecords a, b;
  if (!records_of(tool, "old", old_bin, a) || !records_of(tool, "new", new_bin, b))
    return false;
  if (selection)
    *selection = nlohmann::json::array();
  const std::string cache = executed_cache_dir();
  for (Selected &s : select_changed(a, b)) {
    // --traced: what it executed on the old build (executed.h); untraced, the static selection holds.
    std::string untraced;
    if (traced && !s.is_new && !s.changed.empty()) {
      if (isatty(2))
        fmt::print(stderr, "\r\033[Ktracing {} on the old build under callgrind", s.payload);
      Executed e = executed_by(old_bin, s.payload, cache, trace_limit);
      if (isatty(2))
        fmt::print(stderr, "\r\033[K");
      if (e.problem.empty())
        refine_by_execution(s, e, a, b, [](const std::string &f) { return readable(f, false); });
      else
        untraced = e.problem;
    }
    if (selection) {
      nlohmann::json fns = nlohmann::json::array(), ran = nlohmann::json::array();
      for (const std::string &f : s.changed)
        fns.push_back(readable(f));
      nlohmann::json j = {{"name", s.payload},
                          {"run", s.run()},
                          {"reason", s.is_new            ? "new"
                                     : s.run()           ? "changed"
                                     : s.changed.empty() ? "unchanged"
                                                         : "changed, not executed"},
                          {"changed", fns},
                          {"indirect", s.indirect},
                          {"external", s.external}};
      if (s.executed) {
        for (const std::string &f : *s.executed)
          ran.push_back(readable(f));
        j["executed_changed"] = ran;
      }
      if (!untraced.empty())
        j["untraced"] = untraced;
      selection->push_back(std::move(j));
    }
    std::string notes;
    if (s.indirect)
      notes += " (calls through a pointer: functions whose address it takes are followed)";
    if (s.external)
      notes += fmt::format(" ({} callee{} outside code built with the plugin, not followed)", s.external,
                           s.external == 1 ? "" : "s");
    if (!untraced.empty())
      notes += " (not traced on the old build, " + untraced + ": selected by its reach)";
    if (!s.run() && !s.changed.empty()) {
      fmt::print("{}: reaches changed code it did not execute on the old build (traced): not run; changed: {}{}\n",
                 s.payload, readable_list(s.changed), notes);
      continue;
    }
    if (!s.run()) {
      fmt::print("{}: unchanged code: not run{}\n", s.payload, notes);
      continue;
    }
    changed.push_back(s.payload);
    if (s.is_new) {
      fmt::print("{}: new in '{}'\n", s.payload, new_bin);
      continue;
    }
    fmt::print("{}: changed{}: {}{}\n", s.payload, s.executed ? ", executed on the old build" : "",
               readable_list(s.executed ? *s.executed : s.changed), notes);
  }
  return true;
}

bool changed_by_payload(const std::string &tool, const std::string &old_bin, const std::string &new_bin,
                        std::map<std::string, std::set<std::string>> &out,
                        std::map<std::string, std::set<std::string>> *calls) {
  ReachRecords a, b;
  if (!records_of(tool, "old", old_bin, a) || !records_of(tool, "new", new_bin, b))
    return false;
  for (const Selected &s : select_changed(a, b))
    for (const std::string &f : s.changed)
      out[s.payload].insert(readable(f, false));
  if (calls)
    for (const auto &[symbol, f] : b.functions) {
      std::set<std::string> &callees = (*calls)[readable(symbol, false)];
      for (const std::string &e : f.edges)
        if (e != "*")
          callees.insert(readable(e[0] == '&' ? e.substr(1) : e, false));
    }
  return true;
}

void add_select(CLI::App &app) {
  auto bins = std::make_shared<std::array<std::string, 2>>();
  auto json = std::make_shared<std::string>();
  auto traced = std::make_shared<bool>(false);
  auto limit = std::make_shared<double>(kTraceLimit);
  CLI::App *sub = app.add_subcommand(
      "select", "List the benchmarks whose reachable code differs between two builds (the steady plugin's "
                "fingerprints; a change they cannot see, such as a data file, is yours to name), and those with "
                "unchanged code");
  sub->add_option("old", (*bins)[0], "The baseline benchmark binary")->required()->check(CLI::ExistingFile);
  sub->add_option("new", (*bins)[1], "The new benchmark binary")->required()->check(CLI::ExistingFile);
  sub->add_option("--json", *json, "Also write the selection as JSON (schema steady-select/1)");
  sub->add_flag("--traced", *traced, kTracedHelp);
  sub->add_option("--trace-limit", *limit, kTraceLimitHelp)
      ->check(steady::options::finite(true, "seconds"))
      ->capture_default_str();
  sub->callback([bins, json, traced, limit] {
    check_outputs("steady select", {{"--json", *json}});
    std::vector<std::string> changed;
    nlohmann::json selection;
    if (!select_and_print("steady select", (*bins)[0], (*bins)[1], changed, &selection, *traced, *limit))
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
