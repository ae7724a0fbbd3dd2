// An object with a destructor whose buffer the loop hands to DoNotOptimize
// through a pointer read from it (`DoNotOptimize(v.data())`, abseil's
// BM_FixedArray) is already observed: the protected loop has no more
// instructions than the loop compiled without the plugin. Before, the object
// escaped again before its destructor, which kept its fields in memory: 36
// instructions instead of 32 here, 3-4 per op in BM_FixedArray<SimpleClass, 16>.
// RUN: %clangxx -I%gbench_include -O2 -fpass-plugin=%plugin -c %s -o %t.protected.o
// RUN: %clangxx -I%gbench_include -O2 -c %s -o %t.plain.o
// RUN: %python %S/Inputs/gbench_loop_counts.py %t.protected.o %t.plain.o BM_Vec | %FileCheck %s
// CHECK: BM_Vec: protected={{[1-9][0-9]*}} expert={{[0-9]+}} ok
#include <benchmark/benchmark.h>

class Vec {
public:
  explicit Vec(int n) : data_(new int[n]), size_(n) {
    for (int i = 0; i < n; ++i)
      data_[i] = i;
  }
  ~Vec() { delete[] data_; }
  int *data() { return data_; }

private:
  int *data_;
  int size_;
};

[[gnu::noinline]] static void BM_Vec(benchmark::State &state) {
  const int n = int(state.range(0));
  for (auto _ : state) {
    Vec v(n);
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_Vec)->Arg(8);
