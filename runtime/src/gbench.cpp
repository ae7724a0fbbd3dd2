// Google Benchmark's API (runtime/include/benchmark/benchmark.h) on steady's
// registry and runner: each family's argument lists and thread counts become
// steady benchmarks under Google Benchmark's names, registered once main()
// runs (the builder calls follow the static registration); each batch calls
// the benchmark function once with steady's batch size as its iteration
// count, and its State times the loop on the batch clock.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "batch_clock.h"
#include "benchmark/benchmark.h"
#include "steady/registry.h"

namespace benchmark {

const int64_t MemoryManager::TombstoneValue = std::numeric_limits<int64_t>::max();

namespace internal {

namespace {

std::vector<std::unique_ptr<Benchmark>> &families() {
  static std::vector<std::unique_ptr<Benchmark>> all;
  return all;
}

// One benchmark as steady runs it: a family with one argument list.
struct Instance {
  Benchmark *family;
  std::vector<int64_t> args;
  std::string name;
};

std::vector<std::unique_ptr<Instance>> &instances() {
  static std::vector<std::unique_ptr<Instance>> all;
  return all;
}

// Google Benchmark's AddRange: lo, the powers of `mult` strictly between lo
// and hi (negative ones for a negative lo, and 0 when the range spans it), hi.
void add_powers(std::vector<int64_t> &dst, int64_t lo, int64_t hi, int mult) {
  const int64_t kmax = std::numeric_limits<int64_t>::max();
  for (int64_t i = 1; i <= hi; i *= mult) {
    if (i >= lo)
      dst.push_back(i);
    if (i > kmax / mult)
      break;
  }
}

std::vector<int64_t> add_range(int64_t lo, int64_t hi, int mult) {
  std::vector<int64_t> dst{lo};
  if (lo == hi)
    return dst;
  if (lo + 1 == hi) {
    dst.push_back(hi);
    return dst;
  }
  const int64_t lo_inner = lo + 1, hi_inner = hi - 1;
  if (lo_inner < 0) {
    std::vector<int64_t> negated;
    add_powers(negated, -std::min<int64_t>(hi_inner, -1), -lo_inner, mult);
    for (auto it = negated.rbegin(); it != negated.rend(); ++it)
      dst.push_back(-*it);
  }
  if (lo < 0 && hi >= 0)
    dst.push_back(0);
  if (hi_inner > 0)
    add_powers(dst, std::max<int64_t>(lo_inner, 1), hi_inner, mult);
  if (hi != dst.back())
    dst.push_back(hi);
  return dst;
}

// A feature steady accepts and does not apply, said once per family.
void ignore(std::vector<std::string> &ignored, std::string what) {
  if (std::find(ignored.begin(), ignored.end(), what) == ignored.end())
    ignored.push_back(std::move(what));
}

} // namespace

// The steady side of one instance: a fixture per fork (Setup and Teardown of
// the family run in its setup and teardown), a batch per call of the function.
class Adapter : public steady::Fixture {
public:
  explicit Adapter(const Instance &in) : in_(in) {}

  void setup() override {
    if (in_.family->setup_) {
      State st(1, in_.args, &in_.name);
      in_.family->setup_(st);
    }
  }
  void teardown() override {
    if (in_.family->teardown_) {
      State st(1, in_.args, &in_.name);
      in_.family->teardown_(st);
    }
  }

  static void run(steady::Fixture *f, std::uint64_t n) { static_cast<Adapter *>(f)->batch(n); }

private:
  void batch(std::uint64_t n) {
    steady::BatchClock &clock = steady::batch_clock();
    clock.reset();
    State st(IterationCount(n), in_.args, &in_.name);
    in_.family->Run(st);
    if (st.error_occurred_)
      throw steady::Skipped(st.error_);
    if (!st.started_ || !st.finished_)
      throw std::runtime_error("the benchmark function returned before its loop ended (Google Benchmark refuses "
                               "this too: 'Benchmark returned before State::KeepRunning() returned false!')");
    if (in_.family->use_manual_time_)
      clock.manual_ns = st.manual_seconds_ * 1e9;
    report(st, clock);
  }

