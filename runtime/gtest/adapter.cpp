// steady gtest: every test of a GoogleTest binary as a steady benchmark.
//
// Linked into the test binary (steady c++ adds it when it links GoogleTest;
// CMake: Steady::gtest). Run normally, the binary is unchanged: nothing here
// acts unless STEADY_GTEST_ARGS is set, which `steady gtest` does (it carries
// the runner's options, so the user's main never sees them). Then stdout goes
// to /dev/null until the tests are reached, and a listener takes over once
// RUN_ALL_TESTS has set up the global environments: it registers every test
// as a benchmark, runs each once in a child (trial.h), and hands over to the
// runner, whose forks re-enter the binary the same way (set_reentry).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string_view>
#include <tuple>
#include <unistd.h>

#include <fmt/format.h>

#include "cli.h"
#include "discovery.h"
#include "long_run.h"
#include "reach.h"
#include "steady/registry.h"
#include "trial.h"

// The mark `steady gtest` and `steady ab` look for in a binary, and the symbol
// `-Wl,-u` names so that the linker takes this object from the archive.
extern "C" [[gnu::used]] const char steady_gtest_adapter[] = "steady-gtest-adapter/1";

// What the plugin recorded per test body (pass/GTestBodies.cpp): the test's
// class, its protection mark and its findings. Weak: none without the plugin.
struct BodyEntry {
  const char *test_class;
  const bool *mark;
  const char *const *findings;
};
extern "C" const BodyEntry __start_steady_gtest_bodies[] __attribute__((weak));
extern "C" const BodyEntry __stop_steady_gtest_bodies[] __attribute__((weak));
// The plugin's reach records (pass/Reach.cpp), one text per translation unit.
extern "C" const char __start_steady_reach[] __attribute__((weak));
extern "C" const char __stop_steady_reach[] __attribute__((weak));

namespace steady::gtest {
namespace {

constexpr const char *kArgs = "STEADY_GTEST_ARGS"; // the runner's options, \x1f-separated
// Tests measured single shot, as the trial planned them (long_run.h), for the
// forks: "warmups:runs:name", \x1f-separated.
constexpr const char *kSingleShot = "STEADY_GTEST_SINGLE_SHOT";
// How SetUp/TearDown stay out of the timing (docs/gtest.md, "How the fixture
// stays out of the timing"): "pause", SetUp and TearDown around each
// invocation, one invocation per batch; "prepared", fixtures made and set up
// before a batch, one per invocation. Unset: prepared for a TEST (its fixture
// is GoogleTest's own, so several at once cannot collide) that is not single
// shot, the pause for every other test (a user's fixture may hold what only one
// may hold at a time: leveldb's DBTest opens a database).
constexpr const char *kFixtures = "STEADY_GTEST_FIXTURES";
constexpr char kSep = '\x1f';
// Prepared mode: a batch has at most this many invocations (64 x 30 ns reach
// the 2 us batch target), and 2x-1 fixtures are ready before it (reset() runs
// only once kPrepared invocations ran, so a smaller batch size may use up to
// 2 * kPrepared - 1 before the next reset); those a batch did not use stay
// for the next.
constexpr std::uint64_t kPrepared = 64;

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t sep; (sep = s.find(kSep, start)) != std::string::npos; start = sep + 1)
    out.push_back(s.substr(start, sep - start));
  out.push_back(s.substr(start));
  return out;
}

std::string join(const std::vector<std::string> &v, std::size_t from = 0) {
  std::string out;
  for (std::size_t i = from; i < v.size(); ++i)
    out += (i > from ? std::string(1, kSep) : "") + v[i];
  return out;
}

struct State {
  std::vector<std::string> cmdline; // the program's own argv: what its main sees, also in the forks
  std::vector<std::string> args;    // the runner's options
  int saved_stdout = -1;            // the runner's stdout while the program's own goes to /dev/null
  bool in_fork = false;
  bool taken_over = false;
  std::vector<TestCase> tests;
  std::map<std::string, std::size_t> by_name;
  std::map<const testing::TestSuite *, int> suites_up; // SetUpTestSuite once per fork: fixtures alive
  // Per test: the plugin's protection mark and findings (none yet: false, null).
  std::unique_ptr<bool[]> marks;
  std::optional<bool> prepared;     // STEADY_GTEST_FIXTURES, when set
  std::vector<bool> prepared_tests; // per test: fixtures prepared before a batch
};

State &state() {
  static State s;
  return s;
}

