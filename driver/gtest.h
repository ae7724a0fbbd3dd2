// Running GoogleTest binaries linked with steady's adapter (runtime/gtest):
// their own main must not see the runner's options, so these travel in the
// environment (STEADY_GTEST_ARGS); the binary's --gtest_ flags and its own
// arguments stay on its command line.
#pragma once

#include <string>
#include <vector>

namespace steady::driver {

// Whether the program at `path` carries the adapter's mark.
bool has_gtest_adapter(const std::string &path);

struct Invocation {
  std::vector<std::string> argv, env;
};

// How to run a benchmark binary: `args` is the binary then runner options;
// `program_args` go to the binary's own main. For a binary without the
// adapter, argv is args followed by program_args.
Invocation runner_invocation(const std::vector<std::string> &args, const std::vector<std::string> &program_args = {});

} // namespace steady::driver
