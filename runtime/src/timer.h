// The time stamp counter and its calibration (TimerInfo: the results model).
//
// x86-64: start `lfence; rdtsc; lfence`, end `rdtscp; lfence` (rdtscp's
// TSC_AUX names the CPU, so a migration inside a batch is seen); never cpuid
// to serialise (a VM exit). AArch64: `isb; mrs cntvct_el0`. Elsewhere
// CLOCK_MONOTONIC_RAW in ns.
#pragma once

#include <cstdint>
#include <string>
#include <time.h>

#include "steady/results.h"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace steady {

inline std::uint64_t ticks_begin() {
#if defined(__x86_64__)
  _mm_lfence();
  std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
#elif defined(__aarch64__)
  std::uint64_t t;
  asm volatile("isb; mrs %0, cntvct_el0" : "=r"(t)::"memory");
  return t;
#else
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
#endif
}

// False under valgrind (--instrument=valgrind), which runs rdtscp only when
// CPUID reports it, and VMs (this project's) may not report it though the
// CPU has it: ticks_end reads rdtsc there.
extern const bool g_use_rdtscp;

// `cpu` receives an identifier of the CPU that read the counter (TSC_AUX),
// or 0 where there is none.
inline std::uint64_t ticks_end(std::uint32_t &cpu) {
#if defined(__x86_64__)
  if (!g_use_rdtscp) [[unlikely]] {
    cpu = 0;
    return ticks_begin();
  }
  std::uint64_t t = __rdtscp(&cpu);
  _mm_lfence();
  return t;
#else
  cpu = 0;
  return ticks_begin();
#endif
}

// The calibration arithmetic, separate so that it can be tested.
// CPUID 0x15: TSC Hz = crystal Hz (ecx) * ebx / eax; 0 when any of them is 0
// (the CPU does not enumerate it).
double ticks_per_ns_from_leaf15(std::uint32_t eax, std::uint32_t ebx, std::uint32_t ecx);
// Hypervisor leaf 0x40000010: eax is the TSC frequency in kHz (0: unknown).
double ticks_per_ns_from_hypervisor_khz(std::uint32_t eax);
// A counter frequency measured over an interval of both clocks.
double ticks_per_ns_measured(std::uint64_t ticks, double ns);
// What a batch cost the payload: the raw ticks between the start and end
// reads, minus the cost of the reads (overhead); never negative. The empty
// harness loop's cost (loop_ticks_per_op) is measured but not subtracted: its
// counter update and branch overlap with any payload on an out-of-order core
// (a plain loop takes the same time per call with 1 or 100 calls per
// iteration, scripts/bench-runtime), so subtracting it made 1-2 ns payloads
// read 15-40 % low.
double payload_ticks(double raw_ticks, const TimerInfo &t);

// Frequency (from CPUID when the CPU or hypervisor reports it, else measured
// for ~100 ms against CLOCK_MONOTONIC_RAW), resolution and overhead. A known
// frequency can be passed in (forks reuse the parent's).
TimerInfo calibrate_timer(double known_ticks_per_ns = 0, const std::string &known_source = "");

} // namespace steady