  // What the batch set on its State, raw: the batch clock finishes it
  // over the fork's kept batches.
  void report(const State &st, steady::BatchClock &clock) const {
    steady::BatchClock::Batch b;
    for (const auto &[name, c] : st.counters)
      b.counters.push_back({name, c.value, int(c.flags)});
    b.iterations = double(st.iterations());
    b.seconds = clock.manual_ns >= 0 ? clock.manual_ns * 1e-9 : double(clock.timed) / (clock.ticks_per_ns * 1e9);
    b.label = st.label_;
    b.complexity_n = double(st.complexity_n_);
    b.items = double(st.items_processed());
    b.bytes = double(st.bytes_processed());
    clock.last = std::move(b);
  }

  const Instance &in_;
};

// Google Benchmark's name of an instance (BenchmarkInstance's constructor):
// the family, the arguments (name:value where named), then the options that
// change it, '/'-separated.
std::string instance_name(const Benchmark &b, const std::vector<int64_t> &args, int threads) {
  std::string a;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!a.empty())
      a += '/';
    if (i < b.arg_names_.size() && !b.arg_names_[i].empty())
      a += b.arg_names_[i] + ":";
    a += fmt::format("{}", args[i]);
  }
  std::string time;
  if (b.measure_process_cpu_time_)
    time = "process_time";
  if (b.use_manual_time_ || b.use_real_time_)
    time += std::string(time.empty() ? "" : "/") + (b.use_manual_time_ ? "manual_time" : "real_time");
  std::string name;
  for (const std::string &p : {b.name_, a, b.min_time_ > 0 ? fmt::format("min_time:{:.3f}", b.min_time_) : "",
                               b.min_warmup_time_ > 0 ? fmt::format("min_warmup_time:{:.3f}", b.min_warmup_time_) : "",
                               b.iterations_ > 0 ? fmt::format("iterations:{}", b.iterations_) : "",
                               b.repetitions_ > 0 ? fmt::format("repeats:{}", b.repetitions_) : "", time,
                               b.thread_counts_.empty() ? "" : fmt::format("threads:{}", threads)})
    if (!p.empty())
      name += (name.empty() ? "" : "/") + p;
  return name;
}

// Google Benchmark runs every registration, two of one name too (a family
// registered twice, RegisterBenchmark in a loop), and prints each under that
// name. A steady result names each row once (baselines, compare): the second
// registration of a name is "NAME#2", the third "NAME#3", in registration
// order, as steady compare numbers a Google Benchmark JSON's families of one
// name; said once by the runner.
std::string unique_name(const std::string &name) {
  static std::map<std::string, int> seen;
  const int n = ++seen[name];
  if (n == 1)
    return name;
  steady::detail::registration_note(fmt::format(
      "'{}' is registered more than once (Google Benchmark runs each under that name): registration {} is '{}#{}'",
      name, n, name, n));
  return fmt::format("{}#{}", name, n);
}

void expand_families() {
  static const bool unprotected = false;
  static const char *const no_findings = nullptr;
  for (const std::unique_ptr<Benchmark> &f : families()) {
    const Benchmark &b = *f;
    std::vector<std::vector<int64_t>> arglists = b.args_;
    if (arglists.empty())
      arglists.emplace_back();
    const std::vector<int> threads = b.thread_counts_.empty() ? std::vector<int>{1} : b.thread_counts_;
    for (const std::vector<int64_t> &args : arglists)
      for (int t : threads) {
        auto in = std::make_unique<Instance>();
        in->family = f.get();
        in->args = args;
        in->name = unique_name(instance_name(b, args, t));
        steady::Benchmark sb{in->name, {},           "", 0, b.plugin_mark_ ? b.plugin_mark_ : &unprotected,
                             nullptr,  &Adapter::run};
        for (std::size_t i = 0; i < args.size(); ++i)
          sb.params.emplace_back(i < b.arg_names_.size() && !b.arg_names_[i].empty() ? b.arg_names_[i]
                                                                                     : fmt::format("arg{}", i),
                                 fmt::format("{}", args[i]));
        sb.create = [](const steady::Benchmark &self) -> steady::Fixture * {
          return new Adapter(*static_cast<const Instance *>(self.context));
        };
        sb.compile_findings = b.plugin_findings_ ? b.plugin_findings_ : &no_findings;
        sb.self_timed = true;
        sb.ignored = b.ignored_;
        if (b.complexity_ != oNone)
          sb.complexity = {instance_name(b, {}, t), int(b.complexity_), b.complexity_lambda_};
        if (t > 1)
          sb.not_measured = fmt::format("Threads({}): steady measures one thread", t);
        sb.context = in.get();
        instances().push_back(std::move(in));
        steady::detail::add_benchmark(std::move(sb), {});
      }
  }
}

