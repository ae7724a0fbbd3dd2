// steady ab OLD NEW [runner options]: run two benchmark binaries with their
// forks interleaved and compare them (Peass's method).
//
// Each round runs one fork of every undecided benchmark on both sides, in a
// seeded random order (benchmarks shuffled, and per benchmark A then B or B
// then A), so that drift of the machine hits both versions alike; by default
// the two forks of a round run at once in lockstep, taking turns on one CPU
// (runtime/src/lockstep.h), so that the CPU's state of each moment meets
// both. Every fork is a separate runner process (`BIN --filter='^name$'
// --stop=none --forks=1 ... --json=tmp`): each side's forks are the same kind
// of fresh process. At
// looks after min-forks, 2 min-forks, 4 min-forks ... forks per side the
// benchmark is compared (comparison.cpp) and stops getting forks once its
// verdict is slower, faster or same. Each look tests at alpha / (number of
// looks), so that looking repeatedly does not raise the false-positive rate
// above alpha (Bonferroni over a handful of doubling looks). The run ends when
// every benchmark is decided, or at --max-forks per side, or when --budget
// seconds are spent.
#include "ab.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sched.h>
#include <unistd.h>

#include <fmt/core.h>

#include "commands.h"
#include "report.h"
#include "steady/exact_counts.h"
#include "steady/option_checks.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace ab {

std::atomic<int> g_signal{0};

namespace {

using Clock = std::chrono::steady_clock;

void on_signal(int sig) { g_signal = sig; }

} // namespace

// One fork of every pending benchmark on both sides, in a random order, then
// a look at those that reached the next look.
void Ab::run_round(int round, const std::vector<int> &looks, const CompareOptions &per_look) {
  std::vector<Bench *> pending;
  for (Bench &b : benches_)
    if (b.wants_forks())
      pending.push_back(&b);
  std::shuffle(pending.begin(), pending.end(), rng_);
  if (o_.slurm)
    run_round_on_slurm(pending, round);
  for (Bench *b : pending) {
    if (!o_.slurm) {
      if (g_signal)
        return;
      int first = int(rng_() & 1);
      if (!o_.lockstep || !run_pair(*b, first, round)) {
        run_fork(*b, first, round);
        if (g_signal) // B's fork of this round is not run: an unpaired A fork is kept all the same
          return;
        run_fork(*b, 1 - first, round);
      }
    }
    // A benchmark that keeps failing on a side is given up, with its data.
    if (int side = b->failing_side(); side >= 0 && !b->given_up) {
      b->given_up = true;
      fmt::print(stderr, "steady ab: {} fails on {} ('{}'): no more forks of it\n", b->name, kSide[side], o_.bin[side]);
    }
  }
  for (Bench *b : pending) {
    if (b->given_up || !b->take_look(looks))
      continue;
    std::optional<Row> row = compare(*b, per_look);
    // Exact counts undecided by their A/A margin stay so: a fork more repeats them.
    b->decided = row && (row->result.decided() || row->result.exact);
    if (!o_.verbose && isatty(2))
      fmt::print(stderr, "\r\033[Kround {}: {} {}", round, b->name, row ? to_string(row->result.verdict) : "");
  }
}

