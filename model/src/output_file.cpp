#include "steady/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace steady {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string &path, int err) {
  throw std::runtime_error("cannot write '" + path + "': " + std::strerror(err));
}

// The directory a new file or a temporary file goes to.
std::string directory_of(const std::string &path) {
  std::string dir = fs::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

// Writes all of `data` to `fd`, through EINTR and short writes; errno on failure.
int write_all(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errno;
    p += n;
    left -= std::size_t(n);
  }
  return 0;
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

} // namespace

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
  // A new or regular file is written next to itself and renamed.
  const std::string dir = directory_of(path);
  if (::stat(dir.c_str(), &st) != 0)
    fail(path, errno);
  if (!S_ISDIR(st.st_mode))
    fail(path, ENOTDIR);
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    fail(path, errno);
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
    if (int err = write_file(path, O_TRUNC, data))
      fail(path, err);
    return;
  }
  // A symbolic link to a regular file: the file is replaced, the link kept.
  std::error_code ec;
  const fs::path target = fs::is_symlink(path, ec) ? fs::canonical(path, ec) : fs::path(path);
  const std::string real = ec ? path : target.string();
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

} // namespace steady
