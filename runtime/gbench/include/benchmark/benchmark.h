// Google Benchmark's API on steady's runtime: a suite written for
// <benchmark/benchmark.h> builds unchanged against this header (`steady c++`
// puts it first on the include path; CMake: link Steady::benchmark instead of
// benchmark::benchmark) and is measured by steady's runner: fresh forks,
// batches, dynamic stopping, the results JSON, compare/ab/report/slurm.
//
// Each call of a benchmark function is one batch: the loop runs steady's batch
// size of iterations and only the loop is timed (less its PauseTiming
// regions); code before and after it is untimed set-up, as in Google
// Benchmark. Names are Google Benchmark's (BM_Foo/64/8, BM_T<int>,
// BM_Capture/name, Fixture/Method/real_time), so `steady compare` pairs a
// steady run with a Google Benchmark JSON of the same suite.
//
// Accepted and not applied (each said once per benchmark): Threads above one
// (the benchmark is listed under its /threads:N name and not measured),
// Repetitions, MinTime, MinWarmUpTime, Iterations (steady decides forks and
// batches), custom reporters, ComputeStatistics, MemoryManager.
//
// The loop, DoNotOptimize and ClobberMemory have Google Benchmark 1.7's shape,
// so that the compiled loop is the one Google Benchmark times, and the steady
// plugin recognises it as it does Google Benchmark's (pass/TimedLoop.cpp).
// The BENCHMARK macros register a function annotated for the plugin, which
// runs the benchmark function: the plugin protects that function's loop body
// as it protects a STEADY_BENCH payload and records what it found on it
// (pass/Payloads.cpp); RegisterBenchmark's lambdas run from an annotated
// LambdaBenchmark::Run, and its functions are looked up by their address in
// the plugin's list (RegisterFunctionBenchmark).
#pragma once

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#define BENCHMARK_STEADY 1
#define BENCHMARK_HAS_CXX11
#define BENCHMARK_ALWAYS_INLINE __attribute__((always_inline))
#define BENCHMARK_NOEXCEPT noexcept
#define BENCHMARK_NOEXCEPT_OP(x) noexcept(x)
#define BENCHMARK_OVERRIDE override
#define BENCHMARK_UNUSED __attribute__((unused))
#define BENCHMARK_EXPORT
#define BENCHMARK_BUILTIN_EXPECT(x, y) __builtin_expect(x, y)
#define BENCHMARK_DEPRECATED_MSG(msg) __attribute__((deprecated(msg)))
#define BENCHMARK_UNREACHABLE() __builtin_unreachable()
#define BENCHMARK_DISABLE_DEPRECATED_WARNING                                                                           \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"")
#define BENCHMARK_RESTORE_DEPRECATED_WARNING _Pragma("GCC diagnostic pop")

namespace benchmark {

class BenchmarkReporter;

void PrintDefaultHelp();
// Keeps the command line for RunSpecifiedBenchmarks (Google Benchmark's
// --benchmark_filter and --benchmark_list_tests are translated; steady's own
// options pass through) and leaves argv with the program name only.
void Initialize(int *argc, char **argv, void (*HelperPrinterf)() = PrintDefaultHelp);
void Shutdown();
bool ReportUnrecognizedArguments(int argc, char **argv);
std::string GetBenchmarkFilter();
void SetBenchmarkFilter(std::string value);
int32_t GetBenchmarkVerbosity();
BenchmarkReporter *CreateDefaultDisplayReporter();
// steady's runner on the benchmarks the command line selects; exits with the
// runner's status when it is not 0 (and in the forks it starts).
size_t RunSpecifiedBenchmarks();
size_t RunSpecifiedBenchmarks(std::string spec);
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display_reporter);
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display_reporter, std::string spec);
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display_reporter, BenchmarkReporter *file_reporter);
size_t RunSpecifiedBenchmarks(BenchmarkReporter *display_reporter, BenchmarkReporter *file_reporter, std::string spec);

enum TimeUnit { kNanosecond, kMicrosecond, kMillisecond, kSecond };
TimeUnit GetDefaultTimeUnit();
void SetDefaultTimeUnit(TimeUnit unit);

// Accepted and not used: steady has no allocation counting of this kind.
class MemoryManager {
public:
  static const int64_t TombstoneValue;
  struct Result {
    int64_t num_allocs = 0, max_bytes_used = 0, total_allocated_bytes = TombstoneValue,
            net_heap_growth = TombstoneValue;
  };
  virtual ~MemoryManager() {}
  virtual void Start() = 0;
  virtual void Stop(Result &result) = 0;
};
void RegisterMemoryManager(MemoryManager *memory_manager);
void AddCustomContext(const std::string &key, const std::string &value);

// A custom reporter is accepted and not called: steady writes its own table
// and JSON (--json).
class BenchmarkReporter {
public:
  virtual ~BenchmarkReporter() = default;
};
class ConsoleReporter : public BenchmarkReporter {
public:
  enum OutputOptions { OO_None = 0, OO_Color = 1, OO_Tabular = 2, OO_ColorTabular = 3, OO_Defaults = 3 };
  explicit ConsoleReporter(OutputOptions = OO_Defaults) {}
};
class JSONReporter : public BenchmarkReporter {};
class CSVReporter : public BenchmarkReporter {};

namespace internal {
class Benchmark;
Benchmark *RegisterBenchmarkInternal(Benchmark *);
// From the BENCHMARK macros: with the mark the steady plugin sets when it
// protected the benchmark's loop, and the findings it recorded.
Benchmark *RegisterBenchmarkInternal(Benchmark *, const bool *protected_by_plugin, const char *const *findings);
// From RegisterBenchmark with a function's address: the plugin lists the
// functions holding a measurement loop whose address is taken, each with its
// mark and findings (section steady_gbench_functions, pass/Payloads.cpp);
// registers `b` if it is not yet, with the function's mark if it is listed.
Benchmark *RegisterFunctionBenchmark(Benchmark *b, const void *function);
void UseCharPointer(char const volatile *);
} // namespace internal

// Google Benchmark 1.7's definitions, for the same code around the value.
inline BENCHMARK_ALWAYS_INLINE void ClobberMemory() { std::atomic_signal_fence(std::memory_order_acq_rel); }

