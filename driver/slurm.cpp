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
// only for the benchmarks that need more forks, with the next step after it
// (the step's stages: slurm_step.cpp).
// The command submits the first wave the same way and follows the run until
// a step finds nothing left to do. Re-running it merges what exists and
// submits only the forks that have no complete file: a resume.
#include "slurm.h"

#include <filesystem>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/core.h>

#include "slurm_files.h"
#include "slurm_run.h"
#include "slurm_step.h"
#include "steady/output_file.h"
#include "steady/results_json.h"
#include "steady/runner_args.h"

namespace steady::driver {

namespace fs = std::filesystem;
using json = nlohmann::json;

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
    p.layout_draw = doc.value("layout_draw", false);
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
  // With --layout=random the tasks draw from the run's one seed (fork_argv);
  // a run asked for a new draw (0) gets its seed here, kept in the plan.
  const bool draw_seed = p.layout_draw && p.config.layout == "random" && p.config.seed == 0;
  if (draw_seed)
    p.config.seed = fresh_layout_seed();

  if (fs::exists(dir + "/plan.json")) {
    std::optional<Plan> old;
    try {
      old = plan_from_json(read_json_file(dir + "/plan.json"));
    } catch (const json::exception &) { // a file of another shape: another command's
    } catch (const std::exception &e) {
      return e.what();
    }
    if (old && draw_seed) // the same command resumed: its seed
      p.config.seed = old->config.seed;
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
  write_run_file(dir + "/plan.json", p);
  if (!fs::exists(dir + "/state.json"))
    write_run_file(dir + "/state.json", State{});
  impl_->plan = p;
  impl_->state = state_from_json(read_json_file(dir + "/state.json"));
  return std::nullopt;
}

void SlurmRun::begin_invocation() {
  ++impl_->state.invocation;
  impl_->state.done = false;
  write_run_file(impl_->dir + "/state.json", impl_->state);
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
  ForkFiles files = read_forks(dir, plan);
  RunResult merged = files.header.value_or(RunResult{});
  merged.config = plan.config;
  std::vector<std::vector<int>> next(plan.benchmarks.size());
  for (std::size_t b = 0; b < plan.benchmarks.size(); ++b) {
    BenchmarkResult result;
    if (files.identity[b])
      result = *files.identity[b];
    result.name = plan.benchmarks[b];
    CollectedForks c = collect_forks(int(b), result.name, files.forks[b], state, out.faults);
    out.cancelled |= c.cancelled;
    ForkDecision d = decide_forks(c, plan.config);
    next[b] = std::move(d.next);
    out.pending += int(next[b].size());
    result.forks = std::move(c.forks);
    finish_benchmark(result, std::move(d.stop), merged);
    if (files.identity[b] || !result.forks.empty())
      merged.benchmarks.push_back(std::move(result));
  }

  const bool more = out.pending > 0 && !out.cancelled;
  merged.partial = more || out.cancelled || merged.benchmarks.size() < plan.benchmarks.size();
  out.partial = merged.partial;
  ResultsWriter().write(merged, plan.merged); // as the runner writes its file
  out.merged = std::move(merged);
  if (more && submit) {
    out.submitted = submit_next_wave(dir, plan, state, next);
    return out;
  }
  state.done = true;
  write_run_file(dir + "/state.json", state);
  return out;
}

} // namespace steady::driver
