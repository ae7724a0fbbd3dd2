// The benchmarks of gbench-names.cpp as steady names them: umap_find/n=64,
// named/n=64, grid/n=64/k=8 (test/driver/gbench-name-mapping.test).
#include <steady/steady.h>

struct Arg : steady::Fixture {};
STEADY_BENCH_F(Arg, umap_find, steady::param("n", {64})) { return param_int("n") * 3; }
STEADY_BENCH_F(Arg, named, steady::param("n", {64})) { return param_int("n") * 3; }
STEADY_BENCH_F(Arg, grid, steady::param("n", {64}), steady::param("k", {8})) { return param_int("n") * param_int("k"); }