template <class Tp> inline BENCHMARK_ALWAYS_INLINE void DoNotOptimize(Tp const &value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

template <class Tp> inline BENCHMARK_ALWAYS_INLINE void DoNotOptimize(Tp &value) {
#if defined(__clang__)
  asm volatile("" : "+r,m"(value) : : "memory");
#else
  asm volatile("" : "+m,r"(value) : : "memory");
#endif
}

class Counter {
public:
  enum Flags {
    kDefaults = 0,
    kIsRate = 1 << 0,
    kAvgThreads = 1 << 1,
    kAvgThreadsRate = kIsRate | kAvgThreads,
    kIsIterationInvariant = 1 << 2,
    kIsIterationInvariantRate = kIsRate | kIsIterationInvariant,
    kAvgIterations = 1 << 3,
    kAvgIterationsRate = kIsRate | kAvgIterations,
    kInvert = 1 << 31
  };
  enum OneK { kIs1000 = 1000, kIs1024 = 1024 };

  double value;
  Flags flags;
  OneK oneK;

  BENCHMARK_ALWAYS_INLINE Counter(double v = 0., Flags f = kDefaults, OneK k = kIs1000) : value(v), flags(f), oneK(k) {}
  BENCHMARK_ALWAYS_INLINE operator double const &() const { return value; }
  BENCHMARK_ALWAYS_INLINE operator double &() { return value; }
};

inline Counter::Flags operator|(const Counter::Flags &a, const Counter::Flags &b) {
  return static_cast<Counter::Flags>(static_cast<int>(a) | static_cast<int>(b));
}

typedef std::map<std::string, Counter> UserCounters;

enum BigO { oNone, o1, oN, oNSquared, oNCubed, oLogN, oNLogN, oAuto, oLambda };
typedef int64_t IterationCount;
enum StatisticUnit { kTime, kPercentage };
typedef double(BigOFunc)(IterationCount);
typedef double(StatisticsFunc)(const std::vector<double> &);

namespace internal {
class Adapter; // runtime/src/gbench.cpp: one benchmark instance as steady runs it
}

class State {
public:
  struct StateIterator;
  friend struct StateIterator;

  BENCHMARK_ALWAYS_INLINE StateIterator begin();
  BENCHMARK_ALWAYS_INLINE StateIterator end();

  bool KeepRunning();
  bool KeepRunningBatch(IterationCount n);

  // The time between them is subtracted from the batch (and, under
  // --instrument=valgrind, its instructions are not collected).
  void PauseTiming();
  void ResumeTiming();

  // The benchmark is reported skipped with `msg` and not measured further.
  void SkipWithError(const char *msg);
  void SkipWithError(const std::string &msg) { SkipWithError(msg.c_str()); }
  bool error_occurred() const { return error_occurred_; }

  // With UseManualTime: the batch's time is the sum of these, not the loop's.
  void SetIterationTime(double seconds);

  BENCHMARK_ALWAYS_INLINE void SetBytesProcessed(int64_t bytes) {
    counters["bytes_per_second"] = Counter(static_cast<double>(bytes), Counter::kIsRate, Counter::kIs1024);
  }
  BENCHMARK_ALWAYS_INLINE int64_t bytes_processed() const {
    auto it = counters.find("bytes_per_second");
    return it == counters.end() ? 0 : static_cast<int64_t>(it->second.value);
  }
  BENCHMARK_ALWAYS_INLINE void SetComplexityN(int64_t complexity_n) { complexity_n_ = complexity_n; }
  BENCHMARK_ALWAYS_INLINE int64_t complexity_length_n() const { return complexity_n_; }
  BENCHMARK_ALWAYS_INLINE void SetItemsProcessed(int64_t items) {
    counters["items_per_second"] = Counter(static_cast<double>(items), Counter::kIsRate);
  }
  BENCHMARK_ALWAYS_INLINE int64_t items_processed() const {
    auto it = counters.find("items_per_second");
    return it == counters.end() ? 0 : static_cast<int64_t>(it->second.value);
  }
  void SetLabel(const char *label);
  void SetLabel(const std::string &str) { SetLabel(str.c_str()); }

  BENCHMARK_ALWAYS_INLINE int64_t range(std::size_t pos = 0) const {
    assert(range_.size() > pos);
    return range_[pos];
  }
  int64_t range_x() const { return range(0); }
  int64_t range_y() const { return range(1); }
  BENCHMARK_ALWAYS_INLINE int threads() const { return threads_; }
  BENCHMARK_ALWAYS_INLINE int thread_index() const { return thread_index_; }
  BENCHMARK_ALWAYS_INLINE IterationCount iterations() const {
    if (BENCHMARK_BUILTIN_EXPECT(!started_, false))
      return 0;
    return max_iterations - total_iterations_ + batch_leftover_;
  }
  const std::string &name() const { return *name_; }

private:
  IterationCount total_iterations_;
  IterationCount batch_leftover_;

public:
  const IterationCount max_iterations;

private:
  bool started_;
  bool finished_;
  bool error_occurred_;
  std::vector<int64_t> range_;
  int64_t complexity_n_;

public:
  UserCounters counters;

private:
  State(IterationCount max_iters, const std::vector<int64_t> &ranges, const std::string *name);

  void StartKeepRunning();
  bool KeepRunningInternal(IterationCount n, bool is_batch);
  void FinishKeepRunning();

  const int thread_index_ = 0;
  const int threads_ = 1;
  const std::string *name_;
  std::string label_, error_;
  double manual_seconds_ = 0;

  friend class internal::Adapter;
};

inline BENCHMARK_ALWAYS_INLINE bool State::KeepRunning() { return KeepRunningInternal(1, /*is_batch=*/false); }

inline BENCHMARK_ALWAYS_INLINE bool State::KeepRunningBatch(IterationCount n) {
  return KeepRunningInternal(n, /*is_batch=*/true);
}

inline BENCHMARK_ALWAYS_INLINE bool State::KeepRunningInternal(IterationCount n, bool is_batch) {
  assert(n > 0);
  assert(is_batch || n == 1);
  if (BENCHMARK_BUILTIN_EXPECT(total_iterations_ >= n, true)) {
    total_iterations_ -= n;
    return true;
  }
  if (!started_) {
    StartKeepRunning();
    if (!error_occurred_ && total_iterations_ >= n) {
      total_iterations_ -= n;
      return true;
    }
  }
  if (is_batch && total_iterations_ != 0) {
    batch_leftover_ = n - total_iterations_;
    total_iterations_ = 0;
    return true;
  }
  FinishKeepRunning();
  return false;
}

struct State::StateIterator {
  struct BENCHMARK_UNUSED Value {};
  typedef std::forward_iterator_tag iterator_category;
  typedef Value value_type;
  typedef Value reference;
  typedef Value pointer;
  typedef std::ptrdiff_t difference_type;

private:
  friend class State;
  BENCHMARK_ALWAYS_INLINE StateIterator() : cached_(0), parent_() {}
  BENCHMARK_ALWAYS_INLINE explicit StateIterator(State *st)
      : cached_(st->error_occurred_ ? 0 : st->max_iterations), parent_(st) {}

public:
  BENCHMARK_ALWAYS_INLINE Value operator*() const { return Value(); }
  BENCHMARK_ALWAYS_INLINE StateIterator &operator++() {
    assert(cached_ > 0);
    --cached_;
    return *this;
  }
  BENCHMARK_ALWAYS_INLINE bool operator!=(StateIterator const &) const {
    if (BENCHMARK_BUILTIN_EXPECT(cached_ != 0, true))
      return true;
    parent_->FinishKeepRunning();
    return false;
  }

private:
  IterationCount cached_;
  State *const parent_;
};

inline BENCHMARK_ALWAYS_INLINE State::StateIterator State::begin() { return StateIterator(this); }
inline BENCHMARK_ALWAYS_INLINE State::StateIterator State::end() {
  StartKeepRunning();
  return StateIterator();
}

namespace internal {

typedef void(Function)(State &);

// A family of benchmarks: one function and the argument lists it runs with.
class Benchmark {
public:
  virtual ~Benchmark();

  Benchmark *Name(const std::string &name);
  Benchmark *Arg(int64_t x);
  Benchmark *Unit(TimeUnit unit);
  Benchmark *Range(int64_t start, int64_t limit);
  Benchmark *DenseRange(int64_t start, int64_t limit, int step = 1);
  Benchmark *Args(const std::vector<int64_t> &args);
  Benchmark *ArgPair(int64_t x, int64_t y) { return Args({x, y}); }
  Benchmark *Ranges(const std::vector<std::pair<int64_t, int64_t>> &ranges);
  Benchmark *ArgsProduct(const std::vector<std::vector<int64_t>> &arglists);
  Benchmark *ArgName(const std::string &name);
  Benchmark *ArgNames(const std::vector<std::string> &names);
  Benchmark *RangePair(int64_t lo1, int64_t hi1, int64_t lo2, int64_t hi2) { return Ranges({{lo1, hi1}, {lo2, hi2}}); }
  // Called once per fork, before and after the benchmark's batches.
  Benchmark *Setup(void (*setup)(const benchmark::State &));
  Benchmark *Teardown(void (*teardown)(const benchmark::State &));
  Benchmark *Apply(void (*func)(Benchmark *benchmark));
  Benchmark *RangeMultiplier(int multiplier);
  Benchmark *MinTime(double t);
  Benchmark *MinWarmUpTime(double t);
  Benchmark *Iterations(IterationCount n);
  Benchmark *Repetitions(int n);
  Benchmark *ReportAggregatesOnly(bool value = true);
  Benchmark *DisplayAggregatesOnly(bool value = true);
  Benchmark *MeasureProcessCPUTime();
  Benchmark *UseRealTime();
  Benchmark *UseManualTime();
  Benchmark *Complexity(BigO complexity = benchmark::oAuto);
  Benchmark *Complexity(BigOFunc *complexity);
  Benchmark *ComputeStatistics(const std::string &name, StatisticsFunc *statistics, StatisticUnit unit = kTime);
  Benchmark *Threads(int t);
  Benchmark *ThreadRange(int min_threads, int max_threads);
  Benchmark *DenseThreadRange(int min_threads, int max_threads, int stride = 1);
  Benchmark *ThreadPerCpu();

  virtual void Run(State &state) = 0;
  TimeUnit GetTimeUnit() const;

protected:
  explicit Benchmark(const char *name);
  void SetName(const char *name);
  int ArgsCnt() const;

private:
  friend class Adapter;
  friend void expand_families();
  friend Benchmark *RegisterBenchmarkInternal(Benchmark *, const bool *, const char *const *);
  friend Benchmark *RegisterFunctionBenchmark(Benchmark *, const void *);
  friend std::string instance_name(const Benchmark &, const std::vector<int64_t> &, int);

  std::string name_;
  std::vector<std::string> arg_names_;
  std::vector<std::vector<int64_t>> args_;
  TimeUnit time_unit_ = kNanosecond;
  bool use_default_time_unit_ = true;
  int range_multiplier_ = 8;
  double min_time_ = 0, min_warmup_time_ = 0;
  IterationCount iterations_ = 0;
  int repetitions_ = 0;
  bool measure_process_cpu_time_ = false, use_real_time_ = false, use_manual_time_ = false;
  BigO complexity_ = oNone;
  BigOFunc *complexity_lambda_ = nullptr;
  std::vector<int> thread_counts_;
  std::vector<std::string> ignored_; // what steady accepts and does not apply
  void (*setup_)(const benchmark::State &) = nullptr;
  void (*teardown_)(const benchmark::State &) = nullptr;
  const bool *plugin_mark_ = nullptr; // null: registered at run time
  const char *const *plugin_findings_ = nullptr;

  Benchmark(Benchmark const &) = delete;
  Benchmark &operator=(Benchmark const &) = delete;
};

} // namespace internal

internal::Benchmark *RegisterBenchmark(const char *name, internal::Function *fn);
template <class Lambda> internal::Benchmark *RegisterBenchmark(const char *name, Lambda &&fn);
void ClearRegisteredBenchmarks();

namespace internal {

class FunctionBenchmark : public Benchmark {
public:
  FunctionBenchmark(const char *name, Function *func) : Benchmark(name), func_(func) {}
  void Run(State &st) override;

private:
  Function *func_;
};

// Run carries the plugin's annotation, as the BENCHMARK macros' lambda does:
// the plugin protects the loop of the lambda it calls.
template <class Lambda> class LambdaBenchmark : public Benchmark {
public:
  static inline bool steady_protected_ = false;
  static inline const char *steady_findings_ = nullptr;
  __attribute__((annotate("steady.gbench", &steady_protected_, &steady_findings_))) void Run(State &st) override {
    lambda_(st);
  }

private:
  template <class OLambda>
  LambdaBenchmark(const char *name, OLambda &&lam) : Benchmark(name), lambda_(std::forward<OLambda>(lam)) {}
  LambdaBenchmark(LambdaBenchmark const &) = delete;
  template <class Lam> friend Benchmark * ::benchmark::RegisterBenchmark(const char *, Lam &&);
  Lambda lambda_;
};

} // namespace internal

inline internal::Benchmark *RegisterBenchmark(const char *name, internal::Function *fn) {
  return internal::RegisterFunctionBenchmark(::new internal::FunctionBenchmark(name, fn),
                                             reinterpret_cast<const void *>(fn));
}

template <class Lambda> internal::Benchmark *RegisterBenchmark(const char *name, Lambda &&fn) {
  using BenchType = internal::LambdaBenchmark<typename std::decay<Lambda>::type>;
  return internal::RegisterBenchmarkInternal(::new BenchType(name, std::forward<Lambda>(fn)),
                                             &BenchType::steady_protected_, &BenchType::steady_findings_);
}

namespace internal {
// The address of a function given to RegisterBenchmark with arguments (null
// for a lambda or another callable, found through LambdaBenchmark::Run).
template <class R, class... A> const void *FunctionAddress(R (*fn)(A...)) { return reinterpret_cast<const void *>(fn); }
template <class T> const void *FunctionAddress(const T &) { return nullptr; }
} // namespace internal

// A function with arguments runs through a lambda that calls it by its
// address: the row takes the function's mark, looked up by that address.
template <class Lambda, class... Args>
internal::Benchmark *RegisterBenchmark(const char *name, Lambda &&fn, Args &&...args) {
  const void *function = internal::FunctionAddress(fn);
  internal::Benchmark *b = benchmark::RegisterBenchmark(name, [=](benchmark::State &st) { fn(st, args...); });
  return function ? internal::RegisterFunctionBenchmark(b, function) : b;
}

class Fixture : public internal::Benchmark {
public:
  Fixture() : internal::Benchmark("") {}
  void Run(State &st) override {
    this->SetUp(st);
    this->BenchmarkCase(st);
    this->TearDown(st);
  }
  virtual void SetUp(const State &) {}
  virtual void TearDown(const State &) {}
  virtual void SetUp(State &st) { SetUp(const_cast<const State &>(st)); }
  virtual void TearDown(State &st) { TearDown(const_cast<const State &>(st)); }

protected:
  virtual void BenchmarkCase(State &) = 0;
};

} // namespace benchmark

