#include "warmup_verdicts.h"

#include <immintrin.h>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

namespace steady {

bool VerdictPage::create() {
  fd = memfd_create("steady-warmup-verdicts", MFD_CLOEXEC);
  if (fd >= 0 && ftruncate(fd, sizeof(WarmupVerdicts)) == 0)
    if (void *p = map_verdicts(fd))
      verdicts = new (p) WarmupVerdicts{0, 0, -1};
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
}

RunnerJudge::~RunnerJudge() {
  if (avoided_ >= 0)
    sched_setaffinity(0, sizeof allowed_, &allowed_);
}

void RunnerJudge::judge(const Iteration &it) {
  avoid(shared_->cpu.load(std::memory_order_acquire));
  shared_->stable.store(stop_.stop_after(metric_samples(it)), std::memory_order_relaxed);
  shared_->judged.fetch_add(1, std::memory_order_release);
}

// Leaves `cpu` to the fork when this thread may run elsewhere (a runner
// pinned to one CPU stays there).
void RunnerJudge::avoid(int cpu) {
  if (!allowed_ok_ || cpu < 0 || cpu == avoided_ || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed_) ||
      CPU_COUNT(&allowed_) < 2)
    return;
  cpu_set_t others = allowed_;
  CPU_CLR(cpu, &others);
  if (sched_setaffinity(0, sizeof others, &others) == 0)
    avoided_ = cpu;
}

WarmupJudge await_verdicts(WarmupVerdicts *shared) {
  auto asked = std::make_shared<std::uint32_t>(0);
  return {[shared, asked](const Iteration &) {
            ++*asked;
            while (shared->judged.load(std::memory_order_acquire) < *asked)
              _mm_pause();
            return shared->stable.load(std::memory_order_relaxed) != 0;
          },
          [] { return std::vector<std::pair<std::string, double>>(); }};
}

} // namespace steady
