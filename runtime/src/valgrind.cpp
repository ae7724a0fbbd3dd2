#include "valgrind.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include "reentry.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define STEADY_HAVE_CALLGRIND 1
#else
#define STEADY_HAVE_CALLGRIND 0
#endif

namespace steady {

bool running_on_valgrind() {
#if STEADY_HAVE_CALLGRIND
  return RUNNING_ON_VALGRIND;
#else
  return false;
#endif
}

std::optional<CallgrindCounts> parse_callgrind_dump(std::istream &in) {
  std::vector<std::string> events;
  std::vector<double> values;
  bool have_summary = false;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "events:") {
      events.clear();
      for (std::string e; words >> e;)
        events.push_back(e);
    } else if (key == "summary:") {
      values.clear();
      for (double v; words >> v;)
        values.push_back(v);
      have_summary = true;
    }
  }
  if (events.empty() || !have_summary)
    return std::nullopt;
  CallgrindCounts c;
  const std::pair<const char *, double *> fields[] = {{"Ir", &c.ir},     {"Dr", &c.dr},     {"Dw", &c.dw},
                                                      {"I1mr", &c.i1mr}, {"D1mr", &c.d1mr}, {"D1mw", &c.d1mw},
                                                      {"ILmr", &c.ilmr}, {"DLmr", &c.dlmr}, {"DLmw", &c.dlmw}};
  for (std::size_t i = 0; i < events.size() && i < values.size(); ++i)
    for (const auto &[name, field] : fields)
      if (events[i] == name)
        *field = values[i];
  return c;
}

Simulated simulated_per_op(const CallgrindCounts &total, const CallgrindCounts &per_batch, double batches, double ops) {
  auto payload = [&](double t, double b) { return std::max(0.0, t - batches * b) / ops; };
  Simulated s;
  s.instructions = payload(total.ir, per_batch.ir);
  s.data_reads = payload(total.dr, per_batch.dr);
  s.data_writes = payload(total.dw, per_batch.dw);
  s.l1_misses = (total.i1mr + total.d1mr + total.d1mw) / ops;
  s.ll_misses = (total.ilmr + total.dlmr + total.dlmw) / ops;
  s.estimated_cycles = estimated_cycles(s.instructions + s.data_reads + s.data_writes, s.l1_misses, s.ll_misses);
  return s;
}

namespace {

// The first executable `valgrind` on PATH, or $STEADY_VALGRIND (which may
// name a program that is not there: the error says so).
std::string find_valgrind() {
  if (const char *v = std::getenv("STEADY_VALGRIND"); v && *v)
    return v;
  const char *path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string d; std::getline(dirs, d, ':');) {
    std::string candidate = (d.empty() ? "." : d) + "/valgrind";
    if (access(candidate.c_str(), X_OK) == 0)
      return candidate;
  }
  return "";
}

std::string self_exe() {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("/proc/self/exe") : p.string();
}

} // namespace

std::string valgrind_reason(const std::string &path) {
  std::ifstream in(path);
  std::string line, last, all;
  while (std::getline(in, line)) {
    all += line + "\n";
    // Valgrind prefixes its lines with ==PID==.
    if (line.rfind("==", 0) == 0)
      if (std::size_t end = line.find("== ", 2); end != std::string::npos)
        line = line.substr(end + 3);
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      last = line;
  }
  if (all.find("debuginfo") != std::string::npos)
    return "it cannot read the program's debug information (valgrind 3.19 reads DWARF 4, clang 22 writes DWARF 5 "
           "with -g: build with -gdwarf-4, or without -g)";
  if (all.find("unhandled instruction") != std::string::npos)
    return "an instruction it does not support (such as AVX-512 under valgrind 3.19): " + last;
  return last;
}

ValgrindSession::~ValgrindSession() {
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
}

std::vector<std::string> ValgrindSession::command() const {
  // Fixed caches (iai's: the sizes matter less than their being the same on
  // every machine); instrumentation and collection start off, the fork
  // switches them on around what it measures.
  return {valgrind_,
          "--tool=callgrind",
          "--quiet",
          "--instr-atstart=no",
          "--collect-atstart=no",
          "--cache-sim=yes",
          "--I1=32768,8,64",
          "--D1=32768,8,64",
          "--LL=8388608,16,64",
          "--log-file=" + prefix_ + ".%p.log",
          "--callgrind-out-file=" + prefix_ + ".%p"};
}

