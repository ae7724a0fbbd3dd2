#include "preemption.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <vector>

#include "timer.h"

namespace steady {

Preemption classify(const ThreadUsage &before, const ThreadUsage &after, double wall_ns, double margin_ns) {
  if (after.switches != before.switches)
    return Preemption::Switched;
  // 1 % of the batch on top of the calibrated margin: a shortfall that small
  // is below what the batch's own noise is anyway.
  if (wall_ns - (after.cpu_ns - before.cpu_ns) > margin_ns + 0.01 * wall_ns)
    return Preemption::CpuShort;
  return Preemption::None;
}

PreemptionProbe::~PreemptionProbe() {
  if (fd_ >= 0)
    close(fd_);
}

void PreemptionProbe::open(double ticks_per_ns) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
  fd_ = int(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
  if (fd_ < 0)
    fallback_reason_ = std::string("perf_event_open(context-switches): ") + std::strerror(errno);

  // Readings around nothing: their cost, and how far CPU time trails TSC time
  // when the thread keeps its CPU (the clock reads' own cost and granularity).
  std::vector<double> cost, shortfall;
  for (int i = 0; i < 201; ++i) {
    std::uint64_t t0 = ticks_begin();
    ThreadUsage a = read();
    std::uint64_t t1 = ticks_begin();
    ThreadUsage b = read();
    std::uint64_t t2 = ticks_begin();
    cost.push_back(double(t1 - t0) / ticks_per_ns);
    if (a.switches == b.switches)
      shortfall.push_back(double(t2 - t1) / ticks_per_ns - (b.cpu_ns - a.cpu_ns));
  }
  std::sort(cost.begin(), cost.end());
  read_ns_ = cost[cost.size() / 2];
  // 2 us of slack above the 90th percentile: far below a time slice (ms), far
  // above the reads' jitter (tens of ns). Not the maximum: the hypervisor can
  // take the vCPU for milliseconds without a guest context switch, and one
  // such interval would make the margin blind to exactly that.
  double typical = 0;
  if (!shortfall.empty()) {
    auto p90 = shortfall.begin() + std::ptrdiff_t(shortfall.size() * 9 / 10);
    std::nth_element(shortfall.begin(), p90, shortfall.end());
    typical = *p90;
  }
  margin_ns_ = std::max(0.0, typical) + 2000;
}

ThreadUsage PreemptionProbe::read() const {
  ThreadUsage u;
  if (fd_ >= 0) {
    std::uint64_t n = 0;
    if (::read(fd_, &n, sizeof n) == ssize_t(sizeof n))
      u.switches = n;
  } else {
    rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) == 0)
      u.switches = std::uint64_t(ru.ru_nvcsw + ru.ru_nivcsw);
  }
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  u.cpu_ns = double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
  return u;
}

} // namespace steady
