// The one writer of requested outputs: checked before work, renamed over
// regular files only, written in place elsewhere, every write checked.
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "steady/output_file.h"

namespace steady {
namespace {

namespace fs = std::filesystem;

std::string message_of(const std::function<void()> &f) {
  try {
    f();
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "no error";
}

struct OutputFile : ::testing::Test {
  fs::path dir = fs::path(::testing::TempDir()) / ("steady-output-" + std::to_string(getpid()));
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  std::string read(const fs::path &p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
};

TEST_F(OutputFile, ReplacesARegularFileAndLeavesNoTemporary) {
  const std::string p = (dir / "r.json").string();
  write_output(p, [](std::ostream &o) { o << "one"; });
  write_output(p, [](std::ostream &o) { o << "two"; });
  EXPECT_EQ(read(p), "two");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST_F(OutputFile, WritesAFifoInPlace) {
  const std::string p = (dir / "fifo").string();
  ASSERT_EQ(mkfifo(p.c_str(), 0600), 0);
  int reader = ::open(p.c_str(), O_RDONLY | O_NONBLOCK); // so that the writer's open does not block
  write_output(p, [](std::ostream &o) { o << "through"; });
  char buf[16] = {};
  EXPECT_EQ(::read(reader, buf, sizeof buf), 7);
  ::close(reader);
  EXPECT_TRUE(fs::is_fifo(p));
}

TEST_F(OutputFile, RefusesDirectoriesAndMissingDirectoriesUpFront) {
  EXPECT_EQ(message_of([&] { check_output(dir.string()); }), "cannot write '" + dir.string() + "': Is a directory");
  const std::string missing = (dir / "no" / "x.json").string();
  EXPECT_EQ(message_of([&] { check_output(missing); }), "cannot write '" + missing + "': No such file or directory");
  EXPECT_EQ(message_of([&] { write_output(dir.string(), [](std::ostream &) {}); }),
            "cannot write '" + dir.string() + "': Is a directory");
  EXPECT_EQ(message_of([&] { check_output((dir / "new.json").string()); }), "no error");
}

TEST_F(OutputFile, ASymlinkToAFileKeepsTheLink) {
  const fs::path target = dir / "target.json", link = dir / "link.json";
  std::ofstream(target) << "old";
  fs::create_symlink(target, link);
  write_output(link.string(), [](std::ostream &o) { o << "new"; });
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read(target), "new");
}

} // namespace
} // namespace steady
