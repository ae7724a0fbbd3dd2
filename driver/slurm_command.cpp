// steady slurm (slurm.cpp) and the subcommands its jobs run: slurm-task (one
// task of a wave, slurm_task.cpp) and slurm-step (merge, decide, submit).
#include <chrono>
#include <cmath>
#include <thread>

#include <fmt/core.h>

#include "commands.h"
#include "slurm.h"
#include "slurm_run.h"
#include "steady/notes.h"

namespace steady::driver {
namespace {

void print_table(const StepOutcome &o) {
  fmt::print("{:<32} {:>12} {:>23} {:>9} {:>5} {:>12}  {}\n", "benchmark", "ns/op", "99% CI", "forks", "nodes",
             "between-node", "stop; notes");
  for (const BenchmarkResult &b : o.merged.benchmarks) {
    const Summary &s = b.summary;
    std::string ci = s.ci_over == CiOver::none ? "-" : fmt::format("[{:.4g}, {:.4g}]", s.ci_low, s.ci_high);
    std::string forks = fmt::format("{}", s.forks_used);
    if (s.forks_failed)
      forks += fmt::format("+{}f", s.forks_failed);
    std::string share = s.nodes < 2                        ? "-"
                        : std::isnan(s.between_node_share) ? "n/a"
                                                           : fmt::format("{:.1f} %", 100 * s.between_node_share);
    // How it stopped has its own column; the other notes follow it.
    std::string notes = stop_text(b.stop, o.merged.config.precision);
    for (const Note &n : notes_of(o.merged, b))
      if (n.kind != NoteKind::stopped && n.kind != NoteKind::unstable && n.kind != NoteKind::imprecise)
        notes += "; " + text(n);
    fmt::print("{:<32} {:>12.4g} {:>23} {:>9} {:>5} {:>12}  {}\n", b.name, s.ns_per_op, ci, forks, s.nodes, share,
               notes);
  }
}

// The table, the faults and where the merged file is; the exit status.
int report(const StepOutcome &o, const std::string &merged) {
  print_table(o);
  for (const SlurmFault &f : o.faults)
    fmt::print(stderr, "steady slurm: {} fork {}: {}{}\n", f.bench, f.fork, f.what,
               f.measured ? "; what it measured is merged" : "; nothing of it is merged");
  fmt::print(stderr, "steady slurm: {} {}{}\n",
             o.partial ? "partial results (the run did not finish) in" : "results in", merged,
             o.cancelled ? "; the run was cancelled: run the same command again to resume it" : "");
  return o.partial || !o.faults.empty() ? 1 : 0;
}

int run_slurm(const SlurmRequest &r, bool no_wait) {
  if (auto why = slurm_unavailable()) {
    fmt::print(stderr, "steady slurm: {}\n", *why);
    return 2;
  }
  SlurmRun run(r.dir);
  if (auto why = run.prepare(r)) {
    fmt::print(stderr, "steady slurm: {}\n", *why);
    return 2;
  }
  if (jobs_alive(run.job_name())) {
    fmt::print(stderr, "steady slurm: the jobs of this run ({}) are still queued or running: following them\n",
               run.job_name());
  } else {
    run.begin_invocation();
    StepOutcome o = run.step(true);
    if (!o.submitted) {
      fmt::print(stderr, "steady slurm: every fork is measured already ({})\n", run.dir());
      return report(o, run.merged_path());
    }
    const Submitted &s = *o.submitted;
    fmt::print(stderr,
               "steady slurm: wave {}: {} task(s) in job array {}, merged by job {}; `scancel -n {}` cancels the "
               "run, running this command again resumes it\n",
               s.wave, s.tasks, s.array_job, s.step_job, run.job_name());
    if (no_wait) {
      fmt::print("{} {}\n", s.array_job, s.step_job);
      return 0;
    }
  }
  if (no_wait)
    return 0;
  // Follow the run: steps submit the waves; the last one marks it done. No
  // job left and not done: it was cancelled (or a step failed).
  int seen = 0, waves = 0;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    if (run.done(waves))
      break;
    if (waves > seen && seen > 0)
      fmt::print(stderr, "steady slurm: wave {} submitted\n", waves);
    seen = std::max(seen, waves);
    if (!jobs_alive(run.job_name())) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      if (!run.done(waves))
        fmt::print(stderr, "steady slurm: the run's jobs are gone before it finished (cancelled?); see {}/logs\n",
                   run.dir());
      break;
    }
  }
  run.load();
  return report(run.step(false), run.merged_path());
}

} // namespace

void add_slurm(CLI::App &app, const std::vector<std::string> &after_dashes) {
  auto r = std::make_shared<SlurmRequest>();
  auto no_wait = std::make_shared<bool>(false);
  r->dir = "steady-slurm";
  CLI::App *sub = app.add_subcommand(
      "slurm", "Run a benchmark binary's forks as Slurm jobs: a job array per wave of forks, merged into one result "
               "file (--json) by a dependent job, with Algorithm 1 deciding after each wave which benchmarks need "
               "more forks; other options (and those after --) go to the runner");
  sub->add_option("binary", r->binary, "The benchmark binary (on a file system every node sees)")->required();
  sub->add_option("--partition", r->place.partition, "Slurm partition of the jobs");
  sub->add_option("--time", r->place.time, "Slurm time limit per task (and per merge step), e.g. 10:00");
  sub->add_option("--max-nodes", r->place.max_nodes, "Tasks of a wave running at once (each has a node to itself)")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--dir", r->dir,
                  "Shared directory of the run: fork files, logs, state; the same command resumes from it")
      ->capture_default_str();
  sub->add_flag("--no-wait", *no_wait, "Submit and print the job ids (array, merge step) instead of following the run");
  sub->allow_extras();
  sub->callback([sub, r, no_wait, after_dashes] {
    r->args = sub->remaining();
    r->args.insert(r->args.end(), after_dashes.begin(), after_dashes.end());
    if (int status = run_slurm(*r, *no_wait))
      throw CLI::RuntimeError(status);
  });

  auto task = std::make_shared<std::string>();
  CLI::App *t = app.add_subcommand("slurm-task", "One task of a steady slurm wave (run by Slurm)")->group("");
  t->add_option("wave", *task)->required();
  t->callback([task] {
    if (int status = run_slurm_task(*task))
      throw CLI::RuntimeError(status);
  });

  auto dir = std::make_shared<std::string>();
  CLI::App *s =
      app.add_subcommand("slurm-step", "Merge a steady slurm wave and submit the next (run by Slurm)")->group("");
  s->add_option("dir", *dir)->required();
  s->callback([dir] {
    try {
      SlurmRun run(*dir);
      run.load();
      StepOutcome o = run.step(true);
      fmt::print("steady slurm-step: merged {} benchmark(s) into {}; {}\n", o.merged.benchmarks.size(),
                 run.merged_path(),
                 o.submitted ? fmt::format("wave {}: {} task(s) in job array {}", o.submitted->wave, o.submitted->tasks,
                                           o.submitted->array_job)
                             : std::string("done"));
    } catch (const std::exception &e) {
      fmt::print(stderr, "steady slurm-step: {}\n", e.what());
      throw CLI::RuntimeError(1);
    }
  });
}

} // namespace steady::driver