int Ab::run() {
  // The runners' captured output lives in $TMPDIR (default /tmp); with
  // --slurm in the current directory, since Slurm's nodes see the forks'
  // files only on a shared file system.
  if (o_.slurm)
    if (auto why = slurm_unavailable()) {
      fmt::print(stderr, "steady ab: {}\n", *why);
      return 2;
    }
  const char *tmpdir = std::getenv("TMPDIR");
  const std::string parent = o_.slurm ? "." : tmpdir && *tmpdir ? tmpdir : "/tmp";
  std::string pattern = parent + "/steady-ab.XXXXXX";
  if (!mkdtemp(pattern.data())) {
    fmt::print(stderr, "steady ab: cannot create a temporary directory in '{}'{} for the runners' output: {}\n", parent,
               o_.slurm ? "" : " ($TMPDIR)", std::strerror(errno));
    return 2;
  }
  tmp_ = std::filesystem::absolute(pattern).lexically_normal().string();
  slurm_name_ = "steady-ab-" + std::to_string(getpid());
  run_id_ = fmt::format("{}-{}", getpid(), std::chrono::system_clock::now().time_since_epoch().count());
  struct Cleanup { // also what an interrupted runner left in it
    std::string d;
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(d, ec);
    }
  } cleanup{tmp_};
  struct sigaction sa{};
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  on_output_interrupt([] { return g_signal != 0; });
  if (!select_benchmarks())
    return g_signal ? 128 + g_signal : 2;
  // Callgrind's counts need no shared CPU state; Slurm's nodes run their own.
  if (o_.slurm || instrument_valgrind(o_.runner_args))
    o_.lockstep = false;
  for (int side : {0, 1})
    if (o_.lockstep && !takes_turns_[side]) {
      fmt::print(stderr,
                 "steady ab: {} ('{}') was built with a steady that predates lockstep: the forks of a round run one "
                 "after the other\n",
                 kSide[side], o_.bin[side]);
      o_.lockstep = false;
    }
  if (cpu_set_t mine; o_.lockstep && sched_getaffinity(0, sizeof mine, &mine) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &mine))
        cpus_.push_back(cpu);

  const std::vector<int> looks =
      stats::look_schedule(o_.min_forks, o_.max_forks, instrument_valgrind(o_.runner_args) ? 1 : 2);
  CompareOptions per_look = c_;
  per_look.alpha = c_.alpha / double(looks.size());
  per_look.looks = int(looks.size());
  // A benchmark's A and B fork of a round run one right after the other: the
  // interval is over the rounds' paired ratios (docs/compare-and-ab.md).
  per_look.pair_rounds = true;

  const Clock::time_point start = Clock::now();
  // After a round, so that an interrupted run keeps its data; but the files
  // grow with every round, so (like the runner) at most ~10 % of the time
  // goes to writing them.
  SaveThrottle throttle;
  bool budget_spent = false;
  for (int round = 1; round <= o_.max_forks && !g_signal; ++round) {
    if (std::none_of(benches_.begin(), benches_.end(), [](const Bench &b) { return b.wants_forks(); }))
      break;
    if (o_.budget > 0 && std::chrono::duration<double>(Clock::now() - start).count() > o_.budget) {
      budget_spent = true;
      break;
    }
    run_round(round, looks, per_look);
    throttle.save([&] { write_sides(false); });
  }
  if (!o_.verbose && isatty(2))
    fmt::print(stderr, "\r\033[K");
  return report_all(per_look, looks, std::chrono::duration<double>(Clock::now() - start).count(), budget_spent);
}

} // namespace ab

// --changed-only: the filter becomes the changed payloads (a parameterized
// benchmark's instances are NAME/...). False when nothing is left to run.
static bool restrict_to_changed(ab::AbOptions &o) {
  if (o.filter != ".*")
    throw CLI::ValidationError("--changed-only", "selects the benchmarks itself: not with --filter");
  std::vector<std::string> changed;
  if (!select_and_print("steady ab", o.bin[0], o.bin[1], changed, &o.selection, o.traced, o.trace_limit))
    throw CLI::RuntimeError(2);
  if (changed.empty()) {
    fmt::print("steady ab: no benchmark reaches changed code: nothing to run\n");
    return false;
  }
  std::string names;
  for (const std::string &n : changed)
    names += (names.empty() ? "" : "|") + regex_escape(n);
  o.filter = "^(" + names + ")(/.*)?$";
  return true;
}