Benchmark *RegisterBenchmarkInternal(Benchmark *b) {
  if (families().empty())
    steady::detail::defer_registration(&expand_families);
  families().emplace_back(b);
  return b;
}

Benchmark *RegisterBenchmarkInternal(Benchmark *b, const bool *protected_by_plugin, const char *const *findings) {
  b->plugin_mark_ = protected_by_plugin;
  b->plugin_findings_ = findings;
  return RegisterBenchmarkInternal(b);
}

// The plugin's entry for a function holding a measurement loop whose address
// is taken (pass/Payloads.cpp): RegisterBenchmark's rows look it up.
struct RegisteredFunction {
  const void *function;
  const bool *mark;
  const char *const *findings;
};
extern "C" const RegisteredFunction __start_steady_gbench_functions[] __attribute__((weak));
extern "C" const RegisteredFunction __stop_steady_gbench_functions[] __attribute__((weak));

Benchmark *RegisterFunctionBenchmark(Benchmark *b, const void *function) {
  // An inline function may be listed by several translation units: the one
  // whose copy the linker kept set its mark.
  const RegisteredFunction *found = nullptr;
  for (const RegisteredFunction *e = __start_steady_gbench_functions; e && e < __stop_steady_gbench_functions; ++e)
    if (e->function == function && (!found || *e->mark))
      found = e;
  if (found) {
    b->plugin_mark_ = found->mark;
    b->plugin_findings_ = found->findings;
  }
  if (families().empty() || families().back().get() != b)
    RegisterBenchmarkInternal(b);
  return b;
}

void UseCharPointer(char const volatile *) {}

Benchmark::Benchmark(const char *name) : name_(name) {}
Benchmark::~Benchmark() = default;

void Benchmark::SetName(const char *name) { name_ = name; }
int Benchmark::ArgsCnt() const {
  return args_.empty() ? (arg_names_.empty() ? -1 : int(arg_names_.size())) : int(args_.front().size());
}
TimeUnit Benchmark::GetTimeUnit() const { return time_unit_; }

