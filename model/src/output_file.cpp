#include "steady/output_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <poll.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace steady {
namespace {

namespace fs = std::filesystem;

bool (*g_interrupted)() = nullptr;

bool interrupted() { return g_interrupted && g_interrupted(); }

// How often a wait for a FIFO's reader (or for room in it) looks for an
// interrupt: polling, because the runner's handlers restart system calls.
constexpr int kPollMs = 20;

std::string cannot(const std::string &path, const std::string &why) { return "cannot write '" + path + "': " + why; }

[[noreturn]] void fail(const std::string &path, int err) { throw std::runtime_error(cannot(path, std::strerror(err))); }

// The directory a new file or a temporary file goes to.
std::string directory_of(const std::string &path) {
  std::string dir = fs::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

// The file a regular PATH's data goes to: through a symbolic link, its target
// (the link is kept).
std::string real_path(const std::string &path) {
  std::error_code ec;
  const fs::path target = fs::is_symlink(path, ec) ? fs::canonical(path, ec) : fs::path(path);
  return ec ? path : target.string();
}

// SIGPIPE held while writing in place: a FIFO whose reader went away is an
// error (EPIPE) to report, not the end of a process with what it measured.
class NoSigpipe {
  sigset_t pipe_, old_;
  bool pending_before_;

public:
  NoSigpipe() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    pending_before_ = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~NoSigpipe() {
    if (!pending_before_) { // ours: taken, so that unblocking does not deliver it
      timespec zero{};
      sigtimedwait(&pipe_, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
};

// Writes all of `data` to `fd`, through EINTR and short writes; a
// non-blocking `fd` (a FIFO) is waited on until an interrupt (EINTR then).
// errno on failure.
int write_all(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EAGAIN) {
      if (interrupted())
        return EINTR;
      pollfd pfd{fd, POLLOUT, 0};
      ::poll(&pfd, 1, kPollMs);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errno;
    p += n;
    left -= std::size_t(n);
  }
  return 0;
}

// Opens a FIFO for writing once it has a reader, looking for an interrupt
// meanwhile (-1 with errno EINTR then); non-blocking.
int open_fifo(const std::string &path) {
  for (;;) {
    int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0 || errno != ENXIO) // ENXIO: no reader yet
      return fd;
    if (interrupted()) {
      errno = EINTR;
      return -1;
    }
    ::poll(nullptr, 0, kPollMs);
  }
}

// open, write, close, each checked (close reports what NFS and full disks
// defer); errno on failure.
int write_file(const std::string &path, int flags, const std::string &data) {
  int fd = ::open(path.c_str(), flags | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return errno;
  int err = write_all(fd, data);
  if (::close(fd) != 0 && !err)
    err = errno;
  return err;
}

// A FIFO's data, for a reader that may come later.
void write_fifo(const std::string &path, const std::string &data) {
  NoSigpipe held;
  int fd = open_fifo(path);
  if (fd < 0 && errno == EINTR)
    throw OutputNotRead(cannot(path, "interrupted, and the FIFO has no reader"));
  if (fd < 0)
    fail(path, errno);
  int err = write_all(fd, data);
  ::close(fd);
  if (err == EINTR)
    throw OutputNotRead(cannot(path, "interrupted while waiting for its reader to take the data"));
  if (err == EPIPE)
    throw OutputNotRead(cannot(path, "its reader closed the FIFO before the end"));
  if (err)
    fail(path, err);
}

// What makes two outputs one file: the inode of an existing regular file, the
// normalized absolute path of one not yet created; none for anything else (a
// device, a FIFO: written in place, and /dev/null may take two outputs).
std::optional<std::string> identity(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0)
    return S_ISREG(st.st_mode) ? std::optional(std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino))
                               : std::nullopt;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return "new:" + (ec ? fs::absolute(path, ec).lexically_normal() : p).string();
}

} // namespace

void on_output_interrupt(bool (*interrupted)()) { g_interrupted = interrupted; }

void check_output(const std::string &path) {
  if (path.empty())
    fail(path, ENOENT);
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      fail(path, EISDIR);
    if (::access(path.c_str(), W_OK) != 0)
      fail(path, errno);
    if (!S_ISREG(st.st_mode))
      return; // written in place
  } else if (errno != ENOENT) {
    fail(path, errno);
  }
  // A new or regular file is written next to itself and renamed: a file is
  // created there and removed, since access() says yes to root on /proc and
  // /sys, where no file can be created.
  const std::string dir = directory_of(real_path(path));
  if (::stat(dir.c_str(), &st) != 0)
    fail(path, errno);
  if (!S_ISDIR(st.st_mode))
    fail(path, ENOTDIR);
  std::string probe = dir + "/.steady-check-XXXXXX";
  int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0)
    throw std::runtime_error(cannot(path, "no file can be created in '" + dir + "': " + std::strerror(errno)));
  ::close(fd);
  ::unlink(probe.c_str());
}

std::string outputs_problem(const std::vector<std::pair<std::string, std::string>> &outputs) {
  std::vector<std::pair<std::string, std::size_t>> seen; // identity, index in outputs
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto &[flag, path] = outputs[i];
    if (path.empty())
      continue;
    try {
      check_output(path);
    } catch (const std::exception &e) {
      return flag + ": " + e.what();
    }
    const std::optional<std::string> id = identity(path);
    if (!id)
      continue;
    for (const auto &[other_id, j] : seen)
      if (other_id == *id)
        return flag + ": '" + path + "' is also the file of " + outputs[j].first +
               (outputs[j].second == path ? "" : " ('" + outputs[j].second + "')") +
               ": one would overwrite the other; give each output a file of its own";
    seen.emplace_back(*id, i);
  }
  return "";
}

bool written_in_place(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

void write_output(const std::string &path, const std::function<void(std::ostream &)> &write) {
  std::ostringstream text;
  write(text);
  const std::string data = std::move(text).str();
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode))
      fail(path, EISDIR);
    if (S_ISFIFO(st.st_mode))
      return write_fifo(path, data);
    if (int err = write_file(path, O_TRUNC, data))
      fail(path, err);
    return;
  }
  // A symbolic link to a regular file: the file is replaced, the link kept.
  const std::string real = real_path(path);
  const std::string tmp = real + ".tmp." + std::to_string(getpid());
  if (int err = write_file(tmp, O_CREAT | O_TRUNC, data)) {
    std::remove(tmp.c_str());
    fail(path, err);
  }
  if (std::rename(tmp.c_str(), real.c_str()) != 0) {
    int err = errno;
    std::remove(tmp.c_str());
    fail(path, err);
  }
}

void write_or_keep(const std::string &path, const std::string &extension,
                   const std::function<void(const std::string &)> &write_to) {
  try {
    write_to(path);
  } catch (const OutputNotRead &e) {
    const char *tmpdir = std::getenv("TMPDIR");
    const fs::path dir = tmpdir && *tmpdir ? tmpdir : "/tmp";
    const std::string kept =
        (dir / ("steady-" + std::to_string(getpid()) + "-" + fs::path(path).stem().string() + extension)).string();
    try {
      write_to(kept);
    } catch (const std::exception &again) {
      throw std::runtime_error(std::string(e.what()) + "; nor could the data be kept: " + again.what());
    }
    throw OutputNotRead(std::string(e.what()) + "; the data is kept in " + kept, kept);
  }
}

} // namespace steady
