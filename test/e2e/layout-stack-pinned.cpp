// Pinned layout pins the stack too: the kernel starts each process's stack at
// a random offset in its page, and the environment's size moves it, but every
// fork's frames below the runner sit at the same offset in their page (here:
// the fixture's set-up frame, in three forks of two runs, the second with an
// environment variable of 100 bytes more).
// DEFINE: %{pad} = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=3 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline 2> %t.1 > /dev/null
// RUN: env STEADY_TEST_PAD=%{pad} %t --forks=3 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline 2> %t.2 > /dev/null
// RUN: %python -c "import sys; v=[l for f in sys.argv[1:] for l in open(f) if l.startswith('frame')]; print(len(v) >= 6, len(set(v)), 'offset(s)')" %t.1 %t.2 | %FileCheck %s
#include <cstdint>
#include <cstdio>

#include <steady/steady.h>

struct Where : steady::Fixture {
  void setup() override {
    std::fprintf(stderr, "frame at %lu in its page\n",
                 (unsigned long)(reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)) % 4096));
  }
};

STEADY_BENCH_F(Where, where) { return steady::opaque(1); }

// CHECK: True 1 offset(s)
