// Hoisting is reported when the hoisted work is a real share of an iteration:
// a solve whose inputs never change runs once before the loop, which then only
// consumes its result (ceres' invert_psd_matrix for small sizes). A
// distribution's set-up constant (uniform_real_distribution's b - a) that the
// optimizer computes once is not reported: the engine and the scaling, most
// of the work, still run every iteration (abseil's BM_Dist).
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NODEBUG
#include <benchmark/benchmark.h>
#include <random>

struct M3 {
  double a[3][3];
};

// The inverse of a 3x3 matrix by cofactors.
static M3 invert(const M3 &m) {
  const auto &a = m.a;
  double c00 = a[1][1] * a[2][2] - a[1][2] * a[2][1], c01 = a[1][2] * a[2][0] - a[1][0] * a[2][2],
         c02 = a[1][0] * a[2][1] - a[1][1] * a[2][0];
  double inv = 1.0 / (a[0][0] * c00 + a[0][1] * c01 + a[0][2] * c02);
  return M3{{{c00 * inv, (a[0][2] * a[2][1] - a[0][1] * a[2][2]) * inv, (a[0][1] * a[1][2] - a[0][2] * a[1][1]) * inv},
             {c01 * inv, (a[0][0] * a[2][2] - a[0][2] * a[2][0]) * inv, (a[0][2] * a[1][0] - a[0][0] * a[1][2]) * inv},
             {c02 * inv, (a[0][1] * a[2][0] - a[0][0] * a[2][1]) * inv, (a[0][0] * a[1][1] - a[0][1] * a[1][0]) * inv}}};
}

static void BM_invert(benchmark::State &state) {
  double d = double(state.range(0));
  M3 m{{{d, 1, 0}, {1, d, 1}, {0, 1, d}}};
  for (auto _ : state) {
    M3 r = invert(m);
    benchmark::DoNotOptimize(r.a[0][0] + r.a[1][1] + r.a[2][2]);
  }
}
BENCHMARK(BM_invert)->Arg(4);

template <typename Engine, typename Dist, typename... Args>
static void BM_Dist(benchmark::State &state, Args &&...args) {
  Engine rng;
  Dist dist{std::forward<Args>(args)...};
  for (auto _ : state)
    benchmark::DoNotOptimize(dist(rng));
}

static void BM_uniform(benchmark::State &state) {
  volatile double lo = 0, hi = 3;
  BM_Dist<std::mt19937_64, std::uniform_real_distribution<double>>(state, lo, hi);
}
BENCHMARK(BM_uniform);

// CHECK-NOT: warning:
// CHECK: gbench-hoisted-share.cpp:{{[0-9]+}}:{{[0-9]+}}: warning: the {{.*}} in the measurement loop of benchmark 'BM_invert' gives the same result in every iteration and is hoisted out of the loop
// CHECK-NOT: warning:
// NODEBUG-NOT: warning:
// NODEBUG: warning: {{.*}}benchmark 'BM_invert' gives the same result in every iteration
// NODEBUG-NOT: warning:
