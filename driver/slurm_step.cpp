// The stages of a steady slurm step (slurm_step.h).
#include "slurm_step.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "process.h"
#include "steady/fork_loop.h"
#include "steady/results_json.h"
#include "steady/runner_args.h"

namespace steady::driver {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

} // namespace

std::vector<std::string> fork_argv(const Plan &p, const std::string &bench, int fork) {
  RunConfig c = p.config;
  // Every task is a runner's first fork: with the run's one seed they would
  // all draw the same --layout=random layout. Each takes its fork's draw of
  // the run's seed (the plan chose one when it was 0), so that the forks keep
  // the runner's shuffled blocks of four code offsets; a runner without
  // kLayoutDrawOption gets its own seed (0 stays 0: a new draw in every runner).
  if (c.seed != 0 && !p.layout_draw)
    c.seed += std::uint64_t(fork);
  c.warmup_forks = 0;
  c.forks = c.min_forks = c.max_forks = 1;
  c.no_baseline = true; // a fork is no run to compare with
  c.filter = RunConfig().filter;
  std::vector<std::string> a = {p.binary, exact_filter(bench)};
  // thinned (or not) as the user asked; the merge keeps what the tasks wrote
  for (std::string &arg : runner_args(c, {"--warmup-forks", "--forks", "--max-forks", "--json-samples"}))
    a.push_back(std::move(arg));
  if (p.layout_draw)
    a.push_back(fmt::format("{}={}", kLayoutDrawOption, fork));
  return a;
}

std::string fork_file(const std::string &dir, int bench, int fork) {
  return fmt::format("{}/forks/b{}-f{}.json", dir, bench, fork);
}

// --- collect ---------------------------------------------------------------------------------------

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

ForkFiles read_forks(const std::string &dir, const Plan &plan) {
  ForkFiles r;
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

CollectedForks collect_forks(int bench, const std::string &name, const std::map<int, ForkFile> &files,
                             const State &state, std::vector<SlurmFault> &faults) {
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
        if (w.tasks[t].bench == bench)
          tasks[w.tasks[t].fork] = {&w.tasks[t], w.array_job, int(t)};
  std::set<int> numbers;
  for (const auto &[n, f] : files)
    numbers.insert(n);
  for (const auto &[n, t] : tasks)
    numbers.insert(n);

  CollectedForks c;
  for (int n : numbers) {
    auto file = files.find(n);
    auto task = tasks.find(n);
    const TaskRecord *rec = task == tasks.end() ? nullptr : task->second.record;
    const bool slurm_fault = rec && rec->known && rec->slurm.state != "COMPLETED";
    if (rec && rec->slurm.state.rfind("CANCELLED", 0) == 0)
      c.cancelled = true;
    ForkResult fork;
    if (file != files.end()) {
      fork = file->second.fork;
      c.attempt.push_back(file->second.complete || rec != nullptr);
    } else {
      c.attempt.push_back(true);
      fork.number = n;
      fork.status = ForkStatus::runner_failed;
      fork.slurm = SlurmFork{rec->slurm.node, rec->slurm.job_id, task->second.array_job, task->second.index};
    }
    if (slurm_fault) {
      std::string what =
          fmt::format("Slurm task {}_{}{}: {}, exit code {}", task->second.array_job, task->second.index,
                      rec->slurm.node.empty() ? "" : " on " + rec->slurm.node, rec->slurm.state, rec->slurm.exit_code);
      fork.error = fork.error.empty() ? what : what + "; " + fork.error;
      if (fork.failed() && file != files.end())
        what += fmt::format("; its fork {}: {}", to_string(fork.status), file->second.fork.error);
      if (rec->slurm.state == "TIMEOUT")
        fork.status = ForkStatus::timeout;
      faults.push_back({name, n, what, file != files.end()});
    } else if (rec && !rec->known && file == files.end()) {
      fork.error = "the task left no result and Slurm no longer knows how it ended";
      faults.push_back({name, n, fork.error, false});
    } else if (fork.failed() && rec) {
      faults.push_back({name, n, fmt::format("fork {}: {}", to_string(fork.status), fork.error), true});
    }
    c.forks.push_back(std::move(fork));
  }
  return c;
}

// --- decide ----------------------------------------------------------------------------------------

ForkDecision decide_forks(const CollectedForks &c, const RunConfig &config) {
  // The fork loop over the forks merged so far, in fork order.
  ForkLoop loop(config);
  for (std::size_t k = 0; k < c.forks.size(); ++k)
    loop.add(c.forks[k], c.attempt[k]);
  ForkDecision d;
  d.stop = loop.stop();
  const int want = loop.wanted();
  // The lowest numbers that no fork has, or whose fork is measured again.
  std::set<int> have;
  for (std::size_t k = 0; k < c.forks.size(); ++k)
    if (c.attempt[k])
      have.insert(c.forks[k].number);
  for (int n = 1; int(d.next.size()) < want; ++n)
    if (!have.count(n))
      d.next.push_back(n);
  return d;
}

// --- submit ----------------------------------------------------------------------------------------

Submitted submit_next_wave(const std::string &dir, const Plan &plan, State &state,
                           const std::vector<std::vector<int>> &next) {
  Wave w;
  w.number = int(state.waves.size()) + 1;
  w.invocation = state.invocation;
  std::vector<WaveTask> tasks;
  for (std::size_t b = 0; b < next.size(); ++b)
    for (int n : next[b]) {
      w.tasks.push_back({int(b), n, {}, false});
      tasks.push_back({{{fork_argv(plan, plan.benchmarks[b], n), fork_file(dir, int(b), n)}}});
    }
  const std::string wave_file = fmt::format("{}/waves/w{}.json", dir, w.number);
  write_run_file(wave_file, json{{"tasks", tasks}});
  w.array_job = submit_wave(wave_file, tasks, plan.name, plan.place, dir + "/logs");
  // The wave is recorded before its step is submitted, which may then run
  // at once and write the state itself.
  state.waves.push_back(w);
  state.done = false;
  write_run_file(dir + "/state.json", state);
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

} // namespace steady::driver