std::string ValgrindSession::open(bool probe) {
  valgrind_ = find_valgrind();
  if (valgrind_.empty())
    return "valgrind is not installed (no valgrind on PATH; install Debian's valgrind package, or set "
           "STEADY_VALGRIND to its path)";
  if (access(valgrind_.c_str(), X_OK) != 0)
    return fmt::format("valgrind '{}' cannot be run: {}", valgrind_, std::strerror(errno));
  char dir[] = "/tmp/steady-callgrind.XXXXXX";
  if (!mkdtemp(dir))
    return fmt::format("cannot create a directory for callgrind's dumps: {}", std::strerror(errno));
  dir_ = dir;
  prefix_ = dir_ + "/fork";
  if (!probe)
    return "";
  // The probe: this program under valgrind, measuring nothing. It fails when
  // valgrind cannot run the program (an instruction it does not know, such
  // as AVX-512 in valgrind 3.19) or libsteady lacks the client requests.
  std::vector<std::string> args = command();
  args.pop_back();
  args.pop_back();
  args.push_back("--callgrind-out-file=" + dir_ + "/probe.%p");
  Reentry self = reentry_command({self_exe(), kValgrindProbeOption});
  args.insert(args.end(), self.argv.begin(), self.argv.end());
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<char *> env = self.c_env();
  const std::string log = dir_ + "/probe.log";
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int err = posix_spawn(&pid, valgrind_.c_str(), &fa, nullptr, argv.data(), env.data());
  posix_spawn_file_actions_destroy(&fa);
  if (err)
    return fmt::format("valgrind '{}' cannot be run: {}", valgrind_, std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return "";
  std::string why = valgrind_reason(log);
  if (why.empty())
    why = WIFSIGNALED(status) ? fmt::format("killed by signal {}", WTERMSIG(status))
                              : fmt::format("exit status {}", WEXITSTATUS(status));
  return fmt::format("valgrind '{}' cannot run this program: {}", valgrind_, why);
}

int serve_valgrind_probe() {
#if STEADY_HAVE_CALLGRIND
  if (RUNNING_ON_VALGRIND)
    return 0;
  std::fprintf(stderr, "the probe did not run under valgrind\n");
#else
  std::fprintf(stderr, "libsteady was built without valgrind's callgrind.h (install valgrind and rebuild it)\n");
#endif
  return 3;
}

Callgrind::Callgrind(std::string out_prefix, std::string profile)
    : prefix_(std::move(out_prefix)), profile_(std::move(profile)) {
#if STEADY_HAVE_CALLGRIND
  if (!RUNNING_ON_VALGRIND)
    throw std::runtime_error("--instrument=valgrind: the fork does not run under valgrind");
#else
  throw std::runtime_error("libsteady was built without valgrind's callgrind.h");
#endif
}

void Callgrind::start() {
#if STEADY_HAVE_CALLGRIND
  CALLGRIND_START_INSTRUMENTATION;
#endif
}

void Callgrind::zero() {
#if STEADY_HAVE_CALLGRIND
  CALLGRIND_ZERO_STATS;
#endif
}

// Out of line, so that every batch (the empty one of per_batch() too) runs
// the same instructions around the payload's loop.
[[gnu::noinline]] void Callgrind::collected_batch(const Benchmark &b, Fixture *state, std::uint64_t n) {
#if STEADY_HAVE_CALLGRIND
  // A self-timed benchmark switches collection with its clock (batch_clock.h).
  if (!b.self_timed)
    CALLGRIND_TOGGLE_COLLECT;
  b.run(state, n);
  if (!b.self_timed)
    CALLGRIND_TOGGLE_COLLECT;
#else
  b.run(state, n);
#endif
}

CallgrindCounts Callgrind::dump(bool keep) {
#if STEADY_HAVE_CALLGRIND
  CALLGRIND_DUMP_STATS;
#endif
  // Callgrind numbers a process's dumps from 1: PREFIX.PID.N.
  const std::string path = fmt::format("{}.{}.{}", prefix_, getpid(), ++dumps_);
  std::ifstream in(path);
  std::optional<CallgrindCounts> c = parse_callgrind_dump(in);
  if (keep && !profile_.empty()) {
    // Copied: the dumps' directory may be on another file system.
    std::error_code ec;
    std::filesystem::copy_file(path, profile_, std::filesystem::copy_options::overwrite_existing, ec);
  }
  std::remove(path.c_str());
  if (!c)
    throw std::runtime_error("cannot read callgrind's dump '" + path + "'");
  return *c;
}

CallgrindCounts Callgrind::per_batch(const Benchmark &b, Fixture *state, bool repeatable) {
  auto count = [&](std::uint64_t n) {
    zero();
    collected_batch(b, state, n);
    return dump();
  };
  if (!repeatable) {
    count(0);
    CallgrindCounts empty = count(0);
    empty.i1mr = empty.d1mr = empty.d1mw = empty.ilmr = empty.dlmr = empty.dlmw = 0;
    return empty;
  }
  // Warm first: lazy binding and first touches are not the harness's cost.
  count(1);
  count(2);
  const CallgrindCounts one = count(1), two = count(2);
  auto harness = [](double i1, double i2) { return std::max(0.0, 2 * i1 - i2); };
  CallgrindCounts c;
  c.ir = harness(one.ir, two.ir);
  c.dr = harness(one.dr, two.dr);
  c.dw = harness(one.dw, two.dw);
  return c;
}

} // namespace steady