#define BENCHMARK_PRIVATE_UNIQUE_ID __COUNTER__
#define BENCHMARK_PRIVATE_NAME(...) BENCHMARK_PRIVATE_CONCAT(benchmark_uniq_, BENCHMARK_PRIVATE_UNIQUE_ID, __VA_ARGS__)
#define BENCHMARK_PRIVATE_CONCAT(a, b, c) BENCHMARK_PRIVATE_CONCAT2(a, b, c)
#define BENCHMARK_PRIVATE_CONCAT2(a, b, c) a##b##c
#define BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method) BaseClass##_##Method##_Benchmark
#define BENCHMARK_PRIVATE_DECLARE(n) static ::benchmark::internal::Benchmark *BENCHMARK_PRIVATE_NAME(n) BENCHMARK_UNUSED

// For the steady plugin (pass/Payloads.cpp): the function that runs a
// benchmark carries the mark the plugin sets when it protected the loop it
// runs, and the findings it recorded there, as STEADY_BENCH's payload does.
#define BENCHMARK_STEADY_ATTR(mark, findings) __attribute__((annotate("steady.gbench", mark, findings)))
#define BENCHMARK_STEADY_MARKS                                                                                         \
  static inline bool steady_protected_ = false;                                                                        \
  static inline const char *steady_findings_ = nullptr;

