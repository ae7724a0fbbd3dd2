// --instrument=valgrind: every fork runs under callgrind (valgrind
// --tool=callgrind, its cache simulation on) and each iteration counts what
// the payload's batches executed, as CodSpeed's "CPU simulation" and
// iai-callgrind do. The runner's side finds and checks valgrind once and
// builds the command a fork runs under; the fork's side brackets every batch
// with callgrind's client requests and reads the counts back from a dump.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "steady/registry.h"
#include "steady/results.h"

namespace steady {

// Whether this process runs under valgrind (false without callgrind.h).
bool running_on_valgrind();

// The totals of one callgrind dump, by event.
struct CallgrindCounts {
  double ir = 0, dr = 0, dw = 0, i1mr = 0, d1mr = 0, d1mw = 0, ilmr = 0, dlmr = 0, dlmw = 0;
};

// The "summary:" line of a callgrind dump, its values named by the "events:"
// line (trailing zeros may be left out); nullopt when either line is missing.
std::optional<CallgrindCounts> parse_callgrind_dump(std::istream &in);

// Per op of `ops` operations run in `batches` batches, the cost of the
// harness around a batch (`per_batch`, see Callgrind::per_batch) taken out of
// the instructions, reads and writes (the misses are left whole: the
// harness's few instructions between batches are always cached).
Simulated simulated_per_op(const CallgrindCounts &total, const CallgrindCounts &per_batch, double batches, double ops);

// The runner's side: valgrind found and checked before anything runs, and a
// private directory for the forks' dumps, removed with the session.
class ValgrindSession {
public:
  ValgrindSession() = default;
  ValgrindSession(const ValgrindSession &) = delete;
  ValgrindSession &operator=(const ValgrindSession &) = delete;
  ~ValgrindSession();
  // Finds valgrind ($STEADY_VALGRIND, else the first `valgrind` on PATH) and
  // runs this program under it once (a probe that measures nothing, unless
  // `probe` is false: steady ab's runners after the first); "" when it
  // works, else the one-line reason it does not.
  std::string open(bool probe = true);
  // valgrind and its options; the fork's program and arguments follow.
  std::vector<std::string> command() const;
  // Where forks write their dumps (a fork's are PREFIX.PID.N).
  const std::string &out_prefix() const { return prefix_; }
  const std::string &valgrind() const { return valgrind_; }
  // --callgrind-profile: the file a fork moves its last measured dump to.
  std::string profile;

private:
  std::string valgrind_, dir_, prefix_;
};

// Why valgrind could not run a program, from its messages in `log`: the
// known causes (debug information it cannot read, an instruction it does not
// support) said plainly, else its last line that says something.
std::string valgrind_reason(const std::string &log);

// The hidden option the probe runs the program with: it answers whether it
// runs under valgrind with callgrind's client requests compiled in.
inline constexpr const char *kValgrindProbeOption = "--steady-valgrind-probe";
// The hidden option that skips the probe (valgrind ran this program before).
inline constexpr const char *kValgrindCheckedOption = "--steady-valgrind-checked";
int serve_valgrind_probe();

// The fork's side, in a process running under callgrind with instrumentation
// off (--instr-atstart=no) and collection off (--collect-atstart=no).
class Callgrind {
public:
  // Throws std::runtime_error when not under valgrind. A dump kept (see
  // dump()) is moved to `profile` (--callgrind-profile).
  explicit Callgrind(std::string out_prefix, std::string profile = "");
  // Instrumentation on, from here to the end of the fork: the cache
  // simulation sees the harness too, so the caches are warm as they would be.
  void start();
  // Runs one batch with collection on for exactly that call.
  static void collected_batch(const Benchmark &b, Fixture *state, std::uint64_t n);
  // Counts from zero.
  void zero();
  // Dumps what was collected since zero() and reads it back; `keep`: the
  // dump, with its per-function costs, becomes the profile file.
  CallgrindCounts dump(bool keep = false);
  // The cost of the harness around one collected batch (the call, the
  // client requests), per event: 2 I(1) - I(2), both measured after a warm
  // pair, which is exact for a payload whose every call costs the same. A
  // payload that may not run twice in a row (invocation-level fixtures, a
  // state reset every so many calls) gets the cost of an empty batch, I(0).
  CallgrindCounts per_batch(const Benchmark &b, Fixture *state, bool repeatable);

private:
  std::string prefix_, profile_;
  int dumps_ = 0;
};

} // namespace steady
