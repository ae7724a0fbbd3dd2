// A Google Benchmark function whose set-up costs 0.2 ms in every process but
// the first to run it (the one that creates $FIRST_MARK): sized on its own,
// a later process's batch would grow to keep that set-up under 10 % of its
// time, so a size a later process runs tells whether it was handed one.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

static bool first_process() {
  const char *mark = std::getenv("FIRST_MARK");
  const int fd = mark ? open(mark, O_CREAT | O_EXCL | O_WRONLY, 0600) : -1;
  if (fd >= 0)
    close(fd);
  return fd >= 0;
}

static void BM_SetUpAfterFirst(benchmark::State &state) {
  static const bool first = first_process();
  if (!first) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
    while (std::chrono::steady_clock::now() < until) {
    }
  }
  long x = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(x += 1);
}
BENCHMARK(BM_SetUpAfterFirst);
