// steady slurm BIN [runner options] [--partition P --time T --max-nodes N]
// [--dir D] [--no-wait]: a suite's forks as Slurm jobs.
//
// Everything lives in one shared directory D: the plan (the binary, its
// configuration as the runner resolves it, its benchmarks), one result file
// per fork (forks/b<benchmark>-f<fork>.json, written by slurm_task.cpp), the
// waves submitted and the merged result file. A wave is a job array, one
// task per benchmark and fork; a job that depends on it (`steady slurm-step
// D`) merges every fork file into one steady-results/1 file, replays
// Algorithm 1 (ForkStop) on each benchmark's forks and submits the next wave
// only for the benchmarks that need more forks, with the next step after it.
// The command submits the first wave the same way and follows the run until
// a step finds nothing left to do. Re-running it merges what exists and
// submits only the forks that have no complete file: a resume.
#include "slurm.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "commands.h"
#include "process.h"
#include "slurm_files.h"
#include "slurm_run.h"
#include "steady/fork_loop.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/runner_args.h"

namespace steady::driver {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

void write_json(const std::string &path, const json &doc) {
  write_output(path, [&](std::ostream &out) { out << doc.dump(1) << "\n"; });
}

// The runner options that make one fork measure as the run's forks would.
std::vector<std::string> fork_argv(const Plan &p, const std::string &bench) {
  RunConfig c = p.config;
  c.warmup_forks = 0;
  c.forks = c.min_forks = c.max_forks = 1;
  c.no_baseline = true; // a fork is no run to compare with
  c.filter = RunConfig().filter;
  std::vector<std::string> a = {p.binary, exact_filter(bench)};
  // thinned (or not) as the user asked; the merge keeps what the tasks wrote
  for (std::string &arg : runner_args(c, {"--warmup-forks", "--forks", "--max-forks", "--json-samples"}))
    a.push_back(std::move(arg));
  return a;
}

std::string fork_file(const std::string &dir, int bench, int fork) {
  return fmt::format("{}/forks/b{}-f{}.json", dir, bench, fork);
}

// One benchmark's fork files as read.
struct ForkFile {
  ForkResult fork;
  bool complete = false; // neither partial nor interrupted: not measured again
};

struct Read {
  std::optional<RunResult> header; // the first complete file, without benchmarks
  std::vector<std::map<int, ForkFile>> forks;
  std::vector<std::optional<BenchmarkResult>> identity; // name, params, findings, flags of each benchmark
};

Read read_forks(const std::string &dir, const Plan &plan) {
  Read r;
  r.forks.resize(plan.benchmarks.size());
  r.identity.resize(plan.benchmarks.size());
  std::vector<std::pair<int, int>> found;
  std::error_code ec;
  for (const fs::directory_entry &e : fs::directory_iterator(dir + "/forks", ec)) {
    int b, f;
    char tail;
    if (std::sscanf(e.path().filename().c_str(), "b%d-f%d.jso%c", &b, &f, &tail) == 3 && tail == 'n' &&
        e.path().extension() == ".json" && b >= 0 && b < int(plan.benchmarks.size()))
      found.emplace_back(b, f);
  }
  std::sort(found.begin(), found.end());
  for (auto [b, f] : found) {
    const std::string path = fork_file(dir, b, f);
    RunResult run;
    try {
      run = read_results(path);
    } catch (const std::exception &e) {
      fmt::print(stderr, "steady slurm: {}: skipped, its fork is measured again\n", e.what());
      continue;
    }
    for (BenchmarkResult &br : run.benchmarks) {
      if (br.name != plan.benchmarks[std::size_t(b)] || br.forks.empty())
        continue;
      ForkFile ff{std::move(br.forks.front()), false};
      ff.complete = !run.partial && ff.fork.status != ForkStatus::interrupted;
      ff.fork.number = f;
      if (!r.header && ff.complete) {
        r.header = run;
        r.header->benchmarks.clear();
      }
      rescale_ticks(ff.fork, run.timer.ticks_per_ns, r.header ? r.header->timer.ticks_per_ns : run.timer.ticks_per_ns);
      // Name, parameters and findings from the first file; a run-time flag
      // (runtime/src/flags.cpp) any fork's runner raised.
      if (std::optional<BenchmarkResult> &id = r.identity[std::size_t(b)]; !id) {
        br.forks.clear();
        id = std::move(br);
      } else {
        for (const std::string &flag : br.flags)
          if (std::find(id->flags.begin(), id->flags.end(), flag) == id->flags.end())
            id->flags.push_back(flag);
      }
      r.forks[std::size_t(b)][f] = std::move(ff);
      break;
    }
  }
  return r;
}

// Collect: how the tasks of every wave that has ended since the last step
// ended (asked once: the controller forgets ended jobs after MinJobAge).
void record_ended_waves(State &state) {
  for (Wave &w : state.waves) {
    if (w.ended)
      continue;
    std::map<int, TaskState> states = array_states(w.array_job);
    for (std::size_t t = 0; t < w.tasks.size(); ++t)
      if (auto it = states.find(int(t)); it != states.end() || (it = states.find(kUnlisted)) != states.end()) {
        w.tasks[t].slurm = it->second;
        w.tasks[t].known = true;
      }
    w.ended = true;
  }
}

// Submit: the forks `needed[b]` of each benchmark b as the next wave, and the
// step that follows it.
Submitted submit_next_wave(const std::string &dir, const Plan &plan, State &state,
                           const std::vector<std::vector<int>> &needed) {
  Wave w;
  w.number = int(state.waves.size()) + 1;
  w.invocation = state.invocation;
  std::vector<WaveTask> tasks;
  for (std::size_t b = 0; b < needed.size(); ++b)
    for (int n : needed[b]) {
      w.tasks.push_back({int(b), n, {}, false});
      tasks.push_back({{{fork_argv(plan, plan.benchmarks[b]), fork_file(dir, int(b), n)}}});
    }
  const std::string wave_file = fmt::format("{}/waves/w{}.json", dir, w.number);
  write_json(wave_file, json{{"tasks", tasks}});
  w.array_job = submit_wave(wave_file, tasks, plan.name, plan.place, dir + "/logs");
  // The wave is recorded before its step is submitted, which may then run
  // at once and write the state itself.
  state.waves.push_back(w);
  state.done = false;
  write_json(dir + "/state.json", state);
  long step = 0;
  try {
    step = submit_after(w.array_job, {self_path(), "slurm-step", dir}, plan.name, plan.place,
                        fmt::format("{}/logs/step-{}.out", dir, w.number));
  } catch (...) {
    cancel_jobs(plan.name);
    throw;
  }
  return Submitted{w.number, w.array_job, step, int(tasks.size())};
}

} // namespace