// A test's fixtures for one fork.
class Invocations : public Fixture {
public:
  explicit Invocations(const TestCase &c, bool prepared) : c_(c), prepared_(prepared) {}
  void setup() override {
    make_current(&c_);
    if (state().suites_up[c_.suite]++ == 0)
      set_up_suite(c_);
    if (prepared_)
      reset(); // first_invocation() runs one before any reset
  }
  void teardown() override {
    release();
    if (--state().suites_up[c_.suite] == 0)
      tear_down_suite(c_);
    make_current(nullptr);
  }
  void setup_invocation() override { current_ = fresh(); }
  void teardown_invocation() override {
    finish(current_);
    current_ = nullptr;
  }
  std::uint64_t reset_every() const override { return prepared_ ? kPrepared : 0; }
  // The fixtures used since the last reset torn down, the pool topped up.
  void reset() override {
    for (std::size_t i = 0; i < next_; ++i)
      finish(pool_[i]);
    pool_.erase(pool_.begin(), pool_.begin() + std::ptrdiff_t(next_));
    next_ = 0;
    while (pool_.size() < 2 * kPrepared - 1)
      pool_.push_back(fresh());
  }
  // The timed part: bodies only. Failures are checked after, untimed.
  void run(std::uint64_t n) {
    if (!prepared_) {
      for (std::uint64_t i = 0; i < n; ++i)
        body(current_);
      return;
    }
    if (next_ + n > pool_.size())
      throw std::logic_error("steady gtest: more invocations than prepared fixtures");
    for (std::uint64_t i = 0; i < n; ++i)
      body(pool_[next_++]);
  }

private:
  testing::Test *fresh() {
    testing::Test *t = create(c_);
    set_up(t);
    check("SetUp");
    return t;
  }
  void finish(testing::Test *t) {
    tear_down(t);
    delete t;
    check("");
  }
  void release() {
    for (testing::Test *t : pool_)
      finish(t);
    pool_.clear();
    next_ = 0;
  }
  void check(const char *where) const {
    const Reported &r = reported();
    if (r.failed())
      throw std::runtime_error(
          fmt::format("test failed{}{} while measured: {}", *where ? " in " : "", where, r.failure));
    if (r.skipped)
      throw std::runtime_error("test skipped while measured: " + r.skip);
  }

  const TestCase &c_;
  bool prepared_;
  testing::Test *current_ = nullptr;
  std::vector<testing::Test *> pool_;
  std::size_t next_ = 0;
};

Fixture *create_invocations(const Benchmark &b) {
  State &s = state();
  const std::size_t i = s.by_name.at(b.name);
  return new Invocations(s.tests.at(i), s.prepared_tests.at(i));
}

void run_invocations(Fixture *f, std::uint64_t n) { static_cast<Invocations *>(f)->run(n); }

// Forks run the program as it was run, its options in the environment.
void reenter(std::vector<std::string> &argv, std::vector<std::string> &env) {
  const std::string options = std::string(kArgs) + "=" + join(argv, 1);
  std::erase_if(env, [](const std::string &e) { return e.starts_with(std::string(kArgs) + "="); });
  env.push_back(options);
  argv = state().cmdline;
}

std::vector<std::string> read_cmdline() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> out;
  for (std::string a; std::getline(in, a, '\0');)
    out.push_back(a);
  return out;
}

// The plugin's entry for a test: its class is Suite_Name_Test (TEST,
// TEST_F, TEST_P and TYPED_TEST, instance prefixes and /N suffixes dropped),
// or gtest_suite_Suite_::Name (TYPED_TEST_P).
const BodyEntry *body_entry(const TestCase &c) {
  std::string suite = c.info->test_suite_name(), name = c.info->name();
  if (!c.value_param.empty()) {
    suite = suite.substr(suite.find('/') + 1);
    name = name.substr(0, name.find('/'));
  }
  if (!c.type_param.empty()) {
    if (std::count(suite.begin(), suite.end(), '/') == 2) // Prefix/Suite/N
      suite = suite.substr(suite.find('/') + 1);
    suite = suite.substr(0, suite.find('/'));
  }
  const std::string plain = suite + "_" + name + "_Test", typed = "gtest_suite_" + suite + "_::" + name;
  for (const BodyEntry *e = __start_steady_gtest_bodies; e && e < __stop_steady_gtest_bodies; ++e) {
    std::string_view cls = e->test_class;
    const std::size_t colons = cls.rfind("::");
    if ((colons == std::string_view::npos ? cls : cls.substr(colons + 2)) == plain || cls.ends_with(typed))
      return e;
  }
  return nullptr;
}

// The plugin's reach records of every translation unit compiled with it.
std::string reach_records() {
  std::string records;
  for (const char *p = __start_steady_reach; p && p < __stop_steady_reach;) {
    std::string_view text(p);
    records.append(text).append("\n");
    p += text.size() + 1;
  }
  return records;
}

