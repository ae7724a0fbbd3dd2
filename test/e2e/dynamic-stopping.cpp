// Laaber et al.'s criteria (here rciw at the former default's bounds; the
// default is --stop=precision, precision-stop.cpp): each fork warms up
// between --min-warmup and --max-warmup iterations, then measures
// --iterations; forks stop between --min-forks and --max-forks; the table and
// the JSON say which criterion stopped what and with which value, and a
// benchmark that never stabilises is flagged.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --stop=rciw --min-forks=2 --max-forks=5 --iterations=10 --iteration-time=0.005 --warmup-time=0.005 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/stopping.py %t.json | %FileCheck %s --check-prefix=JSON
// RUN: %t --filter=noisy --stop=cv --threshold=0.0000001 --max-forks=3 --max-warmup=7 --iteration-time=0.002 --warmup-time=0.002 | %FileCheck %s --check-prefix=FLAGGED
#include <cstdint>
#include <steady/steady.h>

STEADY_BENCH(steady_mul) { return 12345u * 678u; }

// Every few invocations a much slower path: a spread no window agrees on at a
// threshold of 1e-7.
static std::uint64_t calls;
STEADY_BENCH(noisy) {
  std::uint64_t x = ++calls;
  if (x % 97 == 0)
    for (int i = 0; i < 200; ++i)
      x = x * 6364136223846793005ull + 1;
  return x;
}

// TABLE: steady_mul {{.*}} {{(UNSTABLE: )?(stable after [2-5] forks|max forks \(5\) reached before rciw settled within 0.03)((, but|, and|;) the warmup of forks? [0-9,]+ did not settle within --max-warmup=[0-9]+( and (its mean differs|their means differ) from the other [0-9]+ forks' by [-+][0-9.]+ %| \((its mean agrees|their means agree) with the other [0-9]+ forks'\))?)?}}; warmup {{[0-9,]+}}; rciw {{[0-9.e-]+}}
// JSON: criterion rciw
// JSON: warmup iterations within [5, 50]: True
// JSON: measurement iterations per fork: {10}
// JSON: forks within [2, 5]: True
// FLAGGED: noisy {{.*}} 3/3 {{.*}} UNSTABLE: max forks (3) reached before cv settled within {{[0-9.e+-]+}}, and the warmup of forks 1,2,3 did not settle within --max-warmup=7; warmup 7,7,7; cv
