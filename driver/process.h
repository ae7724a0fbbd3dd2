// Running other programs from the tool (audit, ab, c++).
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace steady::driver {

// argv for exec and posix_spawn: pointers into `args`, null-terminated.
std::vector<char *> c_argv(const std::vector<std::string> &args);

// Waits for the child (through EINTR) and returns its status as a shell
// reports it: the exit code, or 128 + the signal that killed it.
int wait_exit_status(pid_t pid);

// The runner option that selects the one benchmark NAME: "--filter=^NAME$",
// its ECMAScript metacharacters escaped ('/' and '=' are none).
std::string exact_filter(const std::string &name);

} // namespace steady::driver