// Why a test's body is not protected though the plugin compiled its
// translation unit (it has the unit's records, without an entry for the
// body): the audit's flags, under which the plugin changes no code.
constexpr const char *kAuditBuild =
    "was compiled with the steady plugin's audit (-mllvm -steady-audit), which changes no "
    "code: its dead results and constant inputs are not protected from the optimizer; "
    "compile it without -steady-audit to measure it protected";

// A long test's plan as the forks get it (kSingleShot).
std::string shot_entry(const Benchmark &b) { return fmt::format("{}:{}:{}", b.shot_warmups, b.shot_runs, b.name); }

// The plans the runner left for the forks, by test name.
std::map<std::string, std::pair<int, int>> shot_plans() {
  std::map<std::string, std::pair<int, int>> out;
  const char *e = std::getenv(kSingleShot);
  if (!e || !*e)
    return out;
  for (const std::string &entry : split(e)) {
    const std::size_t a = entry.find(':'), b = entry.find(':', a + 1);
    if (b != std::string::npos)
      out[entry.substr(b + 1)] = {std::stoi(entry.substr(0, a)), std::stoi(entry.substr(a + 1, b - a - 1))};
  }
  return out;
}

// Every test as a benchmark, in discovery order (the forks discover the same).
// In the runner (`trials`), each test the runner's --filter selects is first
// tried once in a child: those that do not pass are listed with the outcome,
// those longer than an iteration are measured single shot as long_run.h
// plans (in the forks too), or listed as too long to measure.
void register_tests(const RunConfig *trials) {
  State &s = state();
  s.marks.reset(new bool[s.tests.size()]());
  s.prepared_tests.assign(s.tests.size(), false);
  std::vector<std::string> single;
  const std::map<std::string, std::pair<int, int>> plans = shot_plans();
  std::optional<std::regex> selected;
  std::optional<std::unordered_set<std::string>> plugin_compiled; // read when a body has no entry
  if (trials)
    selected.emplace(trials->filter); // valid: the command line was checked
  for (std::size_t i = 0; i < s.tests.size(); ++i) {
    const TestCase &c = s.tests[i];
    s.by_name[c.name] = i;
    Benchmark b{};
    b.name = c.name;
    b.file = c.info->file();
    b.line = c.line;
    b.protected_by_plugin = &s.marks[i];
    if (const BodyEntry *e = body_entry(c)) {
      b.protected_by_plugin = e->mark;
      b.compile_findings = e->findings;
    } else {
      if (!plugin_compiled)
        plugin_compiled = recorded_functions(reach_records());
      if (plugin_compiled->count(create_test_symbol(factory_type_name(c))))
        b.unprotected_reason = kAuditBuild;
    }
    b.create = &create_invocations;
    b.run = &run_invocations;
    // run_invocations is every test's: the result's code fingerprint is of the
    // functions the trial saw the test run, or there is none.
    b.run_is_adapter = true;
    if (!c.type_param.empty())
      b.params.emplace_back("type", c.type_param);
    if (!c.value_param.empty())
      b.params.emplace_back("param", c.value_param);
    b.translation_unit = c.info->file();
    if (auto plan = plans.find(c.name); plan != plans.end()) {
      b.single_shot = true;
      std::tie(b.shot_warmups, b.shot_runs) = plan->second;
    }
    if (c.disabled) {
      b.trial = {Trial::not_measured, "disabled"};
    } else if (trials && std::regex_search(c.name, *selected)) {
      TrialRun t = try_test(c, trials->timeout, longest_run_seconds(*trials));
      b.trial = t.trial;
      b.code = t.functions;
      // Longer than an iteration: each iteration would time one invocation
      // anyway. A test merely longer than a batch's target (1/1000 of an
      // iteration) keeps the average-time mode, one invocation per batch:
      // on snappy single shot gave 10 cold samples per fork and 99 % CIs
      // wider than the value (docs/gtest.md).
      const LongRunPlan plan = plan_long_run(t.body_ns / 1e9, *trials);
      if (t.trial.outcome == Trial::passed && plan.kind == LongRunPlan::too_long) {
        b.trial = {Trial::not_measured, plan.reason};
      } else if (t.trial.outcome == Trial::passed && plan.kind == LongRunPlan::single_shot &&
                 trials->mode != Mode::SingleShot) {
        b.single_shot = true;
        b.shot_warmups = plan.warmups;
        b.shot_runs = plan.runs;
        single.push_back(shot_entry(b));
      }
    }
    s.prepared_tests[i] = s.prepared.value_or(c.plain && !b.single_shot);
    b.invocation_setup = !s.prepared_tests[i];
    detail::add_benchmark(std::move(b), {});
  }
  if (trials)
    setenv(kSingleShot, join(single).c_str(), 1);
}

