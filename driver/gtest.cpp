// steady gtest BINARY [runner options] [--gtest_filter=...] [-- program args]:
// every test of a GoogleTest binary as a steady benchmark (runtime/gtest).
#include "gtest.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/core.h>

#include "commands.h"
#include "process.h"

extern char **environ;

namespace steady::driver {

bool has_gtest_adapter(const std::string &path) {
  // steady ab starts the same binaries fork after fork: each is read once.
  static std::map<std::string, bool> seen;
  if (auto it = seen.find(path); it != seen.end())
    return it->second;
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st{};
  bool found = false;
  if (fstat(fd, &st) == 0 && st.st_size > 0) {
    void *p = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      constexpr std::string_view mark = "steady-gtest-adapter/1";
      found = memmem(p, std::size_t(st.st_size), mark.data(), mark.size()) != nullptr;
      munmap(p, std::size_t(st.st_size));
    }
  }
  close(fd);
  return seen[path] = found;
}

Invocation runner_invocation(const std::vector<std::string> &args, const std::vector<std::string> &program_args) {
  Invocation inv;
  for (char **e = environ; *e; ++e)
    if (!std::string_view(*e).starts_with("STEADY_GTEST_ARGS=") &&
        !std::string_view(*e).starts_with("STEADY_GTEST_SINGLE_SHOT="))
      inv.env.emplace_back(*e);
  if (args.empty() || !has_gtest_adapter(args[0])) {
    inv.argv = args;
    inv.argv.insert(inv.argv.end(), program_args.begin(), program_args.end());
    return inv;
  }
  inv.argv = {args[0]};
  std::string options;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i].starts_with("--gtest_"))
      inv.argv.push_back(args[i]);
    else
      options += (options.empty() ? "" : "\x1f") + args[i];
  }
  inv.argv.insert(inv.argv.end(), program_args.begin(), program_args.end());
  inv.env.push_back("STEADY_GTEST_ARGS=" + options);
  return inv;
}

void add_gtest(CLI::App &app, const std::vector<std::string> &after_dashes) {
  CLI::App *sub = app.add_subcommand(
      "gtest", "Measure every test of a GoogleTest binary as a benchmark: steady gtest ./unit_tests [runner options] "
               "[--gtest_filter=...] [-- arguments of the binary]; build it with steady c++ ... -lgtest_main -lgtest "
               "or CMake's Steady::gtest (docs/gtest.md)");
  auto *binary = new std::string;
  auto *options = new std::vector<std::string>;
  sub->add_option("binary", *binary, "The test binary")->required();
  sub->add_option("options", *options, "Runner options (as a benchmark binary takes them) and --gtest_ flags");
  sub->allow_extras();
  sub->prefix_command();
  sub->callback([sub, binary, options, after_dashes] {
    std::vector<std::string> args = {*binary};
    args.insert(args.end(), options->begin(), options->end());
    for (const std::string &r : sub->remaining())
      args.push_back(r);
    if (access(binary->c_str(), X_OK) != 0) {
      fmt::print(stderr, "steady gtest: cannot run '{}': {}\n", *binary, std::strerror(errno));
      throw CLI::RuntimeError(2);
    }
    if (!has_gtest_adapter(*binary)) {
      fmt::print(stderr,
                 "steady gtest: '{}' was not linked with steady's GoogleTest adapter: build it with steady c++ "
                 "... -lgtest_main -lgtest, or link CMake's Steady::gtest (nothing was run)\n",
                 *binary);
      throw CLI::RuntimeError(2);
    }
    Invocation inv = runner_invocation(args, after_dashes);
    execve(inv.argv[0].c_str(), c_argv(inv.argv).data(), c_argv(inv.env).data());
    fmt::print(stderr, "steady gtest: cannot run '{}': {}\n", *binary, std::strerror(errno));
    throw CLI::RuntimeError(127);
  });
}

} // namespace steady::driver
