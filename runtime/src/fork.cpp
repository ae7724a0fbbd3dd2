#include "fork.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include "batch_clock.h"
#include "layout.h"
#include "lockstep.h"
#include "measure.h"
#include "reentry.h"
#include "steady/results_json.h"
#include "warmup_verdicts.h"

namespace steady {
namespace {

using json = nlohmann::json;

// The fork process serving a benchmark (serve_fork): a payload that calls
// fork() makes a child that runs on in the benchmark loop, and must not report
// as this fork.
pid_t g_server = 0;

void send(int fd, const json &msg);

// In a payload's child that came back to report: the runner is told (one
// short line, written whole into the pipe) and the child ends here, before its
// iterations are recorded as the fork's.
[[noreturn]] void end_payload_child(int fd) {
  const std::string line = json{{"t", "payload_child"}, {"pid", getpid()}}.dump() + "\n";
  [[maybe_unused]] ssize_t n = write(fd, line.data(), line.size());
  _exit(0);
}

void send(int fd, const json &msg) {
  if (getpid() != g_server)
    end_payload_child(fd);
  std::string line = msg.dump() + "\n";
  const char *p = line.data();
  std::size_t left = line.size();
  while (left) {
    ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(4); // the parent is gone: nobody to report to
    p += n;
    left -= std::size_t(n);
  }
}

void handle(const json &msg, ForkResult &fork, bool &done, const std::function<void(const Iteration &)> &progress,
            std::vector<std::string> *names, std::vector<Counters::Unavailable> *unavailable, RunnerJudge *judge) {
  if (judge) // off the fork's CPU from its first message, before its first warmup iteration
    judge->keep_off();
  const std::string t = msg.at("t");
  if (t == "done") {
    done = true;
  } else if (t == "timer") {
    fork.timer = msg.at("timer").get<TimerInfo>();
  } else if (t == "preemption") {
    fork.preemption = msg.at("preemption").get<PreemptionInfo>();
  } else if (t == "batch_size") {
    fork.batch_size = msg.at("n");
  } else if (t == "iteration") {
    fork.iterations.push_back(msg.at("it").get<Iteration>());
    if (judge && fork.iterations.back().warmup) // first: the fork waits for it
      judge->judge(fork.iterations.back());
    progress(fork.iterations.back());
  } else if (t == "counters") {
    if (names)
      *names = msg.at("names").get<std::vector<std::string>>();
    if (unavailable)
      msg.at("unavailable").get_to(*unavailable);
  } else if (t == "warmup") {
    fork.warmup_stable = msg.at("stable");
    fork.warmup_criterion = judge ? judge->last() : msg.at("last").get<std::vector<std::pair<std::string, double>>>();
    fork.first_invocation_ns = msg.value("first_invocation_ns", 0.0);
  } else if (t == "error") {
    fork.status = ForkStatus::error;
    fork.error = msg.at("what");
  } else if (t == "skipped") {
    fork.status = ForkStatus::skipped;
    fork.error = msg.at("what");
  } else if (t == "lockstep") {
    fork.lockstep = msg.at("lockstep").get<ForkLockstep>();
  } else if (t == "state_report") {
    fork.state_report = msg.at("report").get<StateReport>();
  } else if (t == "payload_child") {
    fork.status = ForkStatus::error;
    fork.error = payload_child_error(msg.at("pid"));
  }
}

} // namespace

std::string payload_child_error(long pid) {
  return fmt::format("the payload called fork() and its child process (pid {}) went on running the benchmark loop: "
                     "this fork's data would be both processes'; end the child with _exit() before the payload "
                     "returns",
                     pid);
}

ForkResult run_fork_process(const ForkRequest &req, const std::atomic<bool> &interrupted,
                            const std::function<void(const Iteration &)> &progress,
                            std::vector<std::string> *counter_names,
                            std::vector<Counters::Unavailable> *counters_unavailable) {
  ForkResult fork;
  fork.number = req.number;
  fork.warmup = req.warmup;
  int pipefd[2];
  if (pipe2(pipefd, O_CLOEXEC) != 0) {
    fork.status = ForkStatus::spawn_failed;
    fork.error = std::string("pipe: ") + std::strerror(errno);
    return fork;
  }
  // The child writes to fd 3, whatever number the pipe got here, and reads
  // the warmup verdicts from fd 4.
  constexpr int kChildFd = 3, kVerdictFd = 4;
  VerdictPage page;
  std::optional<RunnerJudge> judge;
  if (req.warmup_stop && page.create())
    judge.emplace(*req.warmup_stop, req.min_warmup, page.verdicts);
  // The same program, whatever its path; named as the user named it, so that
  // ps shows "./bench --steady-fork=...".
  std::vector<std::string> argv = {program_invocation_name,
                                   "--steady-fork=" + std::to_string(req.bench_index) + "," +
                                       std::to_string(req.number) + "," + std::to_string(kChildFd) +
                                       (judge ? "," + std::to_string(kVerdictFd) : std::string())};
  argv.insert(argv.end(), req.args.begin(), req.args.end());
  if (!req.layout.empty())
    argv.push_back("--steady-layout=" + req.layout);
  if (req.batch_size)
    argv.push_back("--steady-batch-size=" + std::to_string(req.batch_size));
  Reentry cmd = reentry_command(std::move(argv));
  // Under a wrapper the program is named by its real path, which the wrapper runs.
  std::string program = "/proc/self/exe";
  if (!req.wrapper.empty()) {
    std::error_code ec;
    cmd.argv[0] = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    cmd.argv.insert(cmd.argv.begin(), req.wrapper.begin(), req.wrapper.end());
    program = req.wrapper.front();
  }
  std::vector<char *> cargv = cmd.c_argv(), cenv = cmd.c_env();
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, pipefd[1], kChildFd);
  if (judge)
    posix_spawn_file_actions_adddup2(&fa, page.fd, kVerdictFd);
  pid_t pid;
  int err = posix_spawn(&pid, program.c_str(), &fa, nullptr, cargv.data(), cenv.data());
  posix_spawn_file_actions_destroy(&fa);
  close(pipefd[1]);
  page.close_fd();
  if (err) {
    close(pipefd[0]);
    fork.status = ForkStatus::spawn_failed;
    fork.error = std::string("posix_spawn: ") + std::strerror(err);
    return fork;
  }
  fork.pid = pid;

  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(req.timeout_seconds);
  std::string buffer;
  bool killed_for_timeout = false, killed_for_interrupt = false;
  bool done = false; // the fork said it finished: exiting before that is a failure, whatever the status
  int status = 0;
  // When the fork process ended while the pipe stays open: a child of the
  // payload (fork() without exec; the pipe is close-on-exec) holds it. It is
  // read a little longer, for the line such a child sends (send), not until
  // it ends.
  std::optional<Clock::time_point> exited;
  for (;;) {
    pollfd pfd{pipefd[0], POLLIN, 0};
    int r = poll(&pfd, 1, 100);
    if (r < 0 && errno != EINTR)
      break;
    if (interrupted && !killed_for_interrupt && !exited) {
      kill(pid, SIGKILL);
      killed_for_interrupt = true;
    }
    if (Clock::now() > deadline && !killed_for_timeout && !killed_for_interrupt && !exited) {
      kill(pid, SIGKILL);
      killed_for_timeout = true;
    }
    if (r <= 0) {
      if (!exited && waitpid(pid, &status, WNOHANG) == pid)
        exited = Clock::now();
      if (exited && (interrupted || Clock::now() - *exited > std::chrono::seconds(1)))
        break;
      continue;
    }
    char chunk[65536];
    ssize_t n = read(pipefd[0], chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // the child closed the pipe: it finished or died
    buffer.append(chunk, std::size_t(n));
    for (std::size_t nl; (nl = buffer.find('\n')) != std::string::npos; buffer.erase(0, nl + 1)) {
      try {
        handle(json::parse(buffer.substr(0, nl)), fork, done, progress, counter_names, counters_unavailable,
               judge ? &*judge : nullptr);
      } catch (const json::exception &e) {
        fork.status = ForkStatus::error;
        fork.error = std::string("garbled report from the fork: ") + e.what();
      }
    }
  }
  close(pipefd[0]);
  while (!exited && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    fork.signal = WTERMSIG(status);
    if (killed_for_interrupt || interrupted) { // Ctrl-C reaches the whole process group
      fork.status = ForkStatus::interrupted;
    } else if (killed_for_timeout) {
      fork.status = ForkStatus::timeout;
      fork.error = fmt::format("killed after {:g} s (--timeout)", req.timeout_seconds);
    } else {
      fork.status = ForkStatus::crashed;
      fork.error = std::string("killed by signal ") + std::to_string(fork.signal) + " (" + strsignal(fork.signal) + ")";
    }
  } else if (WIFEXITED(status)) {
    fork.exit_code = WEXITSTATUS(status);
    if (fork.exit_code != 0 && fork.status == ForkStatus::ok) {
      fork.status = ForkStatus::crashed;
      fork.error = "exited with status " + std::to_string(fork.exit_code);
    } else if (!done && fork.status == ForkStatus::ok) { // the payload called exit(0)
      fork.status = ForkStatus::crashed;
      fork.error = "exited early with status 0";
    }
  }
  return fork;
}

int serve_fork(std::size_t bench_index, int number, int fd, int verdict_fd, const RunConfig &cfg,
               const TimerInfo &timer, const std::string &callgrind_out, const std::string &callgrind_profile,
               const std::string &layout, std::uint64_t handed_batch) {
  Benchmark b = benchmarks().at(bench_index);
  // --layout=random: the heap moved before anything allocates for the
  // benchmark, the stack below this frame, and the chosen copy of the loop.
  LayoutChoice moved;
  if (!layout.empty()) {
    std::optional<LayoutChoice> c = parse_layout_spec(layout);
    std::vector<RunFn> copies = code_variants(b.run);
    if (!c || c->variant >= copies.size())
      return 2;
    moved = *c;
    b.run = copies[moved.variant];
    apply_heap_offset(moved.heap);
  }
  // The stack pinned in its page (pinned: offset 0), then moved by the
  // chosen offset (random): frames below this one sit at the same place in
  // their page in every fork and binary.
  void *stack_offset = alloca(stack_pad(reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)), moved.stack));
  asm volatile("" : : "r"(stack_offset) : "memory");
  // A fork never outlives its runner: if the runner is killed (even by
  // SIGKILL, which it cannot handle), the kernel kills the fork too. If the
  // runner died before this line, the pipe has no reader any more.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  // steady ab's lockstep: pinned with its partner from here on.
  std::optional<Lockstep> lockstep = callgrind_out.empty() ? Lockstep::from_environment() : std::nullopt;
  if (pollfd p{fd, 0, 0}; poll(&p, 1, 0) > 0 && (p.revents & (POLLERR | POLLHUP)))
    return 4;
  g_server = getpid();
  // A program the payload starts (system(), posix_spawn) does not get the
  // report pipe: it would keep the runner reading after this fork has ended.
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // Payloads and fixtures may want to know which fork they run in.
  setenv("STEADY_FORK", std::to_string(number).c_str(), 1);
  // The runner judges the warmup (ForkRequest::warmup_stop): each iteration
  // was reported before it is asked about; its verdict is awaited here. The
  // runner leaves the CPU told here from the next message on.
  WarmupVerdicts *verdicts = verdict_fd >= 0 ? map_verdicts(verdict_fd) : nullptr;
  const WarmupJudge runner_judge = verdicts ? await_verdicts(verdicts) : WarmupJudge{};
  if (verdicts)
    tell_cpu(verdicts);
  send(fd, {{"t", "timer"}, {"timer", timer}});
  Counters counters;
  counters.open(cfg.counters);
  send(fd, {{"t", "counters"}, {"names", counters.names()}, {"unavailable", counters.unavailable()}});
  counters.enable();
  PreemptionProbe probe;
  probe.open(timer.ticks_per_ns);
  send(fd, {{"t", "preemption"}, {"preemption", preemption_info(probe)}});
  const RunConfig own = fork_config(b, cfg);
  try {
    std::optional<Callgrind> callgrind;
    if (!callgrind_out.empty())
      callgrind.emplace(callgrind_out, callgrind_profile);
    ForkPlan plan{&b, &own, &timer, &counters, nullptr, &probe, nullptr, callgrind ? &*callgrind : nullptr};
    plan.handed_batch = handed_batch;
    plan.lockstep = lockstep ? &*lockstep : nullptr;
    WarmupOutcome w = measure_fork(
        plan, [&](std::uint64_t n) { send(fd, {{"t", "batch_size"}, {"n", n}}); },
        [&](const Iteration &it) {
          if (verdicts)
            tell_cpu(verdicts); // before the report
          send(fd, {{"t", "iteration"}, {"it", it}});
        },
        verdicts ? &runner_judge : nullptr);
    send(fd, {{"t", "warmup"},
              {"stable", w.stable},
              {"last", w.last},
              {"first_invocation_ns", w.first_invocation_ticks / timer.ticks_per_ns}});
    if (lockstep) {
      lockstep->finish();
      send(fd, {{"t", "lockstep"}, {"lockstep", lockstep->report()}});
    }
    if (std::optional<StateReport> r = take_state_report(timer))
      send(fd, {{"t", "state_report"}, {"report", *r}});
  } catch (const Skipped &e) {
    send(fd, {{"t", "skipped"}, {"what", e.what()}});
    return 3;
  } catch (const std::exception &e) {
    send(fd, {{"t", "error"}, {"what", std::string("exception: ") + e.what()}});
    return 3;
  } catch (...) {
    send(fd, {{"t", "error"}, {"what", "an exception that is not a std::exception"}});
    return 3;
  }
  send(fd, {{"t", "done"}});
  return 0;
}

} // namespace steady
