// steady c++ ARGS: clang++-22 with steady added, for builds without CMake.
//
//   steady c++ -O2 bench.cpp -o bench
//
// adds -std=c++20 (unless a -std is given), the runtime headers, the plugin,
// and, when linking, libsteady (libsteady_gtest when it links GoogleTest: steady gtest).
// <benchmark/benchmark.h> is steady's (a Google Benchmark suite builds unchanged and runs under
// steady's runner), so -lbenchmark and -lbenchmark_main are dropped, said once. Everything else
// is passed to clang as is, and clang's exit status is returned.
#include <algorithm>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "commands.h"
#include "paths.h"
#include "process.h"

namespace steady::driver {
namespace {

int exec_clang(const std::vector<std::string> &user) {
  auto has = [&](auto pred) { return std::any_of(user.begin(), user.end(), pred); };
  bool links = !has([](const std::string &a) { return a == "-c" || a == "-S" || a == "-E" || a == "-fsyntax-only"; });
  std::vector<std::string> argv = {clang_path()};
  if (!has([](const std::string &a) { return a.rfind("-std=", 0) == 0; }))
    argv.push_back("-std=c++20");
  argv.push_back("-I" + include_path());
  argv.push_back("-I" + gbench_include_path());
  for (std::string &flag : plugin_flags())
    argv.push_back(std::move(flag));
  std::vector<std::string> dropped;
  for (const std::string &a : user)
    if (a == "-lbenchmark" || a == "-lbenchmark_main")
      dropped.push_back(a);
    else
      argv.push_back(a);
  if (!dropped.empty())
    fmt::print(stderr, "steady c++: {} dropped: <benchmark/benchmark.h> is steady's, on libsteady\n",
               fmt::join(dropped, " "));
  // A GoogleTest program keeps its own main: it gets the runner without one,
  // and the adapter that makes its tests benchmarks under steady gtest.
  const bool gtest = has([](const std::string &a) {
    return a == "-lgtest" || a == "-lgtest_main" || a == "-lgmock" || a == "-lgmock_main" ||
           a.ends_with("/libgtest.a") || a.ends_with("/libgtest_main.a");
  });
  if (links && gtest) {
    argv.push_back("-Wl,-u,steady_gtest_adapter");
    argv.push_back(gtest_runtime_path());
  } else if (links) {
    argv.push_back(runtime_path()); // after the objects that need it
  }
  execv(argv[0].c_str(), c_argv(argv).data());
  fmt::print(stderr, "steady c++: cannot run '{}': {}\n", argv[0], std::strerror(errno));
  return 127;
}

} // namespace

void add_cxx(CLI::App &app, const std::vector<std::string> &after_dashes) {
  CLI::App *sub = app.add_subcommand("c++", "Compile and link with clang++-22, the steady plugin and runtime "
                                            "(arguments are passed to clang)");
  sub->callback([after_dashes] {
    if (int status = exec_clang(after_dashes))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
