// Running other programs from the tool: the compiler (c++, audit), benchmark
// runners (ab, slurm-task) and the Slurm client programs (slurm_cluster.cpp).
#pragma once

#include <atomic>
#include <string>
#include <sys/types.h>
#include <vector>

namespace steady::driver {

// argv for exec and posix_spawn: pointers into `args`, null-terminated.
std::vector<char *> c_argv(const std::vector<std::string> &args);

// Starts `args` with this process's environment, its stdout and stderr
// redirected to `out_fd` and `err_fd` (-1: this process's). `search_path`:
// a name without '/' is looked up in PATH, as a shell does; otherwise it is
// a path (relative to the current directory). `own_group`: in a new process
// group it leads. `wrapper`, `env` and `hand_fd`: see RunLimits. Returns 0
// or the errno of the failure.
int start_program(const std::vector<std::string> &args, pid_t &pid, bool search_path, int out_fd = -1, int err_fd = -1,
                  bool own_group = false, const std::vector<std::string> &wrapper = {},
                  const std::vector<std::string> &env = {}, int hand_fd = -1);

// The descriptor number a program started with RunLimits::hand_fd finds it at.
inline constexpr int kHandedFd = 10;

// Waits for the child (through EINTR) and returns its status as a shell
// reports it: the exit code, or 128 + the signal that killed it.
int wait_exit_status(pid_t pid);

// The same, killing the child after `limit` seconds (0: no limit; then
// `timed_out` is set) and passing a signal on to it once `*interrupt` holds
// one (null: none); a child that leads its own process group gets both with
// its whole group. -1 when waitpid fails.
int wait_bounded(pid_t pid, double limit, bool &timed_out, const std::atomic<int> *interrupt);

// How a program run by run_captured ended and what it printed.
struct ProgramRun {
  int status = -1; // exit code, or 128 + signal; -1 when it did not run
  std::string out, err;
  // Why it did not run: its capture files could not be created, or it could
  // not be started (then `start_error` is the errno).
  std::string problem;
  int start_error = 0;
  bool timed_out = false;
};

struct RunLimits {
  double timeout = 0;                          // seconds before it is killed (0: none)
  const std::atomic<int> *interrupt = nullptr; // see wait_bounded
  bool search_path = false;                    // see start_program
  // A command that runs the program (`perf record ... --`), found on PATH:
  // the program's own invocation follows it (a GoogleTest binary's runner
  // options in the environment, as without it).
  std::vector<std::string> wrapper = {};
  std::vector<std::string> env = {}; // NAME=VALUE added to its environment
  // A descriptor handed to the program as kHandedFd, and closed here once
  // the program started (so that the program's end is seen as its close).
  int hand_fd = -1;
};

// Runs `args` with stdout and stderr in the files CAPTURE.out and
// CAPTURE.err (a pipe could fill up while we wait), read and removed when it
// has ended; `capture` empty: temporary files in /tmp. With a time limit it
// runs in a process group of its own, killed whole at the limit.
ProgramRun run_captured(const std::vector<std::string> &args, const std::string &capture, const RunLimits &limits = {});

// NAME as an ECMAScript regex that matches it literally.
std::string regex_escape(const std::string &name);

// The runner option that selects the one benchmark NAME: "--filter=^NAME$",
// its ECMAScript metacharacters escaped ('/' and '=' are none).
std::string exact_filter(const std::string &name);

} // namespace steady::driver
