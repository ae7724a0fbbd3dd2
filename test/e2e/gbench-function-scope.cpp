// Google Benchmark's registration macros written inside a function body (as
// Google Benchmark allows: they declare function-local statics) compile with
// steady's header, register when the function runs, carry Google Benchmark's
// names, and keep the plugin's protection of the loop: every row is protected,
// and the dead fib(15) is computed (thousands of instructions per op under
// --instrument=valgrind, where an unprotected loop counts a handful).
// REQUIRES: x86_64
// RUN: %clang_path -std=c++20 -O2 %s -lbenchmark -lpthread -o %t.gb
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t.gb --benchmark_list_tests > %t.gb.names
// RUN: %t --list > %t.names
// RUN: diff %t.gb.names %t.names
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// RUN: %python -c "import json,sys; [print(b['name'], 'protected' if b['protected'] else 'unprotected', *[f['status'] for f in b['forks']]) for b in json.load(open(sys.argv[1]))['benchmarks']]" %t.json | %FileCheck %s
// RUN: %t --instrument=valgrind --filter='^BM_DeadFib$' --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.vg.json > /dev/null 2>&1
// RUN: %python -c "import json,sys; b=json.load(open(sys.argv[1]))['benchmarks'][0]; print('dead fib computed:', b['summary']['simulated_per_op']['instructions'] > 1000)" %t.vg.json | %FileCheck %s --check-prefix=VG
#include <benchmark/benchmark.h>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static void BM_DeadFib(benchmark::State &state) {
  for (auto _ : state)
    fib(15);
}

static void BM_Arg(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.range(0) * 3);
}

static void BM_Capture(benchmark::State &state, int k) {
  for (auto _ : state)
    benchmark::DoNotOptimize(k + 1);
}

template <class T, class U = T> static void BM_Template(benchmark::State &state) {
  T x = 0;
  for (auto _ : state) {
    x += T(1) + U(0);
    benchmark::DoNotOptimize(x);
  }
}

class Fix : public benchmark::Fixture {};
BENCHMARK_DEFINE_F(Fix, Method)(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.iterations());
}

static void register_all() {
  BENCHMARK(BM_DeadFib);
  BENCHMARK(BM_Arg)->Arg(8)->Arg(64);
  BENCHMARK_WITH_ARG(BM_Arg, 2);
  BENCHMARK_RANGE(BM_Arg, 16, 32);
  BENCHMARK_CAPTURE(BM_Capture, three, 3);
  BENCHMARK_TEMPLATE(BM_Template, int);
  BENCHMARK_TEMPLATE1(BM_Template, long);
  BENCHMARK_TEMPLATE2(BM_Template, double, float);
  BENCHMARK_REGISTER_F(Fix, Method);
}

int main(int argc, char **argv) {
  register_all();
  BENCHMARK(BM_Arg)->Name("BM_InMain")->Arg(1);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}

// ERR-NOT: not protected by the steady plugin
// ERR-NOT: error
// CHECK: BM_DeadFib protected ok
// CHECK: BM_Arg/8 protected ok
// CHECK: BM_Arg/64 protected ok
// CHECK: BM_Arg/2 protected ok
// CHECK: BM_Arg/16 protected ok
// CHECK: BM_Arg/32 protected ok
// CHECK: BM_Capture/three protected ok
// CHECK: BM_Template<int> protected ok
// CHECK: BM_Template<long> protected ok
// CHECK: BM_Template<double,float> protected ok
// CHECK: Fix/Method protected ok
// CHECK: BM_InMain/1 protected ok
// VG: dead fib computed: True