// One registration of BENCHMARK, BENCHMARK_TEMPLATE or BENCHMARK_CAPTURE:
// static variables named after `id` (the mark, the findings, the family) and
// an annotated lambda whose body does the rest (`steady_state` is the State).
// Only variables and a lambda, no class: Google Benchmark allows these macros
// inside a function body, where a class could have no static members.
#define BENCHMARK_STEADY_FUNCTION(id, name, ...) BENCHMARK_STEADY_FUNCTION2(id, name, __VA_ARGS__)
#define BENCHMARK_STEADY_FUNCTION2(id, name, ...)                                                                      \
  static bool BENCHMARK_PRIVATE_CONCAT(steady_gbench_mark_, id, _) = false;                                            \
  static const char *BENCHMARK_PRIVATE_CONCAT(steady_gbench_findings_, id, _) = nullptr;                               \
  static ::benchmark::internal::Benchmark *BENCHMARK_PRIVATE_CONCAT(benchmark_uniq_, id, _) BENCHMARK_UNUSED =         \
      (::benchmark::internal::RegisterBenchmarkInternal(                                                               \
          new ::benchmark::internal::FunctionBenchmark(                                                                \
              name, [](::benchmark::State &steady_state) BENCHMARK_STEADY_ATTR(                                        \
                        &BENCHMARK_PRIVATE_CONCAT(steady_gbench_mark_, id, _),                                         \
                        &BENCHMARK_PRIVATE_CONCAT(steady_gbench_findings_, id, _)) { __VA_ARGS__; }),                  \
          &BENCHMARK_PRIVATE_CONCAT(steady_gbench_mark_, id, _),                                                       \
          &BENCHMARK_PRIVATE_CONCAT(steady_gbench_findings_, id, _)))

