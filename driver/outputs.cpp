#include <fmt/core.h>

#include "commands.h"
#include "steady/output_file.h"

namespace steady::driver {

void check_outputs(const std::string &tool, std::initializer_list<std::pair<const char *, std::string>> outputs) {
  for (const auto &[flag, path] : outputs) {
    if (path.empty())
      continue;
    try {
      check_output(path);
    } catch (const std::exception &e) {
      fmt::print(stderr, "{}: {}: {} (nothing was done)\n", tool, flag, e.what());
      throw CLI::RuntimeError(2);
    }
  }
}

} // namespace steady::driver
