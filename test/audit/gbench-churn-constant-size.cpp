// A measurement loop that removes from and adds to the same container every
// iteration keeps it at a constant size: the churn is the workload, not a
// mutated input (abseil's BM_Fifo on its btree and hash containers, here on
// std::set and std::unordered_set; BM_CacheInSteadyState's hash table and key
// deque). Its size field steps -1 and +1 (a queue's front and back both
// advance). Not reported, at -g0 nor
// with line tables; a sort of already sorted data and a vector that keeps
// growing still are.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <algorithm>
#include <benchmark/benchmark.h>
#include <deque>
#include <set>
#include <unordered_set>
#include <vector>

// abseil's btree_benchmark.cc BM_Fifo, its values made on the fly.
template <typename T> static void BM_Fifo(benchmark::State &state) {
  T container;
  for (int i = 0; i < 1000; i++)
    container.insert(i * 7);
  while (state.KeepRunning()) {
    container.erase(container.begin());
    container.insert(container.end(), int(state.iterations() + 1000) * 7);
  }
}
BENCHMARK_TEMPLATE(BM_Fifo, std::set<int>);
BENCHMARK_TEMPLATE(BM_Fifo, std::unordered_set<int>);

// Least recently used out, a new key in: a cache at constant size.
static void BM_lru(benchmark::State &state) {
  std::unordered_set<int> cache;
  std::deque<int> keys;
  for (int i = 0; i < 1000; i++) {
    cache.insert(i);
    keys.push_back(i);
  }
  int next = 1000;
  for (auto _ : state) {
    benchmark::DoNotOptimize(cache.count(keys[keys.size() / 2]));
    cache.erase(keys.front());
    keys.pop_front();
    cache.insert(next);
    keys.push_back(next++);
  }
}
BENCHMARK(BM_lru);

static void BM_sort_sorted(benchmark::State &state) {
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; i++)
    v[i] = (i * 7919) % 1000;
  for (auto _ : state) {
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_sort_sorted);

static void BM_grows(benchmark::State &state) {
  std::vector<int> v;
  for (auto _ : state) {
    v.push_back(1);
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_grows);

// CHECK-DAG: warning: benchmark 'BM_sort_sorted' modifies {{.*}}which its measurement loop also reads
// CHECK-DAG: warning: benchmark 'BM_grows' makes a container set up before the loop longer every iteration
