// Benchmarks registered at run time by benchmark::RegisterBenchmark are
// protected by the plugin as BENCHMARK's are: a function by its address (the
// plugin lists the functions holding a measurement loop whose address is
// taken; the runtime looks the address up), with arguments, and lambdas (the
// annotated LambdaBenchmark::Run calls them). Each loop computes a dead
// fib(12): under --instrument=valgrind the rows count its ~4700 instructions
// per op, where the same build without the plugin counts none (the call is
// deleted) and says the rows are not protected. With an argument, fib(n) is
// loop-invariant: the plugin reports it hoisted, as for BENCHMARK_CAPTURE.
// REQUIRES: x86_64
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --instrument=valgrind --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// RUN: %python %S/Inputs/gbench_protected_rows.py %t.json | %FileCheck %s
// RUN: %clangxx -I%gbench_include -O2 %s %libsteady -o %t.plain
// RUN: %t.plain --instrument=valgrind --filter='^(BM_Pointer|LambdaWithArg)$' --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.plain.json 2>&1 | %FileCheck %s --check-prefix=PLAIN
// RUN: %python %S/Inputs/gbench_protected_rows.py %t.plain.json | %FileCheck %s --check-prefix=PLAINROWS
#include <benchmark/benchmark.h>

#include <string>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static void BM_Pointer(benchmark::State &state) {
  for (auto _ : state)
    fib(12);
}

static void BM_WithArg(benchmark::State &state, int n) {
  for (auto _ : state)
    fib(n);
}

int main(int argc, char **argv) {
  benchmark::RegisterBenchmark("BM_Pointer", BM_Pointer);
  benchmark::RegisterBenchmark("BM_WithArg", &BM_WithArg, 12);
  benchmark::RegisterBenchmark("Lambda", [](benchmark::State &state) {
    for (auto _ : state)
      fib(12);
  });
  benchmark::RegisterBenchmark(
      "LambdaWithArg",
      [](benchmark::State &state, int n) {
        for (auto _ : state)
          fib(n);
      },
      12);
  std::string label = "captured";
  benchmark::RegisterBenchmark("LambdaCapturing", [label](benchmark::State &state) {
    for (auto _ : state)
      fib(12);
    state.SetLabel(label);
  });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
}

// ERR-NOT: not protected by the steady plugin
// CHECK: BM_Pointer protected work counted findings: none
// CHECK: BM_WithArg protected work gone findings: hoisted
// CHECK: Lambda protected work counted findings: none
// CHECK: LambdaWithArg protected work gone findings: hoisted
// CHECK: LambdaCapturing protected work counted findings: none
// PLAIN: note: 2 Google Benchmark benchmark(s) not protected by the steady plugin
// PLAINROWS: BM_Pointer unprotected work gone findings: none
// PLAINROWS: LambdaWithArg unprotected work gone findings: none
