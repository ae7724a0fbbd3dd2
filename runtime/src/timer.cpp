#include "timer.h"

#include <algorithm>
#include <vector>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "steady/registry.h"
#include "valgrind.h"

namespace steady {

const bool g_use_rdtscp = !running_on_valgrind();
namespace {

double monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

#if defined(__x86_64__)
bool invariant_tsc() {
  unsigned a, b, c, d;
  return __get_cpuid(0x80000007, &a, &b, &c, &d) && (d & (1u << 8));
}

// CPUID 0x15 (crystal ratio) or the hypervisor timing leaf 0x40000010 (kHz).
double cpuid_ticks_per_ns(std::string &source) {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid_max(0, nullptr) >= 0x15) {
    __cpuid_count(0x15, 0, a, b, c, d);
    if (double f = ticks_per_ns_from_leaf15(a, b, c); f > 0) {
      source = "cpuid-0x15";
      return f;
    }
  }
  __cpuid(0x1, a, b, c, d);
  if (c & (1u << 31)) { // running under a hypervisor
    __cpuid(0x40000000, a, b, c, d);
    if (a >= 0x40000010) {
      __cpuid(0x40000010, a, b, c, d);
      if (double f = ticks_per_ns_from_hypervisor_khz(a); f > 0) {
        source = "hypervisor-0x40000010";
        return f;
      }
    }
  }
  return 0;
}
#endif

[[maybe_unused]] double measured_ticks_per_ns() {
  double n0 = monotonic_ns();
  std::uint64_t t0 = ticks_begin();
  while (monotonic_ns() - n0 < 100e6) {
  }
  std::uint32_t cpu;
  std::uint64_t t1 = ticks_end(cpu);
  double n1 = monotonic_ns();
  return ticks_per_ns_measured(t1 - t0, n1 - n0);
}

// What an iteration of the harness loop costs with nothing in it: the
// payload's own cost is what is left after subtracting it.
struct EmptyPayload {
  static void payload() { sink(0); }
};

#if defined(__x86_64__) || defined(__aarch64__)
constexpr int kChainAdds = 16;
// n rounds of kChainAdds dependent register adds: kChainAdds core cycles a
// round on any core, however wide (an add's result is ready the next cycle
// and each add waits for it; the round's counter and branch run beside the
// chain). Register operands: some cores rename away adds of immediates.
[[gnu::noinline]] void add_chain(std::uint64_t n) {
  std::uint64_t x = 0, y = 1;
#if defined(__x86_64__)
  asm volatile("1:\n\t.rept %c[k]\n\tadd %[y], %[x]\n\t.endr\n\tdec %[n]\n\tjnz 1b"
               : [x] "+r"(x), [n] "+r"(n)
               : [y] "r"(y), [k] "i"(kChainAdds)
               : "cc");
#else
  asm volatile("1:\n\t.rept %c[k]\n\tadd %[x], %[x], %[y]\n\t.endr\n\tsubs %[n], %[n], #1\n\tb.ne 1b"
               : [x] "+r"(x), [n] "+r"(n)
               : [y] "r"(y), [k] "i"(kChainAdds)
               : "cc");
#endif
}
#endif

} // namespace

double ticks_per_ns_from_leaf15(std::uint32_t eax, std::uint32_t ebx, std::uint32_t ecx) {
  if (!eax || !ebx || !ecx)
    return 0;
  return double(ecx) * double(ebx) / double(eax) / 1e9;
}

double ticks_per_ns_from_hypervisor_khz(std::uint32_t eax) { return double(eax) * 1e3 / 1e9; }

double ticks_per_ns_measured(std::uint64_t ticks, double ns) { return ns > 0 ? double(ticks) / ns : 0; }

double payload_ticks(double raw_ticks, const TimerInfo &t) { return std::max(0.0, raw_ticks - t.overhead_ticks); }

TimerInfo calibrate_timer([[maybe_unused]] double known_ticks_per_ns,
                          [[maybe_unused]] const std::string &known_source) {
  TimerInfo info;
#if defined(__x86_64__)
  info.invariant = invariant_tsc();
  if (known_ticks_per_ns > 0) {
    info.ticks_per_ns = known_ticks_per_ns;
    info.source = known_source;
  } else if (double f = cpuid_ticks_per_ns(info.source); f > 0) {
    info.ticks_per_ns = f;
  } else {
    info.ticks_per_ns = measured_ticks_per_ns();
    info.source = "calibrated";
  }
#elif defined(__aarch64__)
  std::uint64_t freq;
  asm volatile("mrs %0, cntfrq_el0" : "=r"(freq));
  info.invariant = true;
  info.ticks_per_ns = double(freq) / 1e9;
  info.source = "cntfrq";
#else
  info.invariant = true;
  info.ticks_per_ns = 1;
  info.source = "clock";
#endif

  // Resolution: the smallest step the counter shows; overhead: the median
  // cost of a begin/end pair around nothing.
  std::vector<double> pairs;
  double resolution = 1e300;
  std::uint32_t cpu;
  for (int i = 0; i < 2000; ++i) {
    std::uint64_t a = ticks_begin();
    std::uint64_t b = ticks_end(cpu);
    if (b > a) {
      resolution = std::min(resolution, double(b - a));
      pairs.push_back(double(b - a));
    }
    std::uint64_t c = ticks_begin(), d = ticks_begin();
    while (d == c)
      d = ticks_begin();
    resolution = std::min(resolution, double(d - c));
  }
  std::sort(pairs.begin(), pairs.end());
  info.resolution_ticks = resolution;
  info.overhead_ticks = pairs.empty() ? 0 : pairs[pairs.size() / 2];

  // The empty harness loop, in batches long enough to dwarf the overhead.
  std::vector<double> per_op;
  const std::uint64_t n = 100000;
  for (int i = 0; i < 21; ++i) {
    std::uint64_t a = ticks_begin();
    detail::run_batch<EmptyPayload>(nullptr, n);
    std::uint64_t b = ticks_end(cpu);
    per_op.push_back((double(b - a) - info.overhead_ticks) / double(n));
  }
  std::sort(per_op.begin(), per_op.end());
  info.loop_ticks_per_op = std::max(0.0, per_op[per_op.size() / 2]);

#if defined(__x86_64__) || defined(__aarch64__)
  // The core's cycle in ticks (no PMU needed): the core may run well above or
  // below the TSC's frequency (turbo, a VM), and what a benchmark must cost
  // to do any work is a fraction of a cycle, not of a tick (flags.cpp).
  // 21 chains of 32000 cycles (~0.2 ms in all).
  std::vector<double> per_cycle;
  const std::uint64_t rounds = 2000;
  for (int i = 0; i < 21; ++i) {
    std::uint64_t a = ticks_begin();
    add_chain(rounds);
    std::uint64_t b = ticks_end(cpu);
    per_cycle.push_back((double(b - a) - info.overhead_ticks) / double(rounds * kChainAdds));
  }
  std::sort(per_cycle.begin(), per_cycle.end());
  info.ticks_per_cycle = std::max(0.0, per_cycle[per_cycle.size() / 2]);
#endif
  return info;
}

} // namespace steady
