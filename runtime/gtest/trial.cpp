#include "trial.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

namespace steady::gtest {
namespace {

int g_forks = 0; // fork() calls in this process since the trial began

// What one child reports: "outcome\tbody_ns\tfunctions\tmessage", the
// functions (test_functions) as comma-separated hex addresses, which are the
// runner's too (a child of fork()). A first run longer than `longest_ns` is
// not repeated: the test is too long to measure anyway.
std::string run_twice(const TestCase &c, double longest_ns, std::string &functions) {
  pthread_atfork([] { ++g_forks; }, nullptr, nullptr);
  double fastest = 0;
  make_current(&c);
  set_up_suite(c);
  for (int k = 0; k < 2; ++k) {
    reported() = {};
    testing::Test *t = create(c);
    if (k == 0)
      for (const void *f : test_functions(c, t))
        functions += fmt::format("{}{:x}", functions.empty() ? "" : ",", reinterpret_cast<std::uintptr_t>(f));
    set_up(t);
    double ns = 0;
    if (!reported().fatal && !reported().skipped) {
      auto t0 = std::chrono::steady_clock::now();
      body(t);
      ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    }
    tear_down(t);
    delete t;
    const Reported &r = reported();
    // A death test forks (steady gtest sets its style to "fast", which forks
    // with fork()); other tests may too.
    if (g_forks) {
      const bool death = std::string_view(c.info->test_suite_name()).ends_with("DeathTest");
      return fmt::format("{}\t0\t{}", int(Trial::not_measured),
                         death ? "death test (forks a child)" : "forks a child process (fork())");
    }
    if (r.skipped)
      return fmt::format("{}\t0\tskipped: {}", int(Trial::not_measured), r.skip);
    if (r.failed())
      return k == 0 ? fmt::format("{}\t0\t{}", int(Trial::failed), r.failure)
                    : fmt::format("{}\t0\tcannot be repeated in one process: the second run failed where the first "
                                  "passed: {}",
                                  int(Trial::not_measured), r.failure);
    fastest = k == 0 ? ns : std::min(fastest, ns);
    if (ns > longest_ns)
      break;
  }
  tear_down_suite(c);
  return fmt::format("{}\t{}\t", int(Trial::passed), fastest);
}

std::string one_line(std::string s) {
  for (char &ch : s)
    if (ch == '\n' || ch == '\t')
      ch = ' ';
  return s;
}

} // namespace

TrialRun try_test(const TestCase &c, double timeout_seconds, double longest_seconds) {
  TrialRun out;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    out.trial = {Trial::crashed, std::string("pipe: ") + std::strerror(errno)};
    return out;
  }
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    if (int null = open("/dev/null", O_WRONLY); null >= 0) {
      dup2(null, 1);
      dup2(null, 2);
      close(null);
    }
    std::string line, functions;
    try {
      line = run_twice(c, longest_seconds * 1e9, functions);
    } catch (const std::exception &e) {
      line = fmt::format("{}\t0\tan exception escaped the test: {}", int(Trial::failed), e.what());
    } catch (...) {
      line = fmt::format("{}\t0\tan exception escaped the test", int(Trial::failed));
    }
    const std::size_t tab = line.find('\t', line.find('\t') + 1);
    line = line.substr(0, tab + 1) + functions + "\t" + one_line(line.substr(tab + 1)) + "\n";
    if (write(fds[1], line.data(), line.size()) < 0)
      _exit(5);
    _exit(0);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    out.trial = {Trial::crashed, std::string("fork: ") + std::strerror(errno)};
    return out;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  std::string got;
  bool timed_out = false;
  for (;;) {
    pollfd p{fds[0], POLLIN, 0};
    const int r = poll(&p, 1, 100);
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      timed_out = true;
      break;
    }
    if (r <= 0)
      continue;
    char buf[4096];
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    got.append(buf, std::size_t(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    out.trial = {Trial::timed_out, fmt::format("killed after {:g} s (--timeout): the test hangs or is slower "
                                               "than the fork timeout",
                                               timeout_seconds)};
    return out;
  }
  const std::size_t t1 = got.find('\t'), t2 = t1 == std::string::npos ? t1 : got.find('\t', t1 + 1),
                    t3 = t2 == std::string::npos ? t2 : got.find('\t', t2 + 1);
  if (t3 == std::string::npos || got.back() != '\n') {
    out.trial.outcome = Trial::crashed;
    out.trial.message = WIFSIGNALED(status)
                            ? fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)))
                            : fmt::format("exited with status {} before it finished", WEXITSTATUS(status));
    return out;
  }
  out.trial.outcome = Trial::Outcome(std::stoi(got.substr(0, t1)));
  out.body_ns = std::stod(got.substr(t1 + 1, t2 - t1 - 1));
  for (std::size_t at = t2 + 1; at < t3;) {
    const std::size_t end = std::min(got.find(',', at), t3);
    out.functions.push_back(reinterpret_cast<const void *>(std::stoull(got.substr(at, end - at), nullptr, 16)));
    at = end + 1;
  }
  out.trial.message = got.substr(t3 + 1, got.size() - t3 - 2);
  return out;
}

} // namespace steady::gtest
