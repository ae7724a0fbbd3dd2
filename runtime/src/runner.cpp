// The first runner: times each payload in calibrated batches and prints ns/op.
// The full engine (forks, TSC, counters, dynamic stopping) replaces the timing
// loop; the command line and the table stay compatible.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "steady/registry.h"

namespace steady {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_for(const Benchmark &b, std::uint64_t n) {
  auto t0 = Clock::now();
  b.run(n);
  auto t1 = Clock::now();
  return std::chrono::duration<double>(t1 - t0).count();
}

struct Result {
  double median_ns, min_ns, max_ns;
  std::uint64_t batch;
};

Result measure(const Benchmark &b, double batch_seconds, int batches) {
  // Grow the batch until it takes long enough that clock resolution and the
  // loop's own cost are negligible.
  std::uint64_t n = 1;
  for (;;) {
    double s = seconds_for(b, n);
    if (s >= batch_seconds || n >= (std::uint64_t(1) << 40))
      break;
    double grow = s > 0 ? std::clamp(1.4 * batch_seconds / s, 1.5, 100.0) : 100.0;
    n = static_cast<std::uint64_t>(static_cast<double>(n) * grow) + 1;
  }
  std::vector<double> ns;
  for (int i = 0; i < batches; ++i)
    ns.push_back(seconds_for(b, n) * 1e9 / static_cast<double>(n));
  std::sort(ns.begin(), ns.end());
  return {ns[ns.size() / 2], ns.front(), ns.back(), n};
}

void usage(const char *argv0) {
  std::printf("usage: %s [--list] [--filter=REGEX] [--batch-time=SECONDS] [--batches=N]\n"
              "  --list              print the benchmark names and exit\n"
              "  --filter=REGEX      run only benchmarks whose name matches (ECMAScript regex)\n"
              "  --batch-time=S      minimum time of one timed batch (default 0.01)\n"
              "  --batches=N         timed batches per benchmark (default 11)\n",
              argv0);
}

} // namespace

int run_main(int argc, char **argv) {
  std::string filter = ".*";
  bool list = false;
  double batch_seconds = 0.01;
  int batches = 11;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!std::strcmp(a, "--list")) {
      list = true;
    } else if (!std::strncmp(a, "--filter=", 9)) {
      filter = a + 9;
    } else if (!std::strncmp(a, "--batch-time=", 13)) {
      batch_seconds = std::atof(a + 13);
    } else if (!std::strncmp(a, "--batches=", 10)) {
      batches = std::max(1, std::atoi(a + 10));
    } else if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
      usage(argv[0]);
      return 0;
    } else {
      std::fprintf(stderr, "error: unknown option '%s' (see --help)\n", a);
      return 2;
    }
  }
  std::regex re;
  try {
    re = std::regex(filter);
  } catch (const std::regex_error &e) {
    std::fprintf(stderr, "error: --filter='%s' is not a valid regex: %s\n", filter.c_str(), e.what());
    return 2;
  }

  std::vector<const Benchmark *> selected;
  for (const Benchmark &b : benchmarks())
    if (std::regex_search(b.name, re))
      selected.push_back(&b);
  if (list) {
    for (const Benchmark *b : selected)
      std::printf("%s\n", b->name);
    return 0;
  }
  for (const Benchmark *b : selected)
    if (!*b->protected_by_plugin)
      std::fprintf(stderr,
                   "warning: %s (%s:%d) was compiled without the steady plugin: its dead "
                   "results and constant inputs are not protected from the optimizer\n",
                   b->name, b->file, b->line);

  std::printf("%-32s %12s %12s %12s %14s\n", "benchmark", "ns/op", "min", "max", "batch");
  for (const Benchmark *b : selected) {
    Result r = measure(*b, batch_seconds, batches);
    std::printf("%-32s %12.3f %12.3f %12.3f %14llu\n", b->name, r.median_ns, r.min_ns, r.max_ns,
                static_cast<unsigned long long>(r.batch));
    std::fflush(stdout);
  }
  return 0;
}

} // namespace steady
