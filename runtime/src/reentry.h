// Running this program again (forks, the valgrind probe): its argv and
// environment after the program's re-entry function (set_reentry) had its say.
#pragma once

#include <string>
#include <vector>

namespace steady {

struct Reentry {
  std::vector<std::string> argv, env;
  // Null-terminated pointers into argv and env, for posix_spawn.
  std::vector<char *> c_argv(), c_env();
};

// `argv`: the program, then the runner's options; the environment is this process's.
Reentry reentry_command(std::vector<std::string> argv);

} // namespace steady
