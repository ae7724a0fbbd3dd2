// The `steady` tool's subcommands. Each adds itself to the CLI11 app; its
// callback runs the command and reports a non-zero exit status by throwing
// CLI::RuntimeError(status), which CLI11_PARSE turns into the return value.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

namespace steady::driver {

// `after_dashes`: the arguments after the first `--`, passed through verbatim
// (a compile command, extra compiler flags).
void add_audit(CLI::App &app, const std::vector<std::string> &after_dashes);
void add_cxx(CLI::App &app, const std::vector<std::string> &after_dashes);
void add_gtest(CLI::App &app, const std::vector<std::string> &after_dashes);
void add_evaluate(CLI::App &app);
void add_compare(CLI::App &app);
void add_analyze(CLI::App &app);
void add_ab(CLI::App &app, const std::vector<std::string> &after_dashes);
void add_slurm(CLI::App &app, const std::vector<std::string> &after_dashes);
void add_report(CLI::App &app);
void add_select(CLI::App &app);

inline constexpr double kTraceLimit = 300;
inline constexpr const char *kTraceLimitHelp =
    "With --traced: seconds a payload's trace may take under callgrind; one that takes longer is selected by its "
    "reach, and is traced again only under a longer limit (failures are cached too)";

// Prints, per payload of NEW_BIN, the functions whose fingerprint differs from
// OLD_BIN's or "unchanged code: not run" (select.cpp); `changed`: the payload
// names to run. False after printing why the builds' records cannot be read.
// `selection` (when given): the same per payload as JSON, steady-select/1's
// "benchmarks" (docs/select-and-cause.md).
// `traced` (--traced): a payload that reaches changed code runs only when it
// executed a changed function on the old build (driver/executed.h); each
// trace may take `trace_limit` seconds (--trace-limit).
bool select_and_print(const std::string &tool, const std::string &old_bin, const std::string &new_bin,
                      std::vector<std::string> &changed, nlohmann::json *selection = nullptr, bool traced = false,
                      double trace_limit = kTraceLimit);
inline constexpr const char *kTracedHelp =
    "Of the benchmarks or tests that reach changed code, run only those that executed a changed function on the old "
    "build: each is traced once under callgrind (cached by the binary's content); one that cannot be traced is "
    "selected by its reach";
// Per payload, the demangled names of the functions `steady select` finds
// changed, and (when `calls` is given) the new build's calls before inlining
// by demangled name (cause.h's CallGraph); false after printing why the
// records cannot be read.
bool changed_by_payload(const std::string &tool, const std::string &old_bin, const std::string &new_bin,
                        std::map<std::string, std::set<std::string>> &out,
                        std::map<std::string, std::set<std::string>> *calls = nullptr);
void add_cause(CLI::App &app);

// Every output a command was asked to write (flag, path; empty paths are
// skipped), checked before it does any work (outputs_problem: each can be
// written, no two are one file): on the first problem, prints "TOOL: FLAG:
// <problem> (nothing was done)" and throws CLI::RuntimeError(2).
void check_outputs(const std::string &tool, const std::vector<std::pair<std::string, std::string>> &outputs);

struct CompareOptions;
// The comparison options shared by compare and ab (compare.cpp).
void add_comparison_options(CLI::App *sub, CompareOptions &o, std::string &gate, std::string &margin);
void parse_gate_options(CompareOptions &o, const std::string &gate, const std::string &margin);

} // namespace steady::driver