#define BENCHMARK(...) BENCHMARK_STEADY_FUNCTION(BENCHMARK_PRIVATE_UNIQUE_ID, #__VA_ARGS__, __VA_ARGS__(steady_state))
#define BENCHMARK_WITH_ARG(n, a) BENCHMARK(n)->Arg((a))
#define BENCHMARK_WITH_ARG2(n, a1, a2) BENCHMARK(n)->Args({(a1), (a2)})
#define BENCHMARK_WITH_UNIT(n, t) BENCHMARK(n)->Unit((t))
#define BENCHMARK_RANGE(n, lo, hi) BENCHMARK(n)->Range((lo), (hi))
#define BENCHMARK_RANGE2(n, l1, h1, l2, h2) BENCHMARK(n)->RangePair({{(l1), (h1)}, {(l2), (h2)}})

#define BENCHMARK_CAPTURE(func, test_case_name, ...)                                                                   \
  BENCHMARK_STEADY_FUNCTION(BENCHMARK_PRIVATE_UNIQUE_ID, #func "/" #test_case_name, func(steady_state, __VA_ARGS__))

#define BENCHMARK_TEMPLATE1(n, a)                                                                                      \
  BENCHMARK_STEADY_FUNCTION(BENCHMARK_PRIVATE_UNIQUE_ID, #n "<" #a ">", n<a>(steady_state))
#define BENCHMARK_TEMPLATE2(n, a, b)                                                                                   \
  BENCHMARK_STEADY_FUNCTION(BENCHMARK_PRIVATE_UNIQUE_ID, #n "<" #a "," #b ">", n<a, b>(steady_state))
#define BENCHMARK_TEMPLATE(n, ...)                                                                                     \
  BENCHMARK_STEADY_FUNCTION(BENCHMARK_PRIVATE_UNIQUE_ID, #n "<" #__VA_ARGS__ ">", n<__VA_ARGS__>(steady_state))

#define BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method)                                                                 \
  class BaseClass##_##Method##_Benchmark : public BaseClass {                                                          \
  public:                                                                                                              \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "/" #Method); }                                      \
    BENCHMARK_STEADY_MARKS                                                                                             \
                                                                                                                       \
  protected:                                                                                                           \
    BENCHMARK_STEADY_ATTR(&steady_protected_, &steady_findings_)                                                       \
    void BenchmarkCase(::benchmark::State &) override;                                                                 \
  };
#define BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a)                                                    \
  class BaseClass##_##Method##_Benchmark : public BaseClass<a> {                                                       \
  public:                                                                                                              \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "<" #a ">/" #Method); }                              \
    BENCHMARK_STEADY_MARKS                                                                                             \
                                                                                                                       \
  protected:                                                                                                           \
    BENCHMARK_STEADY_ATTR(&steady_protected_, &steady_findings_)                                                       \
    void BenchmarkCase(::benchmark::State &) override;                                                                 \
  };
#define BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b)                                                 \
  class BaseClass##_##Method##_Benchmark : public BaseClass<a, b> {                                                    \
  public:                                                                                                              \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "<" #a "," #b ">/" #Method); }                       \
    BENCHMARK_STEADY_MARKS                                                                                             \
                                                                                                                       \
  protected:                                                                                                           \
    BENCHMARK_STEADY_ATTR(&steady_protected_, &steady_findings_)                                                       \
    void BenchmarkCase(::benchmark::State &) override;                                                                 \
  };
#define BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, ...)                                                   \
  class BaseClass##_##Method##_Benchmark : public BaseClass<__VA_ARGS__> {                                             \
  public:                                                                                                              \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "<" #__VA_ARGS__ ">/" #Method); }                    \
    BENCHMARK_STEADY_MARKS                                                                                             \
                                                                                                                       \
  protected:                                                                                                           \
    BENCHMARK_STEADY_ATTR(&steady_protected_, &steady_findings_)                                                       \
    void BenchmarkCase(::benchmark::State &) override;                                                                 \
  };

