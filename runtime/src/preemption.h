// Per-batch preemption detection. The TSC counts time the thread is not
// running: a batch during which the thread was descheduled (another process,
// a kernel thread) or lost CPU time the guest kernel accounts as stolen by the
// hypervisor is not a sample of the payload. Around every timed batch (outside
// the timed region) the runner reads the thread's context switches and CPU
// time; a batch with a switch, or whose CPU time falls short of its TSC time
// by more than a calibrated margin, is discarded and run again.
//
// Context switches come from the perf software event `context-switches` (it
// works in VMs without a PMU), or from getrusage(RUSAGE_THREAD) when perf is
// refused. CPU time comes from CLOCK_THREAD_CPUTIME_ID in both cases: unlike
// perf's task-clock (local_clock(), which keeps running while the hypervisor
// has the vCPU), it is the scheduler's runtime, from which kernels with
// paravirtual steal accounting subtract steal; and unlike getrusage's times it
// is exact to the nanosecond, not updated once per tick.
#pragma once

#include <cstdint>
#include <string>

namespace steady {

// One reading of the calling thread.
struct ThreadUsage {
  std::uint64_t switches = 0; // voluntary + involuntary context switches so far
  double cpu_ns = 0;          // CPU time of the thread so far
};

enum class Preemption { None, Switched, CpuShort };

// What happened to a batch between two readings around it, whose TSC time was
// `wall_ns`: a context switch, CPU time short of the wall time by more than
// `margin_ns`, or neither.
Preemption classify(const ThreadUsage &before, const ThreadUsage &after, double wall_ns, double margin_ns);

class PreemptionProbe {
public:
  PreemptionProbe() = default;
  PreemptionProbe(const PreemptionProbe &) = delete;
  PreemptionProbe &operator=(const PreemptionProbe &) = delete;
  ~PreemptionProbe();

  // Opens the perf event for this thread (or falls back to getrusage) and
  // calibrates the margin and the cost of a reading. `ticks_per_ns`: the TSC's.
  void open(double ticks_per_ns);
  ThreadUsage read() const;

  const char *mechanism() const { return fd_ >= 0 ? "perf" : "getrusage"; }
  // Why perf was not used ("" when it was).
  const std::string &fallback_reason() const { return fallback_reason_; }
  // The largest shortfall of CPU time against TSC time seen over calibration
  // intervals in which the thread was not switched out, plus slack: the
  // readings' own cost and clock granularity, not preemption.
  double margin_ns() const { return margin_ns_; }
  // The median cost of one reading (what each batch adds to an iteration).
  double read_ns() const { return read_ns_; }

private:
  int fd_ = -1;
  std::string fallback_reason_;
  double margin_ns_ = 0;
  double read_ns_ = 0;
};

} // namespace steady
