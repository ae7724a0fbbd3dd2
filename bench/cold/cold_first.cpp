// Is "evict the caches after the throwaway trial, then time the first
// invocation" an honest sign of a walk that restarts at the same place (issue
// 30 item 5)? Per payload and eviction size, in a fresh fork() per sample as
// steady's forks are: one untimed trial invocation (what the runner's
// first_invocation() does), then the eviction (reading a buffer faulted in
// before the fork, so its pages cost nothing), then the first invocation timed
// alone, then the steady state (the median of 2000 invocations timed one by
// one). Prints one line per payload and size: median eviction time, first
// invocation, steady state, their ratio. Used by scripts/bench-cold-first.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace {

double now_ns() {
  return double(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

volatile std::uint64_t sink;

struct Node {
  std::uint32_t next;
  char pad[60];
};

std::vector<Node> ring_of(std::size_t bytes) {
  std::size_t n = bytes / sizeof(Node);
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937_64 rng(2);
  for (std::size_t i = n - 1; i > 0; --i)
    std::swap(order[i], order[rng() % i]);
  std::vector<Node> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i].next = order[i];
  return v;
}

// The kit: a 64 KB ring in a static, walked from its head every invocation.
std::vector<Node> ring64k = ring_of(64 * 1024);
// A ring of 4 MB walked 512 steps on from where the last invocation stopped
// (examples/scaling.cpp's pointer_chase_512): new lines every invocation.
std::vector<Node> ring4m = ring_of(4 << 20);
std::uint32_t at4m = 0;
std::vector<std::uint32_t> ints64k(16384, 7);
std::vector<int> unsorted = [] {
  std::vector<int> v(1000);
  std::mt19937 rng(3);
  for (int &x : v)
    x = int(rng());
  return v;
}();
std::unordered_map<std::uint32_t, int> map4k = [] {
  std::unordered_map<std::uint32_t, int> m;
  for (std::uint32_t i = 0; i < 4096; ++i)
    m.emplace(i * 2654435761u, int(i));
  return m;
}();
std::size_t probe = 0;

struct Payload {
  const char *name;
  std::function<void()> run;
};

const Payload payloads[] = {
    {"chase_restart_64k",
     [] {
       std::uint32_t p = 0;
       for (int i = 0; i < 1024; ++i)
         p = ring64k[p].next;
       sink = p;
     }},
    {"chase_continue_4m_512",
     [] {
       std::uint32_t p = at4m;
       for (int i = 0; i < 512; ++i)
         p = ring4m[p].next;
       at4m = p;
       sink = p;
     }},
    {"sum_64k",
     [] {
       std::uint64_t s = 0;
       for (std::uint32_t x : ints64k)
         s += x;
       sink = s;
     }},
    {"sort_copy_1000",
     [] {
       std::vector<int> v = unsorted;
       std::sort(v.begin(), v.end());
       sink = std::uint64_t(v[0]);
     }},
    {"map_find_256",
     [] {
       long s = 0;
       for (int i = 0; i < 256; ++i, probe = (probe + 7919) % 4096)
         s += map4k.find(std::uint32_t(probe) * 2654435761u)->second;
       sink = std::uint64_t(s);
     }},
};

std::vector<char> evict_buffer;

// One fork's sample: eviction ns, first invocation ns, steady-state ns.
void sample(const Payload &p, std::size_t evict_bytes, int out) {
  p.run(); // the throwaway trial
  double t0 = now_ns();
  std::uint64_t s = 0;
  for (std::size_t i = 0; i < evict_bytes; i += 64)
    s += std::uint64_t(evict_buffer[i]);
  sink = s;
  double t1 = now_ns();
  p.run();
  double t2 = now_ns();
  std::vector<double> ss(2000);
  for (double &x : ss) {
    double a = now_ns();
    p.run();
    x = now_ns() - a;
  }
  std::nth_element(ss.begin(), ss.begin() + 1000, ss.end());
  double r[3] = {t1 - t0, t2 - t1, ss[1000]};
  if (write(out, r, sizeof r) != sizeof r)
    _exit(1);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  int forks = argc > 1 ? std::atoi(argv[1]) : 15;
  const std::size_t sizes_mb[] = {0, 8, 64, 1024};
  evict_buffer.assign(sizes_mb[3] << 20, 1); // faulted in before any fork
  std::printf("%-22s %9s %12s %12s %12s %8s\n", "payload", "evict_MB", "evict_us", "first_us", "steady_us", "ratio");
  for (const Payload &p : payloads)
    for (std::size_t mb : sizes_mb) {
      std::vector<double> ev, first, ss;
      for (int f = 0; f < forks; ++f) {
        int fd[2];
        if (pipe(fd) != 0)
          return 1;
        pid_t pid = fork();
        if (pid == 0) {
          close(fd[0]);
          sample(p, mb << 20, fd[1]);
          _exit(0);
        }
        close(fd[1]);
        double r[3];
        bool ok = read(fd[0], r, sizeof r) == sizeof r;
        close(fd[0]);
        waitpid(pid, nullptr, 0);
        if (!ok)
          return 1;
        ev.push_back(r[0] / 1e3);
        first.push_back(r[1] / 1e3);
        ss.push_back(r[2] / 1e3);
      }
      std::printf("%-22s %9zu %12.1f %12.2f %12.3f %8.1f\n", p.name, mb, median(ev), median(first), median(ss),
                  median(first) / median(ss));
    }
  return 0;
}
