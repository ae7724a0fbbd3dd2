// steady slurm-task WAVE_FILE: one task of a job array (slurm.h). Runs its
// runner processes in order, then stamps every fork of their result files
// with the Slurm node and job, so that the merge knows where each ran.
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

#include <fmt/core.h>

#include "process.h"
#include "slurm.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace {

std::string env(const char *name) {
  const char *v = std::getenv(name);
  return v ? v : "";
}

// The runner writes what it measured; this process waits for it, and starts
// no further runner (scancel: the next one would not be signalled).
volatile std::sig_atomic_t g_terminated = 0;
void on_term(int) { g_terminated = 1; }

} // namespace

int run_slurm_task(const std::string &wave_file) {
  std::vector<WaveTask> tasks;
  try {
    read_json_file(wave_file).at("tasks").get_to(tasks);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady slurm-task: {}\n", e.what());
    return 2;
  }
  const std::string id = env("SLURM_ARRAY_TASK_ID");
  const int index = id.empty() ? -1 : std::atoi(id.c_str());
  if (index < 0 || std::size_t(index) >= tasks.size()) {
    fmt::print(stderr, "steady slurm-task: SLURM_ARRAY_TASK_ID '{}' is not a task of {}\n", id, wave_file);
    return 2;
  }
  // scancel and the time limit send SIGTERM to every process of the job: the
  // runner saves its partial results on it, and this process must outlive it
  // to stamp them (a handler, unlike SIG_IGN, is not inherited by exec).
  struct sigaction sa{};
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, nullptr);
  SlurmFork where{env("SLURMD_NODENAME"), std::atol(env("SLURM_JOB_ID").c_str()),
                  std::atol(env("SLURM_ARRAY_JOB_ID").c_str()), index};
  int status = 0;
  for (const TaskRun &run : tasks[std::size_t(index)].runs) {
    if (g_terminated)
      return 128 + SIGTERM;
    const std::string tmp = run.out + ".running";
    std::vector<std::string> args = run.argv;
    args.push_back("--json=" + tmp);
    pid_t pid;
    if (int e = start_program(args, pid, false)) {
      fmt::print(stderr, "steady slurm-task: cannot run '{}': {}\n", args[0], std::strerror(e));
      status = 127;
      continue;
    }
    const int runner = wait_exit_status(pid);
    try {
      RunResult r = read_results(tmp);
      for (BenchmarkResult &b : r.benchmarks)
        for (ForkResult &f : b.forks) {
          f.slurm = where;
          status = std::max(status, f.failed() ? 1 : 0);
        }
      const nlohmann::json doc = r;
      write_output(run.out, [&](std::ostream &out) { out << doc.dump() << "\n"; });
      std::remove(tmp.c_str());
    } catch (const std::exception &e) {
      fmt::print(stderr, "steady slurm-task: the runner exited with status {} and left no result: {}\n", runner,
                 e.what());
      status = runner ? runner : 1;
    }
    if (runner == 130 || runner == 128 + SIGTERM) // interrupted: the next runner would be too
      return runner;
  }
  return status;
}

} // namespace steady::driver