// --list-reach: the plugin's records, with one payload per test (reach.h).
int print_test_reach() {
  const std::string records = reach_records();
  std::vector<TestReach> tests;
  for (const TestCase &c : state().tests) {
    tests.push_back({c.name, create_test_symbol(factory_type_name(c))});
  }
  const std::string out = test_reach(records, tests);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

bool valid_regex(const std::string &re) {
  try {
    std::regex r(re);
    return true;
  } catch (const std::regex_error &) {
    return false; // run_main says so
  }
}

int take_over() {
  State &s = state();
  s.taken_over = true;
  testing::UnitTest &unit = *testing::UnitTest::GetInstance();
  listen_quietly(unit);
  if (s.saved_stdout >= 0) {
    std::fflush(stdout);
    dup2(s.saved_stdout, 1);
    close(s.saved_stdout);
  }
  if (GTEST_FLAG_GET(shuffle)) {
    std::fprintf(stderr, "error: --gtest_shuffle: steady gtest runs the tests in their registration order; "
                         "run without it (nothing was run)\n");
    return 2;
  }
  // Death tests fork with fork() in this style, which the trial sees.
  GTEST_FLAG_SET(death_test_style, "fast");
  s.tests = discover(unit);
  std::vector<std::string> argv = {s.cmdline.empty() ? "test" : s.cmdline[0]};
  argv.insert(argv.end(), s.args.begin(), s.args.end());
  std::vector<char *> cargv;
  for (std::string &a : argv)
    cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const int argc = int(argv.size());
  Cli cli;
  if (!s.in_fork)
    if (int status = parse_command_line(argc, cargv.data(), cli); status >= 0)
      return status;
  if (cli.list_reach)
    return print_test_reach();
  const bool measures = !s.in_fork && !cli.print_config && !cli.cfg.list && valid_regex(cli.cfg.filter);
  register_tests(measures ? &cli.cfg : nullptr);
  return run_main(argc, cargv.data());
}

// RUN_ALL_TESTS's end, in the runner and in every fork: the global
// Environments torn down (what they print goes to /dev/null, as a fork's
// output always does; the runner says when one fails), then the exit, before
// GoogleTest would run the tests.
[[noreturn]] void finish(int status) {
  std::fflush(nullptr);
  if (int null = open("/dev/null", O_WRONLY | O_CLOEXEC); null >= 0) {
    dup2(null, 1);
    close(null);
  }
  reported() = {};
  tear_down_environments();
  if (const Reported &r = reported(); r.failed() && !state().in_fork)
    std::fprintf(stderr, "warning: a global Environment's TearDown failed: %s\n", r.failure.c_str());
  std::fflush(nullptr);
  _exit(status);
}

class Takeover : public testing::EmptyTestEventListener {
  void OnEnvironmentsSetUpEnd(const testing::UnitTest &) override { finish(take_over()); }
};

void never_reached() {
  if (state().taken_over || state().in_fork)
    return;
  std::fflush(stdout);
  std::fprintf(stderr,
               "error: %s ended without reaching its tests: its main must call RUN_ALL_TESTS(), and "
               "--gtest_filter must select a test (nothing was measured)\n",
               state().cmdline.empty() ? "the test program" : state().cmdline[0].c_str());
  _exit(2);
}

bool install() {
  const char *args = std::getenv(kArgs);
  if (!args)
    return false;
  State &s = state();
  s.args = split(args);
  if (s.args.size() == 1 && s.args[0].empty())
    s.args.clear();
  s.cmdline = read_cmdline();
  s.in_fork = std::any_of(s.args.begin(), s.args.end(), [](const std::string &a) {
    return a.starts_with("--steady-fork=") || a == "--steady-valgrind-probe";
  });
  if (const char *f = std::getenv(kFixtures); f && *f)
    s.prepared = std::string(f) == "prepared";
  // Every test runs in every fork: no sharding.
  unsetenv("GTEST_TOTAL_SHARDS");
  unsetenv("GTEST_SHARD_INDEX");
  // Nothing the program prints reaches the table: stdout until the takeover,
  // and in the forks stdout and stderr (a fork reports on its own pipe).
  if (int null = open("/dev/null", O_WRONLY | O_CLOEXEC); null >= 0) {
    if (!s.in_fork)
      s.saved_stdout = fcntl(1, F_DUPFD_CLOEXEC, 10);
    dup2(null, 1);
    if (s.in_fork)
      dup2(null, 2);
    close(null);
  }
  testing::UnitTest::GetInstance()->listeners().Append(new Takeover);
  set_reentry(&reenter);
  std::atexit(never_reached);
  return true;
}

[[maybe_unused]] const bool installed = install();

} // namespace
} // namespace steady::gtest