#define BENCHMARK_DEFINE_F(BaseClass, Method)                                                                          \
  BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method)                                                                       \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE1_DEFINE_F(BaseClass, Method, a)                                                             \
  BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a)                                                          \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE2_DEFINE_F(BaseClass, Method, a, b)                                                          \
  BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b)                                                       \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE_DEFINE_F(BaseClass, Method, ...)                                                            \
  BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, __VA_ARGS__)                                                 \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase

#define BENCHMARK_REGISTER_F(BaseClass, Method)                                                                        \
  BENCHMARK_PRIVATE_REGISTER_F(BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method))
#define BENCHMARK_PRIVATE_REGISTER_F(TestName)                                                                         \
  BENCHMARK_PRIVATE_DECLARE(TestName) = (::benchmark::internal::RegisterBenchmarkInternal(                             \
      new TestName(), &TestName::steady_protected_, &TestName::steady_findings_))

#define BENCHMARK_F(BaseClass, Method)                                                                                 \
  BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method)                                                                       \
  BENCHMARK_REGISTER_F(BaseClass, Method);                                                                             \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE1_F(BaseClass, Method, a)                                                                    \
  BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a)                                                          \
  BENCHMARK_REGISTER_F(BaseClass, Method);                                                                             \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE2_F(BaseClass, Method, a, b)                                                                 \
  BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b)                                                       \
  BENCHMARK_REGISTER_F(BaseClass, Method);                                                                             \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE_F(BaseClass, Method, ...)                                                                   \
  BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, __VA_ARGS__)                                                 \
  BENCHMARK_REGISTER_F(BaseClass, Method);                                                                             \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase

#define BENCHMARK_MAIN()                                                                                               \
  int main(int argc, char **argv) {                                                                                    \
    ::benchmark::Initialize(&argc, argv);                                                                              \
    if (::benchmark::ReportUnrecognizedArguments(argc, argv))                                                          \
      return 1;                                                                                                        \
    ::benchmark::RunSpecifiedBenchmarks();                                                                             \
    ::benchmark::Shutdown();                                                                                           \
    return 0;                                                                                                          \
  }                                                                                                                    \
  int main(int, char **)
