#include "process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/core.h>

#include "gtest.h"

extern char **environ;

namespace steady::driver {

std::vector<char *> c_argv(const std::vector<std::string> &args) {
  std::vector<char *> argv;
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

int start_program(const std::vector<std::string> &args, pid_t &pid, bool search_path, int out_fd, int err_fd,
                  bool own_group, const std::vector<std::string> &wrapper, const std::vector<std::string> &env_added,
                  int hand_fd) {
  // A benchmark binary given by its path may be a GoogleTest binary, whose
  // runner options travel in its environment (steady gtest).
  Invocation inv = search_path && wrapper.empty() ? Invocation{args, {}} : runner_invocation(args);
  if (!wrapper.empty()) {
    inv.argv.insert(inv.argv.begin(), wrapper.begin(), wrapper.end());
    search_path = true;
  }
  if (search_path && wrapper.empty() && !env_added.empty())
    for (char **e = environ; *e; ++e)
      inv.env.emplace_back(*e);
  inv.env.insert(inv.env.end(), env_added.begin(), env_added.end());
  std::vector<char *> argv = c_argv(inv.argv), env = c_argv(inv.env);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (out_fd >= 0)
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
  if (err_fd >= 0)
    posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
  if (hand_fd >= 0)
    posix_spawn_file_actions_adddup2(&fa, hand_fd, kHandedFd);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (own_group) {
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
  }
  int e = (search_path ? posix_spawnp : posix_spawn)(&pid, argv[0], &fa, &attr, argv.data(),
                                                     inv.env.empty() ? environ : env.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&fa);
  return e;
}

namespace {

int shell_status(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

// The file's contents; the file is removed.
std::string slurp_and_remove(const std::string &path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  std::remove(path.c_str());
  return s.str();
}

} // namespace

int wait_exit_status(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return shell_status(status);
}

int wait_bounded(pid_t pid, double limit, bool &timed_out, const std::atomic<int> *interrupt) {
  if (limit <= 0 && !interrupt)
    return wait_exit_status(pid);
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit));
  bool forwarded = false;
  for (;;) {
    int status = 0;
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid)
      return shell_status(status);
    if (r < 0 && errno != EINTR)
      return -1;
    // A child that leads its own process group (run_captured with a time
    // limit) is stopped with everything it started.
    const pid_t target = getpgid(pid) == pid ? -pid : pid;
    if (interrupt && *interrupt && !forwarded) {
      kill(target, *interrupt);
      forwarded = true;
    }
    if (limit > 0 && !timed_out && Clock::now() > deadline) {
      kill(target, SIGKILL);
      timed_out = true;
    }
    usleep(5000);
  }
}

ProgramRun run_captured(const std::vector<std::string> &args, const std::string &capture, const RunLimits &limits) {
  ProgramRun r;
  // The capture files are opened here, so that a failure to create them is
  // reported as such and not as the program failing to run.
  std::string path[2];
  int fds[2] = {-1, -1};
  for (int k = 0; k < 2; ++k) {
    const char *ext = k ? "err" : "out";
    if (capture.empty()) {
      path[k] = fmt::format("/tmp/steady-{}.XXXXXX", ext);
      fds[k] = mkostemp(path[k].data(), O_CLOEXEC);
    } else {
      path[k] = fmt::format("{}.{}", capture, ext);
      fds[k] = open(path[k].c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    }
    if (fds[k] < 0) {
      r.problem = capture.empty() ? fmt::format("cannot create a temporary file: {}", std::strerror(errno))
                                  : fmt::format("cannot create the capture file '{}' for '{}': {}", path[k], args[0],
                                                std::strerror(errno));
      if (k)
        close(fds[0]), std::remove(path[0].c_str());
      return r;
    }
  }
  pid_t pid;
  // With a time limit in a process group of its own, so that the limit
  // also ends what it started (a script's children).
  r.start_error = start_program(args, pid, limits.search_path, fds[0], fds[1], limits.timeout > 0, limits.wrapper,
                                limits.env, limits.hand_fd);
  close(fds[0]);
  close(fds[1]);
  if (limits.hand_fd >= 0)
    close(limits.hand_fd);
  if (r.start_error) {
    r.problem = fmt::format("cannot run '{}': {}", args[0], std::strerror(r.start_error));
    std::remove(path[0].c_str());
    std::remove(path[1].c_str());
    return r;
  }
  r.status = wait_bounded(pid, limits.timeout, r.timed_out, limits.interrupt);
  r.out = slurp_and_remove(path[0]);
  r.err = slurp_and_remove(path[1]);
  return r;
}

std::string regex_escape(const std::string &name) {
  std::string r;
  for (char c : name) {
    if (std::strchr("\\^$.|?*+()[]{}", c))
      r += '\\';
    r += c;
  }
  return r;
}

std::string exact_filter(const std::string &name) { return "--filter=^" + regex_escape(name) + "$"; }

} // namespace steady::driver
