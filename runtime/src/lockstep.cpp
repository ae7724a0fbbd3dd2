#include "lockstep.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace steady {
namespace {

// A turn: the partner measures next. Done: the partner measured its last.
constexpr char kTurn = 'T', kDone = 'D';

// The partner starts at the same time but may reach its first turn later
// (process start, a fixture's setup): its first turn is waited for longer
// than its later ones, which last about as long as this fork's own.
constexpr int kFirstWaitMs = 20000, kMinWaitMs = 5000;

void put(int fd, char c) {
  while (send(fd, &c, 1, MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

} // namespace

std::optional<Lockstep> Lockstep::from_environment() {
  const char *v = std::getenv(kLockstepEnv);
  if (!v)
    return std::nullopt;
  int fd = -1, cpu = -1;
  const bool parsed = std::sscanf(v, "%d,%d", &fd, &cpu) >= 1;
  unsetenv(kLockstepEnv); // not for what the payload starts
  struct stat st;
  if (!parsed || fd < 0 || fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode))
    return std::nullopt;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  if (cpu >= 0 && cpu < CPU_SETSIZE) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0)
      cpu = -1;
  } else {
    cpu = -1;
  }
  return Lockstep(fd, cpu);
}

Lockstep::Lockstep(int fd, int cpu) : fd_(fd) { report_.cpu = cpu; }

// Waits for the partner's byte; false only when none came in time (the
// partner is then taken as gone).
bool Lockstep::receive(int timeout_ms) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
    pollfd p{fd_, POLLIN, 0};
    const int r = poll(&p, 1, std::max(left, 0));
    if (r < 0 && errno == EINTR)
      continue;
    if (r == 0) {
      partner_done_ = true;
      return false;
    }
    char c = 0;
    const ssize_t n = r > 0 ? read(fd_, &c, 1) : -1;
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || c == kDone) // its end closed, or it measured its last
      partner_done_ = true;
    return true;
  }
}

void Lockstep::wait() {
  if (!partner_done_)
    receive(report_.turns == 0 ? kFirstWaitMs : kMinWaitMs + 4 * longest_turn_ms_);
  turn_start_ = std::chrono::steady_clock::now();
  report_.alone += partner_done_;
  ++report_.turns;
}

void Lockstep::pass() {
  using namespace std::chrono;
  const auto took = duration_cast<milliseconds>(steady_clock::now() - turn_start_);
  longest_turn_ms_ = std::max(longest_turn_ms_, int(took.count()));
  if (!partner_done_)
    put(fd_, kTurn);
}

void Lockstep::finish() {
  if (fd_ < 0)
    return;
  put(fd_, kDone);
  while (!partner_done_ && receive(kMinWaitMs + 4 * longest_turn_ms_)) {
  }
  close(fd_);
  fd_ = -1;
}

} // namespace steady
