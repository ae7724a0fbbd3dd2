// A call whose known argument is a temporary of the loop's own statement (an
// initializer list's length: absl's BM_CreateFromContainer constructs
// `InlinedVector<int, 4> src{1, 2, 3}` in the loop) is not told: the
// construction folds into stores of its constants, which still run; only a
// variable given a literal before the loop (or a constant array) stands for
// input data.
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <benchmark/benchmark.h>
#include <cstddef>
#include <initializer_list>
#include <new>

// A small vector with inline storage for N elements (absl::InlinedVector).
template <typename T, size_t N>
struct SmallVec {
  T inline_[N];
  T *heap = nullptr;
  size_t size = 0;
  SmallVec(std::initializer_list<T> il) : size(il.size()) {
    T *d = size > N ? (heap = static_cast<T *>(::operator new(size * sizeof(T)))) : inline_;
    for (size_t i = 0; i < size; ++i)
      d[i] = il.begin()[i];
  }
  ~SmallVec() { ::operator delete(heap); }
};

static void BM_create(benchmark::State &state) {
  for (auto _ : state) {
    SmallVec<int, 4> v{1, 2, 3};
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_create);

// CHECK-NOT: warning:
