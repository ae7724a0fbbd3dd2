// A Google Benchmark function's batch size is decided once per benchmark: the
// first fork calibrates it and the runner hands it to the later forks, which
// run it (batch_size_handed) however their own calibration would have gone.
// Here the later forks' set-up is 0.2 ms where the first fork's is nothing:
// sized on their own, their batches would grow to put the set-up under 10 %
// of their time. The row records the one size. Structure, not times.
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=4 --warmup-iterations=1 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > /dev/null 2>&1
// RUN: %python -c "import json,sys; b=json.load(open(sys.argv[1]))['benchmarks'][0]; fs=b['forks']; print(b['name'], 'sizes', len({f['batch_size'] for f in fs}), 'handed', [f.get('batch_size_handed', False) for f in fs], 'row', b.get('batch_size') == fs[0]['batch_size'] > 0)" %t.json | %FileCheck %s
// A size given (--batch-size) is no decision: nothing is handed, the row records none.
// RUN: %t --forks=4 --warmup-iterations=1 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.given.json --batch-size=64 > /dev/null 2>&1
// RUN: %python -c "import json,sys; b=json.load(open(sys.argv[1]))['benchmarks'][0]; print('given', [f['batch_size'] for f in b['forks']], 'handed', any(f.get('batch_size_handed') for f in b['forks']), 'row', 'batch_size' in b)" %t.given.json | %FileCheck %s --check-prefix=GIVEN
// CHECK: BM_SetUpPerFork sizes 1 handed [False, True, True, True] row True
// GIVEN: given [64, 64, 64, 64] handed False row False
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <string>

static void BM_SetUpPerFork(benchmark::State &state) {
  const char *fork = std::getenv("STEADY_FORK");
  if (fork && std::string(fork) != "1") { // 0.2 ms of set-up in the later forks
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
    while (std::chrono::steady_clock::now() < until) {
    }
  }
  long x = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(x += 1);
}
BENCHMARK(BM_SetUpPerFork);
