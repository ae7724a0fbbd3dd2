// The outside check of docs/google-benchmark.md's "Per-batch cost" (not
// steady, not Google Benchmark): snappy's BM_ZFlat / BM_UIOVec bodies as
// plain loops, every op timed with the TSC, so that each position in a batch
// (the first op after the set-up, the second, ...) has its own time.
//   batchloop zflat|uiovec FILE_INDEX N TRIALS [setup|once|copy|read]
// setup: each batch runs the benchmark function's set-up before its loop and
//        its tear-down after (as steady calls a GB function once per batch);
// once:  one set-up, then TRIALS batches of N back to back, two syscalls
//        between them (as the runner's preemption readings);
// copy, read (zflat): the file's contents copied from memory instead of read;
//        the file read and thrown away, the loop on buffers kept across batches.
// Built against the snappy sources scripts/bench-gbench-compat fetches (run it
// in snappy's source directory, which holds testdata/):
//   S=WORKDIR/src/snappy-1.1.9; clang++-22 -O2 -DNDEBUG -std=c++17 -DHAVE_CONFIG_H -I$S \
//     -IWORKDIR/snappy-config batchloop.cc $S/snappy.cc $S/snappy-sinksource.cc \
//     $S/snappy-stubs-internal.cc $S/snappy-test.cc $S/snappy_test_data.cc -lz -o batchloop
#include <sys/resource.h>
#include <sys/uio.h>
#include <time.h>
#include <x86intrin.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "snappy-test.h"
#include "snappy.h"
#include "snappy_test_data.h"

static inline uint64_t tsc() {
  _mm_lfence();
  uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}

static void between() { // what the runner reads between batches
  rusage ru;
  getrusage(RUSAGE_THREAD, &ru);
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
}

// reps batches of n calls of op(), back to back (between() before each but
// the first), every op stamped: stamps[r * (n + 1) + 0..n].
template <class Op> static void timed_batches(int n, uint64_t *stamps, int reps, Op op) {
  for (int r = 0; r < reps; ++r) {
    if (r)
      between();
    uint64_t *s = stamps + size_t(r) * (n + 1);
    s[0] = tsc();
    for (int i = 0; i < n; ++i) {
      op();
      s[i + 1] = tsc();
    }
  }
}

// Set-up variants (zflat only): 0 as BM_ZFlat (read the file, allocate);
// 1 "copy": the file's contents copied from memory into a new string, no I/O;
// 2 "read": the file read and thrown away, the loop on buffers kept across batches.
static int g_variant = 0;
static std::string g_contents;
static char *g_dst;

// One call of BM_ZFlat's body with N ops; stamps[0..N].
static void zflat(int fi, int n, uint64_t *stamps, int reps_once) {
  using namespace snappy;
  if (g_contents.empty()) {
    g_contents = ReadTestDataFile(kTestDataFiles[fi].filename, kTestDataFiles[fi].size_limit);
    g_dst = new char[snappy::MaxCompressedLength(g_contents.size())];
  }
  if (g_variant == 2) {
    std::string thrown = ReadTestDataFile(kTestDataFiles[fi].filename, kTestDataFiles[fi].size_limit);
    asm volatile("" ::"r"(thrown.data()) : "memory");
    size_t zsize = 0;
    timed_batches(n, stamps, reps_once, [&] {
      snappy::RawCompress(g_contents.data(), g_contents.size(), g_dst, &zsize);
      asm volatile("" ::"r"(g_dst) : "memory");
    });
    return;
  }
  std::string contents = g_variant == 1 ? std::string(g_contents.data(), g_contents.size())
                                        : ReadTestDataFile(kTestDataFiles[fi].filename, kTestDataFiles[fi].size_limit);
  char *dst = new char[snappy::MaxCompressedLength(contents.size())];
  size_t zsize = 0;
  timed_batches(n, stamps, reps_once, [&] {
    snappy::RawCompress(contents.data(), contents.size(), dst, &zsize);
    asm volatile("" ::"r"(dst) : "memory");
  });
  delete[] dst;
}

