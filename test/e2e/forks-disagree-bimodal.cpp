// A payload that does twice the work in a process whose pid is odd: its forks
// form two groups, one per parity, and the row says so in the table, the
// Markdown and the JSON. 16 forks: one parity is missing with probability
// 2^-15. (That rows which agree are not flagged is measured on the examples,
// not tested: on a loaded machine a fork may rightly stand apart, and the
// lowest group may be one such fork: "1 at 12.259 ns (fork 16), 7 near ...".)
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --no-baseline --stop=none --forks=16 --warmup-iterations=1 --iterations=2 --iteration-time=0.002 --json=%t.json --markdown=%t.md | %FileCheck %s --check-prefix=TABLE
// RUN: %FileCheck %s --check-prefix=MD < %t.md
// RUN: %python %S/Inputs/fork_groups.py %t.json | %FileCheck %s
#include <cstdint>

#include <unistd.h>

#include <steady/steady.h>

namespace {

// A multiplicative recurrence has no closed form: the loop runs `n` steps.
std::uint64_t lcg(std::uint64_t x, int n) {
  for (int i = 0; i < n; ++i)
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  return x;
}

const int kSteps = getpid() % 2 ? 400 : 200;

} // namespace

STEADY_BENCH(bimodal) { return lcg(steady::opaque(std::uint64_t{1}), steady::opaque(kSteps)); }

// TABLE: bimodal {{.*}} forks disagree: {{[0-9]+ (near|at) [0-9.]+ ns( \(fork [0-9]+\))?, .*[0-9]+ (near|at) [0-9.]+ ns}}
// MD: | bimodal |{{.*}}forks disagree: {{[0-9]+ (near|at) }}
// CHECK: bimodal: {{[2-9]}} groups
// CHECK-NEXT: bimodal: forks of both parities: True
// CHECK-NEXT: bimodal: each group one parity: True
// CHECK-NEXT: bimodal: odd pids above even: True