Benchmark *Benchmark::Name(const std::string &name) {
  name_ = name;
  return this;
}
Benchmark *Benchmark::Arg(int64_t x) {
  args_.push_back({x});
  return this;
}
Benchmark *Benchmark::Unit(TimeUnit unit) {
  time_unit_ = unit;
  use_default_time_unit_ = false;
  return this;
}
Benchmark *Benchmark::Range(int64_t start, int64_t limit) { return Ranges({{start, limit}}); }
Benchmark *Benchmark::Ranges(const std::vector<std::pair<int64_t, int64_t>> &ranges) {
  std::vector<std::vector<int64_t>> arglists;
  for (const auto &[lo, hi] : ranges)
    arglists.push_back(add_range(lo, hi, range_multiplier_));
  return ArgsProduct(arglists);
}
Benchmark *Benchmark::DenseRange(int64_t start, int64_t limit, int step) {
  for (int64_t arg = start; arg <= limit; arg += step)
    args_.push_back({arg});
  return this;
}
Benchmark *Benchmark::Args(const std::vector<int64_t> &args) {
  args_.push_back(args);
  return this;
}
// Google Benchmark's order: the first list varies fastest.
Benchmark *Benchmark::ArgsProduct(const std::vector<std::vector<int64_t>> &arglists) {
  std::size_t total = 1;
  for (const auto &l : arglists)
    total *= l.size();
  std::vector<std::size_t> indices(arglists.size());
  for (std::size_t i = 0; i < total; ++i) {
    std::vector<int64_t> args;
    for (std::size_t a = 0; a < arglists.size(); ++a)
      args.push_back(arglists[a][indices[a]]);
    args_.push_back(args);
    std::size_t a = 0;
    do {
      indices[a] = (indices[a] + 1) % arglists[a].size();
    } while (indices[a++] == 0 && a < arglists.size());
  }
  return this;
}
Benchmark *Benchmark::ArgName(const std::string &name) {
  arg_names_ = {name};
  return this;
}
Benchmark *Benchmark::ArgNames(const std::vector<std::string> &names) {
  arg_names_ = names;
  return this;
}
Benchmark *Benchmark::Setup(void (*setup)(const benchmark::State &)) {
  setup_ = setup;
  return this;
}
Benchmark *Benchmark::Teardown(void (*teardown)(const benchmark::State &)) {
  teardown_ = teardown;
  return this;
}
Benchmark *Benchmark::Apply(void (*func)(Benchmark *benchmark)) {
  func(this);
  return this;
}
Benchmark *Benchmark::RangeMultiplier(int multiplier) {
  range_multiplier_ = multiplier;
  return this;
}
Benchmark *Benchmark::MinTime(double t) {
  min_time_ = t;
  ignore(ignored_, fmt::format("MinTime({})", t));
  return this;
}
Benchmark *Benchmark::MinWarmUpTime(double t) {
  min_warmup_time_ = t;
  ignore(ignored_, fmt::format("MinWarmUpTime({})", t));
  return this;
}
Benchmark *Benchmark::Iterations(IterationCount n) {
  iterations_ = n;
  ignore(ignored_, fmt::format("Iterations({})", n));
  return this;
}
Benchmark *Benchmark::Repetitions(int n) {
  repetitions_ = n;
  ignore(ignored_, fmt::format("Repetitions({})", n));
  return this;
}
Benchmark *Benchmark::ReportAggregatesOnly(bool) { return this; }
Benchmark *Benchmark::DisplayAggregatesOnly(bool) { return this; }
// steady measures wall time: the name keeps Google Benchmark's suffix.
Benchmark *Benchmark::MeasureProcessCPUTime() {
  measure_process_cpu_time_ = true;
  ignore(ignored_, "MeasureProcessCPUTime()");
  return this;
}
Benchmark *Benchmark::UseRealTime() {
  use_real_time_ = true;
  return this;
}
Benchmark *Benchmark::UseManualTime() {
  use_manual_time_ = true;
  return this;
}
Benchmark *Benchmark::Complexity(BigO complexity) {
  complexity_ = complexity;
  return this;
}
Benchmark *Benchmark::Complexity(BigOFunc *complexity) {
  complexity_lambda_ = complexity;
  complexity_ = oLambda;
  return this;
}
Benchmark *Benchmark::ComputeStatistics(const std::string &name, StatisticsFunc *, StatisticUnit) {
  ignore(ignored_, "ComputeStatistics(" + name + ")");
  return this;
}
Benchmark *Benchmark::Threads(int t) {
  thread_counts_.push_back(t);
  return this;
}
Benchmark *Benchmark::ThreadRange(int min_threads, int max_threads) {
  for (int t : add_range(min_threads, max_threads, 2))
    thread_counts_.push_back(int(t));
  return this;
}
Benchmark *Benchmark::DenseThreadRange(int min_threads, int max_threads, int stride) {
  for (int t = min_threads; t < max_threads; t += stride)
    thread_counts_.push_back(t);
  thread_counts_.push_back(max_threads);
  return this;
}
Benchmark *Benchmark::ThreadPerCpu() { return Threads(int(std::thread::hardware_concurrency())); }

void FunctionBenchmark::Run(State &st) { func_(st); }

} // namespace internal

// ---- State --------------------------------------------------------------

State::State(IterationCount max_iters, const std::vector<int64_t> &ranges, const std::string *name)
    : total_iterations_(0), batch_leftover_(0), max_iterations(max_iters), started_(false), finished_(false),
      error_occurred_(false), range_(ranges), complexity_n_(0), name_(name) {}

void State::StartKeepRunning() {
  started_ = true;
  total_iterations_ = error_occurred_ ? 0 : max_iterations;
  steady::batch_clock().start();
}

void State::FinishKeepRunning() {
  steady::batch_clock().stop();
  if (!error_occurred_)
    total_iterations_ = 0;
  finished_ = true;
}

void State::PauseTiming() { steady::batch_clock().pause(); }
void State::ResumeTiming() { steady::batch_clock().resume(); }

void State::SkipWithError(const char *msg) {
  error_occurred_ = true;
  error_ = msg ? msg : "";
  total_iterations_ = 0;
}

