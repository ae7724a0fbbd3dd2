#include <fmt/core.h>

#include "commands.h"
#include "steady/output_file.h"

namespace steady::driver {

void check_outputs(const std::string &tool, const std::vector<std::pair<std::string, std::string>> &outputs) {
  if (std::string problem = outputs_problem(outputs); !problem.empty()) {
    fmt::print(stderr, "{}: {} (nothing was done)\n", tool, problem);
    throw CLI::RuntimeError(2);
  }
}

} // namespace steady::driver
