#include "warmup_verdicts.h"

#include <immintrin.h>
#include <linux/futex.h>
#include <new>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace steady {
namespace {

// Shared between processes: not FUTEX_PRIVATE_FLAG (nor std::atomic::wait,
// which libstdc++ makes private).
std::uint32_t *futex_word(std::atomic<std::uint32_t> &a) { return reinterpret_cast<std::uint32_t *>(&a); }

void futex_wait(std::atomic<std::uint32_t> &a, std::uint32_t seen) {
  syscall(SYS_futex, futex_word(a), FUTEX_WAIT, seen, nullptr, nullptr, 0);
}

void futex_wake(std::atomic<std::uint32_t> &a) {
  syscall(SYS_futex, futex_word(a), FUTEX_WAKE, 1, nullptr, nullptr, 0);
}

} // namespace

bool VerdictPage::create() {
  fd = memfd_create("steady-warmup-verdicts", MFD_CLOEXEC);
  if (fd >= 0 && ftruncate(fd, sizeof(WarmupVerdicts)) == 0)
    if (void *p = map_verdicts(fd))
      verdicts = new (p) WarmupVerdicts{0, 0, -1, 0};
  if (!verdicts)
    close_fd();
  return verdicts != nullptr;
}

void VerdictPage::close_fd() {
  if (fd >= 0)
    close(fd);
  fd = -1;
}

VerdictPage::~VerdictPage() {
  close_fd();
  if (verdicts)
    munmap(verdicts, sizeof(WarmupVerdicts));
}

WarmupVerdicts *map_verdicts(int fd) {
  void *p = mmap(nullptr, sizeof(WarmupVerdicts), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  return p == MAP_FAILED ? nullptr : static_cast<WarmupVerdicts *>(p);
}

RunnerJudge::RunnerJudge(const StopPolicy &p, int min_warmup, WarmupVerdicts *shared)
    : stop_(p, min_warmup), shared_(shared) {
  allowed_ok_ = sched_getaffinity(0, sizeof allowed_, &allowed_) == 0;
  shared_->apart.store(allowed_ok_ && CPU_COUNT(&allowed_) >= 2, std::memory_order_relaxed);
}

RunnerJudge::~RunnerJudge() {
  if (avoided_ >= 0)
    sched_setaffinity(0, sizeof allowed_, &allowed_);
}

void RunnerJudge::judge(const Iteration &it) {
  keep_off();
  publish_verdict(shared_, stop_.stop_after(metric_samples(it)));
}

void publish_verdict(WarmupVerdicts *shared, bool stable) {
  shared->stable.store(stable, std::memory_order_relaxed);
  shared->judged.fetch_add(1, std::memory_order_release);
  futex_wake(shared->judged);
}

void RunnerJudge::keep_off() {
  const int cpu = shared_->cpu.load(std::memory_order_acquire);
  if (!shared_->apart.load(std::memory_order_relaxed) || cpu < 0 || cpu == avoided_ || cpu >= CPU_SETSIZE ||
      !CPU_ISSET(cpu, &allowed_))
    return;
  cpu_set_t others = allowed_;
  CPU_CLR(cpu, &others);
  if (sched_setaffinity(0, sizeof others, &others) == 0)
    avoided_ = cpu;
  else // a cpuset that leaves this thread no other CPU: the fork sleeps while it waits
    shared_->apart.store(0, std::memory_order_relaxed);
}

WarmupJudge await_verdicts(WarmupVerdicts *shared) {
  auto asked = std::make_shared<std::uint32_t>(0);
  return {[shared, asked](const Iteration &) {
            using Clock = std::chrono::steady_clock;
            const std::uint32_t n = ++*asked;
            const Clock::time_point spin_until = Clock::now() + kSpinLimit;
            for (std::uint32_t seen; (seen = shared->judged.load(std::memory_order_acquire)) < n;) {
              if (shared->apart.load(std::memory_order_relaxed) && Clock::now() < spin_until) {
                for (int i = 0; i < 64; ++i)
                  _mm_pause();
              } else {
                futex_wait(shared->judged, seen); // returns at once if judged moved on
              }
            }
            return shared->stable.load(std::memory_order_relaxed) != 0;
          },
          [] { return std::vector<std::pair<std::string, double>>(); }};
}

void tell_cpu(WarmupVerdicts *shared) { shared->cpu.store(sched_getcpu(), std::memory_order_release); }

} // namespace steady
