#include "process.h"

#include <cerrno>
#include <cstring>
#include <sys/wait.h>

namespace steady::driver {

std::vector<char *> c_argv(const std::vector<std::string> &args) {
  std::vector<char *> argv;
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

int wait_exit_status(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string exact_filter(const std::string &name) {
  std::string r = "--filter=^";
  for (char c : name) {
    if (std::strchr("\\^$.|?*+()[]{}", c))
      r += '\\';
    r += c;
  }
  return r + "$";
}

} // namespace steady::driver
