// A name registered twice (a family registered again, RegisterBenchmark with
// one name twice) runs twice, as in Google Benchmark, which prints both under
// that name: steady names the second registration NAME#2 (a result names each
// row once), says so once, and steady compare pairs it with the second family
// of that name in Google Benchmark's JSON (family_index; a name in one file
// only is left out of the table).
// RUN: %clang_path -std=c++20 -O2 %s -lbenchmark -lpthread -o %t.gb
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t.gb --benchmark_list_tests | %FileCheck %s --check-prefix=GB
// RUN: %t --list 2> %t.list.err | %FileCheck %s --check-prefix=LIST
// RUN: %FileCheck %s --check-prefix=NOTE < %t.list.err
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > /dev/null 2> %t.err
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %t.gb --benchmark_min_time=0.001 --benchmark_out=%t.gb.json --benchmark_out_format=json > /dev/null 2>&1
// RUN: %steady compare %t.gb.json %t.json 2>&1 | %FileCheck %s --check-prefix=CMP
// GB:      BM_Work/8
// GB-NEXT: BM_Work/8
// GB-NEXT: BM_Work/16
// GB-NEXT: BM_Lambda
// GB-NEXT: BM_Lambda
// LIST:      BM_Work/8{{$}}
// LIST-NEXT: BM_Work/8#2{{$}}
// LIST-NEXT: BM_Work/16{{$}}
// LIST-NEXT: BM_Lambda{{$}}
// LIST-NEXT: BM_Lambda#2{{$}}
// NOTE: note: 'BM_Work/8' is registered more than once (Google Benchmark runs each under that name): registration 2 is 'BM_Work/8#2'
// NOTE-NEXT: note: 'BM_Lambda' is registered more than once {{.*}} registration 2 is 'BM_Lambda#2'
// NOTE-NOT: registered
// CMP:      benchmark {{.*}} verdict
// CMP-NEXT: BM_Lambda {{.*}}
// CMP-NEXT: BM_Lambda#2 {{.*}}
// CMP-NEXT: BM_Work/16 {{.*}}
// CMP-NEXT: BM_Work/8 {{.*}}
// CMP-NEXT: BM_Work/8#2 {{.*}}
#include <benchmark/benchmark.h>

static void BM_Work(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.range(0) * 3);
}
BENCHMARK(BM_Work)->Arg(8);
BENCHMARK(BM_Work)->Arg(8)->Arg(16);

int main(int argc, char **argv) {
  for (int k = 1; k <= 2; ++k)
    benchmark::RegisterBenchmark("BM_Lambda", [k](benchmark::State &s) {
      for (auto _ : s)
        benchmark::DoNotOptimize(k);
    });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
}
