// Root cause (issue 29): which functions explain the difference between two
// builds of a benchmark, from measurements (callgrind's per-function counts
// per op, or perf's cpu-clock samples), not from the list of changed
// functions; and where the two disagree. Decides only; cause_command.cpp runs
// and renders.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "callgrind_profile.h"

namespace steady::driver {

struct FunctionDelta {
  std::string function, file;
  int line = 0;
  double exclusive[2] = {0, 0}, inclusive[2] = {0, 0}; // per op, A and B
  // Changed functions that callgrind never saw run on either side and that
  // this one calls before inlining (name_inlined): their code is in its count.
  std::vector<std::string> inlined_changed;
  double delta_exclusive() const { return exclusive[1] - exclusive[0]; }
  double delta_inclusive() const { return inclusive[1] - inclusive[0]; }
};

struct Cause {
  double total[2] = {0, 0};             // instructions per op, A and B (every function's exclusive)
  std::vector<FunctionDelta> functions; // exclusive count differs, largest |difference| first
  // The functions steady select found changed (names as callgrind writes
  // them) whose counts are the same in A and B, and the functions in the
  // cause that were not changed (their cost moved through a changed caller,
  // or the change is one the fingerprints do not see).
  std::vector<std::string> changed_not_in_cause, in_cause_not_changed;
};

// Per op: each profile divided by its ops. A function counts as part of the
// cause when its exclusive count per op differs by more than `min_delta` and
// by more than `min_share` of all functions' differences (the harness around
// each batch, a few instructions spread over the batch's ops, differs by a
// little when the two sides calibrated different batch sizes).
Cause explain(const CallgrindProfile &a, double ops_a, const CallgrindProfile &b, double ops_b,
              const std::set<std::string> &changed, double min_delta = 0.005, double min_share = 0.01);

// The calls of the new build's reach records before inlining, by demangled
// name (address-taken functions included): what a listed function may have
// inlined.
using CallGraph = std::map<std::string, std::set<std::string>>;

// Callgrind credits inlined code to the function it was inlined into. For
// each listed function, the changed functions it calls in `calls` that have no
// cost in either profile (inlined wherever they ran), directly or through
// other such functions, go into its inlined_changed, and are no longer
// "changed, same instructions per op".
void name_inlined(Cause &c, const CallgrindProfile &a, const CallgrindProfile &b, const std::set<std::string> &changed,
                  const CallGraph &calls);

// A demangled name without its parameters and return type, for matching
// callgrind's names with the reach records' ("ns::f(int) const" -> "ns::f").
std::string function_key(const std::string &demangled);

} // namespace steady::driver

