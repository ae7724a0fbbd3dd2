// The Slurm client programs, run as processes (slurm.h).
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unistd.h>

#include <fmt/core.h>

#include "process.h"
#include "slurm.h"

namespace steady::driver {

void to_json(nlohmann::json &j, const TaskRun &r) { j = {{"argv", r.argv}, {"out", r.out}}; }
void from_json(const nlohmann::json &j, TaskRun &r) {
  j.at("argv").get_to(r.argv);
  j.at("out").get_to(r.out);
}
void to_json(nlohmann::json &j, const WaveTask &t) { j = {{"runs", t.runs}}; }
void from_json(const nlohmann::json &j, WaveTask &t) { j.at("runs").get_to(t.runs); }

ProgramRun capture(const std::vector<std::string> &args) {
  ProgramRun c = run_captured(args, "", {.search_path = true});
  if (!c.problem.empty() && !c.start_error)
    throw std::runtime_error(c.problem);
  if (c.start_error)
    c.err = std::strerror(c.start_error);
  return c;
}

namespace {

std::string first_line(const std::string &s) {
  std::string t = s.substr(0, s.find('\n'));
  return t.empty() ? "(no message)" : t;
}

bool in_path(const std::string &program) {
  const char *path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string d; std::getline(dirs, d, ':');)
    if (access((d + "/" + program).c_str(), X_OK) == 0)
      return true;
  return false;
}

std::string quote(const std::string &s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::vector<std::string> place_args(const SlurmPlace &p) {
  std::vector<std::string> a;
  if (!p.partition.empty())
    a.push_back("--partition=" + p.partition);
  if (!p.time.empty())
    a.push_back("--time=" + p.time);
  return a;
}

long sbatch(std::vector<std::string> args, const std::vector<std::string> &command) {
  std::string wrap = "exec";
  for (const std::string &c : command)
    wrap += " " + quote(c);
  args.insert(args.begin(), {"sbatch", "--parsable", "--wrap=" + wrap});
  ProgramRun c = capture(args);
  if (c.status != 0)
    throw std::runtime_error(fmt::format("sbatch failed (status {}): {}", c.status, first_line(c.err)));
  // --parsable: "jobid" or "jobid;cluster"
  return std::strtol(c.out.c_str(), nullptr, 10);
}

std::string user() {
  ProgramRun c = capture({"id", "-un"});
  return first_line(c.out);
}

} // namespace

std::optional<std::string> slurm_unavailable() {
  for (const char *p : {"sbatch", "squeue", "scontrol"})
    if (!in_path(p))
      return fmt::format("Slurm is not installed here: {} is not in PATH", p);
  // Without its file Slurm looks for a configuration server in DNS, and gives
  // up only after a minute: a SLURM_CONF that names no file is said at once.
  if (const char *conf = std::getenv("SLURM_CONF"); conf && *conf && !std::filesystem::exists(conf))
    return fmt::format("Slurm is not configured: SLURM_CONF names '{}', which does not exist", conf);
  ProgramRun c = capture({"scontrol", "ping"});
  if (c.status != 0 || c.out.find("is UP") == std::string::npos)
    return fmt::format("Slurm is not configured or its controller does not answer (scontrol ping: {})",
                       first_line(c.err.empty() ? c.out : c.err));
  return std::nullopt;
}

long submit_wave(const std::string &wave_file, const std::vector<WaveTask> &tasks, const std::string &name,
                 const SlurmPlace &place, const std::string &log_dir) {
  std::string array = fmt::format("--array=0-{}", tasks.size() - 1);
  if (place.max_nodes > 0)
    array += fmt::format("%{}", place.max_nodes);
  std::vector<std::string> args = {"--job-name=" + name, array,        "--exclusive",
                                   "--nodes=1",          "--ntasks=1", "--output=" + log_dir + "/%A_%a.out"};
  for (const std::string &a : place_args(place))
    args.push_back(a);
  return sbatch(args, {self_path(), "slurm-task", wave_file});
}

long submit_after(long after, const std::vector<std::string> &command, const std::string &name, const SlurmPlace &place,
                  const std::string &log) {
  std::vector<std::string> args = {"--job-name=" + name,
                                   fmt::format("--dependency=afterany:{}", after),
                                   "--kill-on-invalid-dep=yes",
                                   "--nodes=1",
                                   "--ntasks=1",
                                   "--output=" + log};
  for (const std::string &a : place_args(place))
    args.push_back(a);
  return sbatch(args, command);
}

bool jobs_alive(const std::string &name) {
  ProgramRun c = capture({"squeue", "-h", "-u", user(), "-n", name, "-o", "%i %T"});
  if (c.status != 0)
    throw std::runtime_error("squeue failed: " + first_line(c.err));
  return c.out.find_first_not_of(" \n") != std::string::npos;
}

void cancel_jobs(const std::string &name) { capture({"scancel", "-u", user(), "-n", name}); }

std::map<int, TaskState> array_states(long array_job) {
  std::map<int, TaskState> states;
  ProgramRun c = capture({"scontrol", "show", "job", "-o", std::to_string(array_job)});
  if (c.status == 0) {
    std::istringstream lines(c.out);
    for (std::string line; std::getline(lines, line);) {
      std::map<std::string, std::string> kv;
      std::istringstream words(line);
      for (std::string w; words >> w;)
        if (std::size_t eq = w.find('='); eq != std::string::npos)
          kv.emplace(w.substr(0, eq), w.substr(eq + 1));
      // Tasks that never started are one record: "1-3,5%2" (% the throttle),
      // or, once cancelled, a record for the array (task id NO_VAL).
      if (kv["ArrayTaskId"].size() > 9) {
        states[kUnlisted] = {kv["JobState"], kv["ExitCode"], "", std::atol(kv["JobId"].c_str())};
        continue;
      }
      std::string tasks = kv["ArrayTaskId"].substr(0, kv["ArrayTaskId"].find('%'));
      std::stringstream ranges(tasks);
      for (std::string range; std::getline(ranges, range, ',');) {
        int first = 0, last = 0;
        int n = std::sscanf(range.c_str(), "%d-%d", &first, &last);
        if (n < 1)
          continue;
        for (int t = first; t <= (n == 2 ? last : first); ++t)
          states[t] = {kv["JobState"], kv["ExitCode"], n == 2 ? "" : kv["NodeList"], std::atol(kv["JobId"].c_str())};
      }
    }
    if (!states.empty())
      return states;
  }
  // Ended longer than MinJobAge ago: accounting, where there is any.
  c = capture(
      {"sacct", "-n", "-P", "-X", "-j", std::to_string(array_job), "--format=JobID,State,ExitCode,NodeList,JobIDRaw"});
  if (c.status != 0)
    return states;
  std::istringstream lines(c.out);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> f;
    std::stringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '|');)
      f.push_back(cell);
    std::size_t us = f.empty() ? std::string::npos : f[0].find('_');
    if (f.size() < 5 || us == std::string::npos)
      continue;
    std::string task = f[0].substr(us + 1);
    if (task.empty() || task.size() > 9 || task.find_first_not_of("0123456789") != std::string::npos)
      continue;
    states[std::stoi(task)] = {f[1].substr(0, f[1].find(' ')), f[2], f[3], std::atol(f[4].c_str())};
  }
  return states;
}

std::map<int, TaskState> run_wave(const std::string &wave_file, const std::vector<WaveTask> &tasks,
                                  const std::string &name, const SlurmPlace &place, const std::string &log_dir,
                                  const std::atomic<int> *interrupt) {
  std::filesystem::create_directories(log_dir);
  long array = submit_wave(wave_file, tasks, name, place, log_dir);
  bool cancelled = false;
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    if (interrupt && *interrupt && !cancelled) {
      cancel_jobs(name);
      cancelled = true;
    }
  } while (jobs_alive(name));
  return array_states(array);
}

void rescale_ticks(ForkResult &f, double from, double to) {
  if (from <= 0 || to <= 0 || from == to)
    return;
  const double k = to / from;
  for (Iteration &it : f.iterations) {
    it.ticks *= k;
    it.ticks_per_op *= k;
    for (BatchSample &b : it.batches)
      b.ticks_per_op *= k;
  }
}

std::string self_path() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0)
    throw std::runtime_error("cannot find this executable's path (/proc/self/exe)");
  return std::string(buf, std::size_t(n));
}

} // namespace steady::driver
