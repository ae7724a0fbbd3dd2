// How cost grows with the input: the same payload over several sizes, one
// benchmark per parameter value ("sum_u32/n=1024"): streaming reads, dependent
// loads and lookups as the working set grows out of the caches. Inputs are
// built by the fixture's setup(), once per fork and outside the timed region,
// from a fixed seed; payloads only read them. (Sorting by size and input
// order is in parametrized.cpp.)
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <steady/steady.h>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

std::vector<std::uint32_t> random_u32(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> v(n);
  for (auto &x : v)
    x = static_cast<std::uint32_t>(rng());
  return v;
}

struct RandomU32 : steady::Fixture {
  std::vector<std::uint32_t> v;
  void setup() override { v = random_u32(static_cast<std::size_t>(param_int("n")), 1); }
  // The table's throughput column: bytes read per invocation.
  double bytes_per_op() const override { return double(sizeof(std::uint32_t)) * double(param_int("n")); }
};

// One node per cache line, linked in a single random cycle (Sattolo), so that
// every step of the chase is a dependent load from a line chosen at random
// within a working set of `kib` KiB.
struct Node {
  std::uint32_t next;
  char pad[60];
};

struct RandomCycle : steady::Fixture {
  std::vector<Node> nodes;
  std::uint32_t at = 0;
  void setup() override {
    std::size_t n = static_cast<std::size_t>(param_int("kib")) * 1024 / sizeof(Node);
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937_64 rng(2);
    for (std::size_t i = n - 1; i > 0; --i)
      std::swap(order[i], order[rng() % i]);
    nodes.assign(n, Node{});
    for (std::size_t i = 0; i < n; ++i)
      nodes[i].next = order[i];
  }
};

// Maps of n random keys, and keys to look up: all present, drawn at random.
// Each invocation looks up the next 256 probes, so that successive invocations
// touch different entries (with the same 256 probes every time, their entries
// would stay cached and every size would measure hits in L1).
template <class Map> struct Filled : steady::Fixture {
  static constexpr std::size_t kProbes = 65536, kPerCall = 256;
  Map map;
  std::vector<std::uint32_t> probes;
  std::size_t next = 0;
  void setup() override {
    auto keys = random_u32(static_cast<std::size_t>(param_int("n")), 3);
    for (std::size_t i = 0; i < keys.size(); ++i)
      map.emplace(keys[i], static_cast<int>(i));
    std::mt19937_64 rng(4);
    for (std::size_t i = 0; i < kProbes; ++i)
      probes.push_back(keys[rng() % keys.size()]);
  }
};
using FilledHash = Filled<std::unordered_map<std::uint32_t, int>>;
using FilledTree = Filled<std::map<std::uint32_t, int>>;

} // namespace

// Streaming reads: from L1 to L2-sized arrays.
STEADY_BENCH_F(RandomU32, sum_u32, steady::param("n", {1024, 16384, 65536})) {
  [[maybe_unused]] std::uint64_t s = 0; // never read: the plugin keeps it
  for (std::uint32_t x : v)
    s += x;
}

// Dependent loads: 512 steps per invocation, continuing where the previous
// invocation stopped, so that every invocation walks new lines of the cycle
// instead of the same 512 (which would stay cached).
STEADY_BENCH_F(RandomCycle, pointer_chase_512, steady::param("kib", {16, 256, 4096})) {
  std::uint32_t p = at;
  for (int i = 0; i < 512; ++i)
    p = nodes[p].next;
  at = p;
}

// 256 successful lookups, in a hash table and in a tree.
STEADY_BENCH_F(FilledHash, unordered_map_find_256, steady::param("n", {64, 4096, 262144})) {
  long sum = 0;
  for (std::size_t i = 0; i < kPerCall; ++i)
    sum += map.find(probes[next + i])->second;
  next = (next + kPerCall) % kProbes;
  return sum;
}

STEADY_BENCH_F(FilledTree, map_find_256, steady::param("n", {64, 4096, 65536})) {
  long sum = 0;
  for (std::size_t i = 0; i < kPerCall; ++i)
    sum += map.find(probes[next + i])->second;
  next = (next + kPerCall) % kProbes;
  return sum;
}