namespace steady::driver {

// With time: perf's cpu-clock samples per source function, over a side's
// runs (the runner's own code included), whole and per process.
struct ProcessSamples {
  std::map<std::string, double> ns; // by function: the CPU time of its samples
  double samples = 0, total_ns = 0; // every function's
  double ops = 0;                   // the fork's ops (its iterations'), the caller's; 0: not a fork
};
struct SampledProfile {
  std::map<std::string, double> samples, ns; // by function: samples, their CPU time (cpu-clock's period)
  double total = 0;                          // every function's samples
  // By function: the functions (symbols) whose code its samples hit, when
  // that code is an inlined copy of it; and the functions sampled in their
  // own code (all of perf's, when nothing was inlined or symbolized).
  std::map<std::string, std::set<std::string>> inlined_into;
  std::set<std::string> own;
  // By pid: each fork is a process of its own, and the forks' spread is the
  // noise a difference is judged against (the runner's process, which has
  // no ops, is left out of it).
  std::map<long, ProcessSamples> processes;
  // The side's measured time per op (its iterations' median; 0: unknown).
  double measured_ns_per_op = 0;
};

// One sample of `perf script -F pid,period,ip,sym,symoff,dso --no-demangle`
// ("  4242     250000  55d1c0a3b4c5 _ZN6snappy7MemMoveEPvPKvm+0x24 (/path/bin)").
struct PerfSample {
  double period = 0;  // ns of CPU time (cpu-clock)
  std::string symbol; // mangled as the file has it; "[unknown]" when perf found none
  std::string offset; // into the symbol, "0x24" ("" when perf gave none)
  std::string dso;    // the file, or "[kernel.kallsyms]", "[vdso]"
  long pid = 0;       // the process
};
std::vector<PerfSample> parse_perf_script(const std::string &text);

// A file's symbols and their addresses, from `llvm-nm --defined-only
// --no-demangle` ("000000000000e100 T _Z5outeri"): where perf's
// symbol+offset is in the file. A name defined twice (local symbols of two
// translation units) is left out: which one perf meant is unknown.
std::map<std::string, std::uint64_t> parse_symbol_table(const std::string &text);

// Per "symbol+offset" of one file: the source functions whose code is there,
// innermost first: the function the code comes from, then the ones it was
// inlined into; the last is the symbol's own. From `llvm-symbolizer --inlines
// --no-demangle --output-style=JSON ADDRESS...` (an array, one entry per
// address, in the order of `places`; or one object a line); linkage names
// (mangled) where the debug information has them.
using InlineChains = std::map<std::string, std::vector<std::string>>;
InlineChains parse_symbolizer_json(const std::string &text, const std::vector<std::string> &places, std::string &error);

// Each sample credited to the source function whose code it hit: an inlined
// copy's to the inlined function (innermost in `chains[dso]`), not to the
// function it was inlined into, which perf names. A sample without a chain
// (no debug information, another library, the kernel) goes to perf's
// symbol. Names demangled.
SampledProfile attribute_samples(const std::vector<PerfSample> &samples,
                                 const std::map<std::string, InlineChains> &chains);

// A mangled name demangled (the reach records' and callgrind's spelling); a
// name that is not mangled as it is.
std::string demangle(const std::string &name);

struct TimeDelta {
  std::string function;         // the source function whose code the samples hit
  double ns_per_op[2] = {0, 0}; // sampled CPU time in the function per op, the mean over a side's forks
  double p_value = 1;           // Welch's t-test of the forks' values, a Poisson floor under each side's spread
  // The functions its samples' inlined copies are in (either side), and
  // whether it was also sampled in its own code.
  std::vector<std::string> inlined_into;
  bool own = true;
  double delta() const { return ns_per_op[1] - ns_per_op[0]; }
};

struct TimeCause {
  std::vector<TimeDelta> functions; // differ beyond the noise between forks, what moved with the change first
  std::vector<std::string> changed_not_in_cause, in_cause_not_changed;
  int forks[2] = {0, 0};
  // Whether the function that moved most in the measured direction (of
  // those of at least min_share) differs beyond the noise between forks; if
  // not, `leading` is it (p_value its test's): no function is named as the
  // cause, more samples may tell.
  bool resolved = false;
  TimeDelta leading;
};

// Each side's forks (the processes with ops) give a function's time per op
// fork by fork; a function differs when Welch's t-test of those values, each
// side's variance at least its samples' Poisson variance, has p < `alpha`
// and its difference is at least `min_share` of A's measured time per op
// (without one, of its sampled time per op).
// Listed largest difference first; with a `direction` (B's measured time per
// op minus A's) the functions that moved that way first: a slowdown is
// explained by what got slower (the runner's code outside the iterations,
// the clock, moves from process to process, often the other way). Resolved
// when the function that moved most in the direction differs (without a
// direction: the one that moved most either way).
TimeCause explain_time(const SampledProfile &a, const SampledProfile &b, const std::set<std::string> &changed,
                       double direction = 0, double alpha = 0.01, double min_share = 0.005);

// steady cause --time samples in rounds (a few forks of A, then of B, the
// order alternating), and looks after the rounds in kTimeLooks, or after the
// last round: the one after which another like it would not fit the budget
// (seconds), or the last in kTimeLooks. Each look tests at alpha over the
// number of looks (Bonferroni: a function named at an early look is named at
// the confidence all the same).
inline constexpr int kTimeLooks[] = {1, 2, 4, 8};
struct TimeStep {
  bool look = false, last = false;
};
TimeStep time_step(int rounds, double elapsed, double last_round, double budget);

} // namespace steady::driver