// --- the step: merge, decide, submit -------------------------------------------------------------

struct SlurmRun::Impl {
  std::string dir;
  Plan plan;
  State state;
};

SlurmRun::SlurmRun(const std::string &dir) : impl_(std::make_unique<Impl>()) {
  impl_->dir = fs::absolute(dir).lexically_normal().string();
  if (impl_->dir.size() > 1 && impl_->dir.back() == '/')
    impl_->dir.pop_back();
}
SlurmRun::~SlurmRun() = default;

const std::string &SlurmRun::dir() const { return impl_->dir; }
std::string SlurmRun::job_name() const { return impl_->plan.name; }
std::string SlurmRun::merged_path() const { return impl_->plan.merged; }

std::optional<std::string> SlurmRun::prepare(const SlurmRequest &r) {
  const std::string &dir = impl_->dir;
  Plan p;
  std::error_code ec;
  p.binary = fs::absolute(r.binary, ec).lexically_normal().string();
  struct stat st{};
  if (::stat(p.binary.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || access(p.binary.c_str(), X_OK) != 0)
    return fmt::format("'{}' is not an executable file", r.binary);
  p.binary_id = fmt::format("{} bytes, modified {}", st.st_size, st.st_mtime);
  p.args = r.args;
  p.place = r.place;
  std::vector<std::string> ask = {p.binary};
  ask.insert(ask.end(), r.args.begin(), r.args.end());
  ask.push_back("--steady-config");
  ProgramRun c = capture(ask);
  json doc;
  try {
    doc = json::parse(c.out);
    doc.at("config").get_to(p.config);
    doc.at("benchmarks").get_to(p.benchmarks);
  } catch (const std::exception &) {
    std::string err = c.err.substr(0, c.err.find('\n'));
    if (c.status == 0 || err.empty())
      return fmt::format("'{}' is not a steady benchmark binary (or one older than steady slurm): it does not print "
                         "its configuration for --steady-config",
                         r.binary);
    return fmt::format("'{}' refuses the runner options: {}", r.binary, err);
  }
  if (p.benchmarks.empty())
    return fmt::format("'{}' has no benchmark matching --filter={}", r.binary, p.config.filter);
  if (p.config.warmup_forks > 0)
    return "--warmup-forks: not supported by steady slurm (every fork is a job of its own; use --warmup-iterations)";
  if (p.config.no_fork)
    return "--no-fork: not supported by steady slurm (every fork is a process of its own)";
  if (!doc.value("csv", std::string()).empty())
    return "--csv: not supported by steady slurm (convert the merged result file instead)";
  const std::string json_path = doc.value("json", std::string());
  p.merged = json_path.empty() ? dir + "/results.json" : fs::absolute(json_path).lexically_normal().string();
  p.name = fmt::format("steady-{:08x}", std::uint32_t(std::hash<std::string>{}(dir)));

  if (fs::exists(dir + "/plan.json")) {
    std::optional<Plan> old;
    try {
      old = plan_from_json(read_json_file(dir + "/plan.json"));
    } catch (const json::exception &) { // a file of another shape: another command's
    } catch (const std::exception &e) {
      return e.what();
    }
    if (old && old->binary_id != p.binary_id && old->binary == p.binary)
      return fmt::format("{} holds a run of '{}' as it was before it was rebuilt: its forks would mix two versions; "
                         "use another --dir",
                         dir, p.binary);
    if (!old || json(*old) != json(p))
      return fmt::format("{} holds a run of another command (binary, options, benchmarks or Slurm options differ): "
                         "re-run that command to resume it, or use another --dir",
                         dir);
  }
  for (const char *sub : {"forks", "waves", "logs"})
    fs::create_directories(dir + "/" + sub, ec);
  if (ec)
    return fmt::format("cannot create {}: {}", dir, ec.message());
  write_json(dir + "/plan.json", p);
  if (!fs::exists(dir + "/state.json"))
    write_json(dir + "/state.json", State{});
  impl_->plan = p;
  impl_->state = state_from_json(read_json_file(dir + "/state.json"));
  return std::nullopt;
}

void SlurmRun::begin_invocation() {
  ++impl_->state.invocation;
  impl_->state.done = false;
  write_json(impl_->dir + "/state.json", impl_->state);
}

void SlurmRun::load() {
  impl_->plan = plan_from_json(read_json_file(impl_->dir + "/plan.json"));
  impl_->state = state_from_json(read_json_file(impl_->dir + "/state.json"));
}

bool SlurmRun::done(int &waves) {
  impl_->state = state_from_json(read_json_file(impl_->dir + "/state.json"));
  waves = int(impl_->state.waves.size());
  return impl_->state.done;
}

StepOutcome SlurmRun::step(bool submit) {
  const std::string &dir = impl_->dir;
  Plan &plan = impl_->plan;
  State &state = impl_->state;
  StepOutcome out;

  record_ended_waves(state);

  Read read = read_forks(dir, plan);
  RunResult merged = read.header.value_or(RunResult{});
  merged.config = plan.config;
  merged.partial = false;
  std::vector<std::vector<int>> needed(plan.benchmarks.size());
  bool cancelled = false;

  for (std::size_t b = 0; b < plan.benchmarks.size(); ++b) {
    std::map<int, ForkFile> &files = read.forks[b];
    // This invocation's tasks of the benchmark, by fork: a fork a task of it
    // failed to measure is not tried again until the command is run again.
    struct Task {
      const TaskRecord *record;
      long array_job;
      int index; // the array task id
    };
    std::map<int, Task> tasks;
    for (const Wave &w : state.waves)
      if (w.invocation == state.invocation)
        for (std::size_t t = 0; t < w.tasks.size(); ++t)
          if (w.tasks[t].bench == int(b))
            tasks[w.tasks[t].fork] = {&w.tasks[t], w.array_job, int(t)};
    std::set<int> numbers;
    for (const auto &[n, f] : files)
      numbers.insert(n);
    for (const auto &[n, t] : tasks)
      numbers.insert(n);

    BenchmarkResult result;
    if (read.identity[b])
      result = *read.identity[b];
    result.name = plan.benchmarks[b];
    result.forks.clear();
    // The fork loop over the forks merged so far, in fork order.
    ForkLoop loop(plan.config);
    for (int n : numbers) {
      auto file = files.find(n);
      auto task = tasks.find(n);
      const TaskRecord *rec = task == tasks.end() ? nullptr : task->second.record;
      const bool slurm_fault = rec && rec->known && rec->slurm.state != "COMPLETED";
      if (rec && rec->slurm.state.rfind("CANCELLED", 0) == 0)
        cancelled = true;
      ForkResult fork;
      bool attempt = true; // false: an earlier invocation's incomplete fork, to be measured again
      if (file != files.end()) {
        fork = file->second.fork;
        attempt = file->second.complete || rec != nullptr;
      } else if (rec) {
        fork.number = n;
        fork.status = ForkStatus::runner_failed;
        fork.slurm = SlurmFork{rec->slurm.node, rec->slurm.job_id, task->second.array_job, task->second.index};
      } else {
        continue;
      }
      if (slurm_fault) {
        std::string what = fmt::format("Slurm task {}_{}{}: {}, exit code {}", task->second.array_job,
                                       task->second.index, rec->slurm.node.empty() ? "" : " on " + rec->slurm.node,
                                       rec->slurm.state, rec->slurm.exit_code);
        fork.error = fork.error.empty() ? what : what + "; " + fork.error;
        if (fork.failed() && file != files.end())
          what += fmt::format("; its fork {}: {}", to_string(fork.status), file->second.fork.error);
        if (rec->slurm.state == "TIMEOUT")
          fork.status = ForkStatus::timeout;
        out.faults.push_back({result.name, n, what, file != files.end()});
      } else if (rec && !rec->known && file == files.end()) {
        fork.error = "the task left no result and Slurm no longer knows how it ended";
        out.faults.push_back({result.name, n, fork.error, false});
      } else if (fork.failed() && rec) {
        out.faults.push_back({result.name, n, fmt::format("fork {}: {}", to_string(fork.status), fork.error), true});
      }
      loop.add(fork, attempt);
      result.forks.push_back(std::move(fork));
    }
    const int want = loop.wanted();
    for (int n = 1; int(needed[b].size()) < want; ++n)
      if (!numbers.count(n) || (files.count(n) && !files[n].complete && !tasks.count(n)))
        needed[b].push_back(n);
    finish_benchmark(result, loop.stop(), merged);
    if (read.identity[b] || !result.forks.empty())
      merged.benchmarks.push_back(std::move(result));
    out.pending += int(needed[b].size());
  }

  const bool more = out.pending > 0 && !cancelled;
  merged.partial = more || cancelled || merged.benchmarks.size() < plan.benchmarks.size();
  out.partial = merged.partial;
  out.cancelled = cancelled;
  ResultsWriter().write(merged, plan.merged); // as the runner writes its file
  out.merged = std::move(merged);

  if (more && submit) {
    out.submitted = submit_next_wave(dir, plan, state, needed);
    return out;
  }
  state.done = true;
  write_json(dir + "/state.json", state);
  return out;
}

} // namespace steady::driver