static void uiovec(int fi, int n, uint64_t *stamps, int reps_once) {
  using namespace snappy;
  std::string contents = ReadTestDataFile(kTestDataFiles[fi].filename, kTestDataFiles[fi].size_limit);
  std::string zcontents;
  snappy::Compress(contents.data(), contents.size(), &zcontents);
  const int kNumEntries = 10;
  struct iovec iov[kNumEntries];
  char *dst = new char[contents.size()];
  size_t used_so_far = 0;
  for (int i = 0; i < kNumEntries; ++i) {
    iov[i].iov_base = dst + used_so_far;
    if (used_so_far == contents.size()) {
      iov[i].iov_len = 0;
      continue;
    }
    iov[i].iov_len = i == kNumEntries - 1 ? contents.size() - used_so_far : contents.size() / kNumEntries;
    used_so_far += iov[i].iov_len;
  }
  timed_batches(n, stamps, reps_once, [&] {
    if (!snappy::RawUncompressToIOVec(zcontents.data(), zcontents.size(), iov, kNumEntries))
      abort();
    asm volatile("" ::"r"(iov) : "memory");
  });
  delete[] dst;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: batchloop zflat|uiovec FILE_INDEX N TRIALS [setup|once|copy|read]\n");
    return 2;
  }
  const bool z = !strcmp(argv[1], "zflat");
  const int fi = atoi(argv[2]), n = atoi(argv[3]), trials = atoi(argv[4]);
  const bool once = argc > 5 && !strcmp(argv[5], "once");
  if (argc > 5 && !strcmp(argv[5], "copy"))
    g_variant = 1;
  if (argc > 5 && !strcmp(argv[5], "read"))
    g_variant = 2;
  std::vector<uint64_t> stamps(size_t(trials) * (n + 1));
  // One untimed call first: lazy binding, first touches.
  std::vector<uint64_t> warm(n + 1);
  (z ? zflat : uiovec)(fi, n, warm.data(), 1);
  if (once)
    (z ? zflat : uiovec)(fi, n, stamps.data(), trials);
  else
    for (int t = 0; t < trials; ++t)
      (z ? zflat : uiovec)(fi, n, stamps.data() + size_t(t) * (n + 1), 1);
  // Per position: median ticks over trials; per batch: ticks / N.
  std::vector<std::vector<double>> pos(n);
  std::vector<double> per_op, tail;
  for (int t = 0; t < trials; ++t) {
    const uint64_t *s = stamps.data() + size_t(t) * (n + 1);
    for (int i = 0; i < n; ++i)
      pos[i].push_back(double(s[i + 1] - s[i]));
    per_op.push_back(double(s[n] - s[0]) / n);
  }
  for (int i = n / 2; i < n; ++i)
    for (double x : pos[i])
      tail.push_back(x);
  const double w = median(tail);
  printf("%s/%d N=%d trials=%d %s: batch ticks/op median %.0f; warm (positions >= N/2) %.0f; positions:", argv[1], fi,
         n, trials, argc > 5 ? argv[5] : "setup", median(per_op), w);
  double excess = 0;
  for (int i = 0; i < n; ++i) {
    const double m = median(pos[i]);
    if (i < 8)
      printf(" %.3f", m / w);
    excess += m - w;
  }
  printf("; excess per batch %.0f ticks = %.2f ops\n", excess, excess / w);
  if (n >= 1000) { // the long loop over its life: median per block of ops
    printf("  blocks of %d ops (median / warm):", n / 24);
    for (int b = 0; b < 24; ++b) {
      std::vector<double> v;
      for (int i = b * (n / 24); i < (b + 1) * (n / 24); ++i)
        for (double x : pos[i])
          v.push_back(x);
      printf(" %.3f", median(v) / w);
    }
    printf("\n");
  }
}
