// A payload that hangs is killed at the per-fork timeout and reported; the
// iterations it finished before hanging are kept.
// Every fork of it failed, so the run exits 1.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %not %t --forks=1 --warmup-iterations=0 --iterations=200 --iteration-time=0.005 --timeout=1 --json=%t.json 2>%t.err >/dev/null
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <atomic>
#include <chrono>
#include <steady/steady.h>
#include <thread>

static std::atomic<long> calls{0};
static auto started = std::chrono::steady_clock::now();

STEADY_BENCH(hangs_later) {
  // Runs normally for a while, then never returns.
  if (std::chrono::steady_clock::now() - started > std::chrono::milliseconds(30))
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  return calls.fetch_add(1, std::memory_order_relaxed);
}

// ERR: error: hangs_later fork 1 timeout: killed after 1 s (--timeout)
// CHECK: hangs_later fork 1: timeout, {{[0-9]+}} iterations, killed after 1 s (--timeout)
