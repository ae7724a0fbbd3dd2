// A Google Benchmark function's counters (--counters) count its loop, not the
// set-up before it, as its time does: a set-up that touches 4096 fresh pages
// per batch (mmap, never reused) adds no page fault per op, while a loop that
// touches those pages itself counts them. Counts, not times.
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --counters=page-faults --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > /dev/null 2>&1
// RUN: %python -c "import json,sys; [print(b['name'], 'faults per op:', 'none' if b['summary']['counters_per_op'][0] == 0 else 'some') for b in json.load(open(sys.argv[1]))['benchmarks']]" %t.json | %FileCheck %s
// CHECK: BM_FaultsInSetup faults per op: none
// CHECK: BM_FaultsInLoop faults per op: some
#include <benchmark/benchmark.h>

#include <cstddef>
#include <sys/mman.h>

constexpr std::size_t kBytes = std::size_t(16) << 20, kPage = 4096;

static char *fresh_pages() {
  return static_cast<char *>(mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
}

static void BM_FaultsInSetup(benchmark::State &state) {
  char *p = fresh_pages();
  for (std::size_t i = 0; i < kBytes; i += kPage)
    p[i] = 1;
  benchmark::DoNotOptimize(p);
  long x = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(x += p[x & 4095]);
  munmap(p, kBytes);
}
BENCHMARK(BM_FaultsInSetup);

static void BM_FaultsInLoop(benchmark::State &state) {
  char *p = fresh_pages();
  std::size_t i = 0;
  for (auto _ : state) {
    p[i] = 1;
    i = (i + kPage) % kBytes;
    benchmark::DoNotOptimize(p);
  }
  munmap(p, kBytes);
}
BENCHMARK(BM_FaultsInLoop);

BENCHMARK_MAIN();
