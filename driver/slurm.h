// Running benchmark forks as Slurm jobs (steady slurm, steady ab --slurm).
//
// A wave is a job array: each task runs one or more runner processes in
// order on its node (one fork each, --json into the run's shared directory)
// and stamps every fork with its Slurm node and job (slurm_task.cpp). The
// Slurm client programs (sbatch, squeue, scontrol, sacct) are run as
// processes: they are the interface every cluster supports.
#pragma once

#include <atomic>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.h"
#include "steady/results.h"

namespace steady::driver {

// Where a job's tasks go: --partition, --time, --max-nodes (tasks at once).
struct SlurmPlace {
  std::string partition, time;
  int max_nodes = 0; // 0: no limit
};

// One runner process of a task: its argv and the result file it writes.
struct TaskRun {
  std::vector<std::string> argv;
  std::string out;
};
struct WaveTask {
  std::vector<TaskRun> runs;
};
void to_json(nlohmann::json &j, const TaskRun &r);
void from_json(const nlohmann::json &j, TaskRun &r);
void to_json(nlohmann::json &j, const WaveTask &t);
void from_json(const nlohmann::json &j, WaveTask &t);

// A program's exit status and output (run_captured, with its output in
// temporary files; found in PATH when the name has no '/'). One that cannot
// be started has status -1 and the reason in `err`; throws
// std::runtime_error when the temporary files cannot be created.
ProgramRun capture(const std::vector<std::string> &args);

// The line to print when Slurm cannot be used here (no sbatch, or no
// controller answers); nullopt when it can.
std::optional<std::string> slurm_unavailable();

// Submits `tasks` as a job array named `name` (each task exclusive on its
// node) running `steady slurm-task FILE`, FILE the wave's task list; returns
// the array's job id. Throws std::runtime_error with sbatch's message.
long submit_wave(const std::string &wave_file, const std::vector<WaveTask> &tasks, const std::string &name,
                 const SlurmPlace &place, const std::string &log_dir);
// Submits `command` (argv) as a one-task job that starts when job `after`
// has ended, however it ended; returns its job id.
long submit_after(long after, const std::vector<std::string> &command, const std::string &name, const SlurmPlace &place,
                  const std::string &log);

// Converts a fork's ticks from one TSC frequency to another (nodes differ in
// frequency; a merged file has one); its ns stay what they are.
void rescale_ticks(ForkResult &f, double from_ticks_per_ns, double to_ticks_per_ns);

// Whether any job named `name` of this user is pending, running or completing.
bool jobs_alive(const std::string &name);
void cancel_jobs(const std::string &name);

// How a task of an array ended, as Slurm reports it: COMPLETED, FAILED,
// TIMEOUT, PREEMPTED, CANCELLED, NODE_FAIL, OUT_OF_MEMORY (or PENDING,
// RUNNING ...); exit code "code:signal".
struct TaskState {
  std::string state, exit_code, node;
  long job_id = 0;
};
// The states of an array's tasks by task id, from scontrol (the controller
// keeps ended jobs for MinJobAge) or else sacct (accounting); empty when
// neither knows the job.
// kUnlisted: the state of the tasks not listed by themselves (those that
// never started, in a cancelled array).
constexpr int kUnlisted = -1;
std::map<int, TaskState> array_states(long array_job);

// Submits a wave and waits until its tasks have ended; how each ended. Once
// `*interrupt` holds a signal (steady ab's Ctrl-C), the wave's jobs are
// cancelled (their runners get SIGTERM and keep what they measured) and
// waited for.
std::map<int, TaskState> run_wave(const std::string &wave_file, const std::vector<WaveTask> &tasks,
                                  const std::string &name, const SlurmPlace &place, const std::string &log_dir,
                                  const std::atomic<int> *interrupt = nullptr);

// The path of this steady executable, for job scripts.
std::string self_path();

// Runs one task of a wave file: `steady slurm-task FILE` inside a job array
// (SLURM_ARRAY_TASK_ID). Returns its exit status.
int run_slurm_task(const std::string &wave_file);

} // namespace steady::driver
