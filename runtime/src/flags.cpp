// What the compile-time analysis found, and the run-time signs of a benchmark
// that does not measure what it means to: never a silent 0, never a silently
// wrong steady state.
#include "flags.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace steady {

std::vector<CompileFinding> compile_findings(const Benchmark &b) {
  std::vector<CompileFinding> out;
  if (!b.compile_findings || !*b.compile_findings)
    return out;
  // A fixture that restores its state before invocations (or every
  // reset_every() of them) answers the mutated-input finding.
  bool restores = b.invocation_setup;
  if (!restores && b.create)
    restores = create_fixture(b)->reset_every() > 0;
  std::string_view text = *b.compile_findings;
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos)
      continue;
    CompileFinding f{std::string(line.substr(0, tab)), std::string(line.substr(tab + 1))};
    if (f.kind == "mutated" && restores)
      continue;
    out.push_back(std::move(f));
  }
  return out;
}

namespace {

// A quarter of a core cycle per op above the empty harness loop (itself about
// one cycle): a body that gives the core instructions to issue costs more
// (abseil's 6-instruction loop bodies cost half a cycle on a core that runs
// 1.6 times the TSC's frequency, where the earlier half a tick per op, 0.8 of
// a cycle, called them empty). Half a tick where the cycle is not measured.
constexpr double kNothingCycles = 0.25, kNothingTicks = 0.5;
// The first invocation of a fork is this much slower than the steady state,
// and by at least this much time: a fresh process's first call pays for cold
// code and page faults once, whatever the payload (about 50 us for the first
// std::log on this project's VM), so only a larger excess is a sign.
constexpr double kFirstRatio = 5, kFirstExtraNs = 200'000;

// The plugin saw the work go: a measured loop that does nothing, or a
// payload's folded result (recorded on a payload only when nothing else is
// left; on a Google Benchmark loop a folded value may sit next to work).
bool work_gone(const std::vector<CompileFinding> &findings, bool self_timed) {
  return std::any_of(findings.begin(), findings.end(), [&](const CompileFinding &f) {
    return f.kind == "deleted" || (f.kind == "folded" && !self_timed);
  });
}

// Below this per op, a benchmark's upper CI bound is the empty loop's.
double nothing_ticks_per_op(const TimerInfo &timer) {
  return timer.loop_ticks_per_op + (timer.ticks_per_cycle > 0 ? kNothingCycles * timer.ticks_per_cycle : kNothingTicks);
}

} // namespace

void flag_result(BenchmarkResult &r, const TimerInfo &timer, bool self_timed) {
  const Summary &s = r.summary;
  if (s.iterations == 0)
    return;
  // Timing alone misses an emptied loop whose overhead sits a few tenths of
  // a nanosecond above the empty harness loop's.
  if (s.ci_high * timer.ticks_per_ns < nothing_ticks_per_op(timer) || work_gone(r.compile_findings, self_timed))
    r.flags.push_back("measures-nothing");
  std::vector<double> first;
  for (const ForkResult &f : r.forks)
    if (f.measured() && f.first_invocation_ns > 0)
      first.push_back(f.first_invocation_ns);
  if (first.empty() || s.ns_per_op <= 0)
    return;
  std::sort(first.begin(), first.end());
  double median =
      first.size() % 2 ? first[first.size() / 2] : (first[first.size() / 2 - 1] + first[first.size() / 2]) / 2;
  r.first_invocation_ratio = median / s.ns_per_op;
  if (r.first_invocation_ratio > kFirstRatio && median - s.ns_per_op > kFirstExtraNs)
    r.flags.push_back("first-invocation-slow");
}

} // namespace steady
