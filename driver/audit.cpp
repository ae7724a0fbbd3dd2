// steady audit: what would the optimizer remove from these benchmarks?
//
//   steady audit bench.cpp [more.cpp ...] [-- extra compiler flags]
//   steady audit -- clang++-22 -O2 -c bench.cpp -Iinclude ...
//   steady audit --print-flags       (flags that audit inside a build)
//
// Compiles each translation unit with the plugin in audit mode (-mllvm
// -steady-audit), lets clang print the findings as warnings at file:line:col,
// and merges the plugin's per-TU JSON summaries into one file. The compile
// writes no object file; a -Werror in the command does not make the findings
// errors (--werror does). Exit status: 0 no findings, 1 findings, 2 usage,
// 3 a compile failed.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "paths.h"
#include "process.h"
#include "steady/output_file.h"

namespace steady::driver {
namespace {

namespace fs = std::filesystem;

struct AuditOptions {
  std::vector<std::string> files;
  std::vector<std::string> command; // everything after --
  std::string json = "steady-audit.json";
  bool werror = false;
  bool print_flags = false;
};

int run(const std::vector<std::string> &argv) {
  pid_t pid;
  if (int err = start_program(argv, pid, true)) {
    fmt::print(stderr, "steady audit: cannot run '{}': {}\n", argv[0], std::strerror(err));
    return 127;
  }
  return wait_exit_status(pid);
}

// The flags that turn a clang compile into an audit of its benchmarks.
std::vector<std::string> audit_flags(const std::string &json, bool werror) {
  std::vector<std::string> flags = plugin_flags();
  flags.insert(flags.end(), {"-mllvm", "-steady-audit", "-mllvm", "-steady-audit-json=" + json,
                             // Line tables give findings exact locations; they do not
                             // change what the optimizer does.
                             "-gline-tables-only"});
  // Findings are -Wpass-failed warnings: a build's -Werror must not turn the
  // audit into a failed compile unless asked to.
  flags.push_back(werror ? "-Werror=pass-failed" : "-Wno-error=pass-failed");
  return flags;
}

// For CMAKE_CXX_FLAGS and the like: the same audit inside a build. Compile
// and link steps see the same flags; a link step does not use the plugin's,
// and under -Werror "argument unused during compilation" would fail it.
std::string build_flags() {
  return fmt::format("--start-no-unused-arguments {} -mllvm -steady-audit -Wno-error=pass-failed "
                     "--end-no-unused-arguments",
                     fmt::join(plugin_flags(), " "));
}

// Runs one audit compile; the TU's summary is appended to `summaries`.
int audit_one(std::vector<std::string> cmd, const AuditOptions &opts, nlohmann::json &summaries) {
  fs::path json = fs::temp_directory_path() / fmt::format("steady-audit-{}-{}.json", getpid(), summaries.size());
  // Never overwrite the user's outputs: the audit only wants diagnostics.
  for (size_t i = 0; i < cmd.size(); ++i)
    if (cmd[i] == "-o" && i + 1 < cmd.size())
      cmd[i + 1] = "/dev/null";
    else if (cmd[i].size() > 2 && cmd[i].rfind("-o", 0) == 0)
      cmd[i] = "-o/dev/null"; // joined: -ofile.o
  bool has_c = false, has_o = false;
  for (const std::string &a : cmd) {
    has_c |= a == "-c" || a == "-S" || a == "-fsyntax-only";
    has_o |= a.rfind("-o", 0) == 0;
  }
  if (!has_c)
    cmd.insert(cmd.begin() + 1, "-c");
  // `clang -c file.cc` alone would write file.o into the current directory.
  if (!has_o)
    cmd.insert(cmd.begin() + 1, {"-o", "/dev/null"});
  for (const std::string &f : audit_flags(json, opts.werror))
    cmd.push_back(f);
  int status = run(cmd);
  std::ifstream in(json);
  if (in) {
    try {
      summaries.push_back(nlohmann::json::parse(in));
    } catch (const nlohmann::json::exception &e) {
      fmt::print(stderr, "steady audit: unreadable summary from the plugin ({}): {}\n", json.string(), e.what());
    }
  }
  std::error_code ec;
  fs::remove(json, ec);
  return status;
}

int audit(const AuditOptions &opts) {
  if (opts.print_flags) {
    fmt::print("{}\n", build_flags());
    return 0;
  }
  std::vector<std::vector<std::string>> compiles;
  if (!opts.files.empty()) {
    for (const std::string &file : opts.files) {
      std::vector<std::string> cmd = {clang_path(), "-std=c++20", "-O2", "-I" + include_path(),
                                      "-c",         file,         "-o",  "/dev/null"};
      cmd.insert(cmd.end(), opts.command.begin(), opts.command.end());
      compiles.push_back(cmd);
    }
  } else if (!opts.command.empty()) {
    if (fs::path(opts.command[0]).filename().string().find("clang") == std::string::npos) {
      fmt::print(stderr,
                 "steady audit: '{}' is not clang: the audit runs inside clang 22 "
                 "(use {} or clang++-22)\n",
                 opts.command[0], clang_path());
      return 2;
    }
    compiles.push_back(opts.command);
  } else {
    fmt::print(stderr, "steady audit: give source files, or a compile command after --\n");
    return 2;
  }

  nlohmann::json summaries = nlohmann::json::array();
  int failed = 0;
  for (const auto &cmd : compiles)
    if (audit_one(cmd, opts, summaries) != 0)
      ++failed;

  size_t audited = 0, findings = 0, not_audited = 0;
  for (const auto &tu : summaries) {
    audited += tu.value("audited", nlohmann::json::array()).size();
    not_audited += tu.value("not_audited", nlohmann::json::array()).size();
    findings += tu.value("findings", nlohmann::json::array()).size();
  }
  try {
    write_output(opts.json, [&](std::ostream &out) {
      out << nlohmann::json{{"schema", "steady-audit/1"}, {"translation_units", summaries}}.dump(2) << "\n";
    });
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady audit: {}\n", e.what());
    return 2;
  }
  fmt::print(
      stderr,
      "steady audit: {} benchmark function{} audited in {} translation unit{}{}, {} finding{}{}; summary in {}\n",
      audited, audited == 1 ? "" : "s", summaries.size(), summaries.size() == 1 ? "" : "s",
      not_audited ? fmt::format(" ({} taking a State not audited: see the warning)", not_audited) : "", findings,
      findings == 1 ? "" : "s", failed ? fmt::format(", {} compile(s) failed", failed) : "", opts.json);
  if (failed)
    return 3;
  return findings ? 1 : 0;
}

} // namespace

void add_audit(CLI::App &app, const std::vector<std::string> &after_dashes) {
  auto opts = std::make_shared<AuditOptions>();
  CLI::App *sub = app.add_subcommand(
      "audit", "Report what the optimizer removes from, folds in or hoists out of benchmark payloads "
               "and Google Benchmark functions");
  sub->add_option("files", opts->files, "C++ sources to audit (compiled with clang++-22 -O2)");
  sub->add_option("--json", opts->json, "Where to write the JSON summary")->capture_default_str();
  sub->add_flag("--werror", opts->werror, "Make findings compile errors (a -Werror in the command does not)");
  sub->add_flag("--print-flags", opts->print_flags,
                "Print the compiler flags that audit every compile of a build (for CMAKE_CXX_FLAGS), "
                "safe on link steps and under -Werror");
  sub->footer("After --: extra compiler flags when files are given, otherwise a whole compile command "
              "(clang++-22 ... -c file.cpp) to audit as is.");
  sub->callback([opts, after_dashes] {
    opts->command = after_dashes;
    check_outputs("steady audit", {{"--json", opts->json}});
    if (int status = audit(*opts))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