void State::SetIterationTime(double seconds) { manual_seconds_ += seconds; }
void State::SetLabel(const char *label) { label_ = label ? label : ""; }

// ---- the program ----------------------------------------------------------

namespace {

struct CommandLine {
  std::vector<std::string> args; // the program's name first
  std::string filter;
  bool list = false;
};

CommandLine &command_line() {
  static CommandLine c;
  return c;
}

TimeUnit &default_time_unit() {
  static TimeUnit u = kNanosecond;
  return u;
}

bool starts_with(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

} // namespace

void PrintDefaultHelp() {
  std::fprintf(stderr, "steady runs this Google Benchmark suite: --filter=REGEX (or --benchmark_filter), --list "
                       "(or --benchmark_list_tests), --json=FILE; --help lists steady's options\n");
}

// Google Benchmark's selection flags are translated; its other
// --benchmark_* flags are said once and dropped; everything else is steady's.
void Initialize(int *argc, char **argv, void (*)()) {
  CommandLine &c = command_line();
  c.args.assign(argv, argv + *argc);
  std::vector<std::string> kept{c.args.empty() ? "benchmark" : c.args[0]};
  std::vector<std::string> dropped;
  for (std::size_t i = 1; i < c.args.size(); ++i) {
    const std::string &a = c.args[i];
    if (starts_with(a, "--benchmark_filter="))
      c.filter = a.substr(std::strlen("--benchmark_filter="));
    else if (a == "--benchmark_list_tests" || a == "--benchmark_list_tests=true")
      c.list = true;
    else if (starts_with(a, "--benchmark_") || starts_with(a, "--v="))
      dropped.push_back(a);
    else
      kept.push_back(a);
  }
  if (!dropped.empty() && std::getenv("STEADY_FORK") == nullptr)
    std::fprintf(stderr, "note: Google Benchmark option(s) not applied by steady: %s\n",
                 fmt::format("{}", fmt::join(dropped, " ")).c_str());
  c.args = kept;
  *argc = 1;
}

void Shutdown() {}
bool ReportUnrecognizedArguments(int, char **) { return false; }
std::string GetBenchmarkFilter() { return command_line().filter; }
void SetBenchmarkFilter(std::string value) { command_line().filter = std::move(value); }
int32_t GetBenchmarkVerbosity() { return 0; }
BenchmarkReporter *CreateDefaultDisplayReporter() {
  static ConsoleReporter reporter;
  return &reporter;
}
TimeUnit GetDefaultTimeUnit() { return default_time_unit(); }
void SetDefaultTimeUnit(TimeUnit unit) { default_time_unit() = unit; }
void RegisterMemoryManager(MemoryManager *) {}
void AddCustomContext(const std::string &, const std::string &) {}
void ClearRegisteredBenchmarks() { internal::families().clear(); }

size_t RunSpecifiedBenchmarks(BenchmarkReporter *display, BenchmarkReporter *file, std::string spec) {
  if ((display || file) && std::getenv("STEADY_FORK") == nullptr)
    std::fprintf(stderr, "note: custom reporters are not called: steady prints its table and writes --json\n");
  CommandLine &c = command_line();
  std::vector<std::string> args = c.args.empty() ? std::vector<std::string>{"benchmark"} : c.args;
  if (spec.empty())
    spec = c.filter;
  if (!spec.empty() && spec != "all" && spec != ".")
    args.push_back("--filter=" + spec);
  if (c.list)
    args.push_back("--list");
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  const int status = steady::run_main(int(args.size()), argv.data());
  if (status != 0)
    std::exit(status);
  return internal::instances().size();
}

size_t RunSpecifiedBenchmarks() { return RunSpecifiedBenchmarks(nullptr, nullptr, ""); }
size_t RunSpecifiedBenchmarks(std::string spec) { return RunSpecifiedBenchmarks(nullptr, nullptr, std::move(spec)); }
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display) { return RunSpecifiedBenchmarks(display, nullptr, ""); }
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display, std::string spec) {
  return RunSpecifiedBenchmarks(display, nullptr, std::move(spec));
}
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display, BenchmarkReporter *file) {
  return RunSpecifiedBenchmarks(display, file, "");
}

} // namespace benchmark