void add_ab(CLI::App &app, const std::vector<std::string> &after_dashes) {
  auto o = std::make_shared<ab::AbOptions>();
  auto c = std::make_shared<CompareOptions>();
  auto gate = std::make_shared<std::string>();
  auto margin = std::make_shared<std::string>("1%");
  CLI::App *sub = app.add_subcommand(
      "ab", "Run two benchmark binaries with interleaved forks (A B B A ...) until every benchmark is decided, "
            "then compare them like `steady compare`; other options (and those after --) go to both runners");
  sub->add_option("old", o->bin[0], "The baseline benchmark binary (A)")->required();
  sub->add_option("new", o->bin[1], "The new benchmark binary (B)")->required();
  sub->add_option("--filter", o->filter, "Benchmarks whose name matches this regex")->capture_default_str();
  sub->add_flag("--changed-only", o->changed_only,
                "Run only the benchmarks whose reachable code differs (as `steady select` lists them)");
  sub->add_flag("--traced", o->traced, std::string("With --changed-only: ") + kTracedHelp);
  sub->add_option("--trace-limit", o->trace_limit, kTraceLimitHelp)
      ->check(steady::options::finite(true, "seconds"))
      ->capture_default_str();
  sub->add_flag("--cause", o->cause,
                "For each benchmark found slower or faster, measure the functions that explain it, as `steady cause` "
                "does (callgrind's counts under --instrument=valgrind, else perf's cpu-clock samples), in the table, "
                "the JSON and the report");
  sub->add_option("--cause-budget", o->cause_budget,
                  "With --cause and time: seconds of perf sampling for the causes of all the benchmarks found slower "
                  "or faster, shared among them (a cause still within the noise between forks at its share is "
                  "reported not resolved)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--warmup-iterations,--wi", o->warmup_iterations, "Warmup iterations per fork")
      ->capture_default_str();
  sub->add_option("--iterations,-i", o->iterations, "Measurement iterations per fork")->capture_default_str();
  sub->add_option("--iteration-time", o->iteration_time,
                  "Seconds per warmup and measurement iteration (default: the runner's)");
  sub->add_option("--min-forks", o->min_forks, "Forks per version before the first look")->capture_default_str();
  sub->add_option("--max-forks", o->max_forks, "Forks per version at most")->capture_default_str();
  sub->add_option("--budget", o->budget, "Seconds after which no new round starts (0: no limit)")
      ->capture_default_str();
  sub->add_flag("--noise-floor,!--no-noise-floor", o->noise_floor,
                "After the last round (or the budget), a benchmark still undecided at --equivalence whose interval "
                "lies within its noise floor (the margin identical code meets in 1 - alpha of runs at the measured "
                "noise) is 'same' within that floor, said in its note (default: on)");
  sub->add_flag("--lockstep,!--no-lockstep", o->lockstep,
                "Run a round's A and B fork at once on one CPU, taking turns iteration by iteration, so that the "
                "CPU's state of each moment meets both (default: on; off: one after the other)");
  sub->add_option("--timeout", o->fork_timeout, "Seconds before a fork is killed as hung")->capture_default_str();
  sub->add_option("--seed", o->seed,
                  "Seed of the fork order; with -- --layout=random, of the rounds' layouts (a round's A and B fork "
                  "draw the same)")
      ->capture_default_str();
  sub->add_option("--probe-timeout", o->probe_timeout, "Seconds a binary's --help and --list may take")
      ->check(steady::options::finite(true, "seconds"))
      ->capture_default_str();
  sub->add_option("--json-a", o->json_side[0], "Write A's forks as a steady result file (for steady compare)");
  sub->add_option("--json-b", o->json_side[1], "Write B's forks as a steady result file");
  sub->add_flag("--verbose,-v", o->verbose, "Print every fork as it finishes");
  sub->add_flag("--slurm", o->slurm,
                "Run every round as a Slurm job array: each benchmark's A and B fork on the same node, one after the "
                "other (needs the binaries and the current directory on a shared file system)");
  sub->add_option("--partition", o->place.partition, "With --slurm: the jobs' partition");
  sub->add_option("--time", o->place.time, "With --slurm: time limit per task");
  sub->add_option("--max-nodes", o->place.max_nodes, "With --slurm: tasks running at once")
      ->check(CLI::NonNegativeNumber);
  add_comparison_options(sub, *c, *gate, *margin);
  sub->allow_extras();
  sub->callback([sub, o, c, gate, margin, after_dashes] {
    parse_gate_options(*c, *gate, *margin);
    o->runner_args = sub->remaining();
    o->runner_args.insert(o->runner_args.end(), after_dashes.begin(), after_dashes.end());
    // Under callgrind a fork replays the same run (stats/exact_counts.h): one
    // a side is enough when its iterations show the heap's variation.
    const bool counts = ab::instrument_valgrind(o->runner_args);
    if (o->min_forks < (counts ? 1 : 2) || o->max_forks < o->min_forks)
      throw CLI::ValidationError("--min-forks/--max-forks", counts ? "need 1 <= min-forks <= max-forks"
                                                                   : "need 2 <= min-forks <= max-forks (1 only with "
                                                                     "--instrument=valgrind)");
    if (o->min_forks == 1 && o->iterations < int(stats::kOneForkIterations))
      throw CLI::ValidationError("--min-forks=1",
                                 fmt::format("needs --iterations >= {}: one fork's iterations are its only A/A margin",
                                             stats::kOneForkIterations));
    // The per-fork runner options are ab's to set.
    for (const std::string &a : o->runner_args)
      for (const char *own : {"--forks", "--stop", "--json", "--filter", "--list", "--warmup-forks"})
        if (a == own || a.rfind(std::string(own) + "=", 0) == 0)
          throw CLI::ValidationError(a, "is set by steady ab for every fork");
    check_outputs("steady ab", {{"--json-a", o->json_side[0]},
                                {"--json-b", o->json_side[1]},
                                {"--json", c->json_out},
                                {"--markdown", c->markdown_out},
                                {"--html", c->html_out}});
    if (!c->html_out.empty() && !check_report_output(c->html_out, "steady ab"))
      throw CLI::RuntimeError(2);
    if (o->traced && !o->changed_only)
      throw CLI::ValidationError("--traced", "refines --changed-only's selection: give both");
    if (o->changed_only && !restrict_to_changed(*o))
      return;
    ab::Ab run(*o, *c);
    if (int status = run.run())
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
