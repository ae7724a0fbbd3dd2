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

TEST_F(OutputFile, RefusesADirectoryThatTakesNoNewFile) {
  // /proc takes no new file, even for root (whom access() lets through).
  EXPECT_EQ(message_of([] { check_output("/proc/steady-x.json"); })
                .rfind("cannot write '/proc/steady-x.json': no file "
                       "can be created in '/proc': ",
                       0),
            0u);
  // The check leaves nothing behind where it succeeds.
  EXPECT_EQ(message_of([&] { check_output((dir / "new.json").string()); }), "no error");
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST_F(OutputFile, TwoOutputsOnOneRegularFileAreRefused) {
  const std::string a = (dir / "a.json").string(), b = (dir / "b.json").string();
  // One path not yet created, spelled two ways.
  EXPECT_EQ(outputs_problem({{"--json", a}, {"--csv", (dir / "." / "a.json").string()}}),
            "--csv: '" + (dir / "." / "a.json").string() + "' is also the file of --json ('" + a +
                "'): one would overwrite the other; give each output a file of its own");
  // One existing file under two names (a hard link): the same inode.
  std::ofstream(a) << "x";
  fs::create_hard_link(a, b);
  EXPECT_EQ(outputs_problem({{"--json", a}, {"--markdown", ""}, {"--csv", b}}).rfind("--csv: '" + b + "' is also", 0),
            0u);
}

TEST_F(OutputFile, DistinctOutputsAndDevicesTwiceAreAccepted) {
  EXPECT_EQ(outputs_problem({{"--json", (dir / "a.json").string()}, {"--csv", (dir / "a.csv").string()}}), "");
  EXPECT_EQ(outputs_problem({{"--json", "/dev/null"}, {"--csv", "/dev/null"}}), "");
  // An unwritable one is named by its flag.
  EXPECT_EQ(outputs_problem({{"--json", (dir / "a.json").string()}, {"--csv", dir.string()}}),
            "--csv: cannot write '" + dir.string() + "': Is a directory");
}

TEST_F(OutputFile, AFifoNobodyReadsEndsAtAnInterruptAndIsKept) {
  static bool interrupted = false;
  on_output_interrupt([] { return interrupted; });
  const std::string p = (dir / "out.json").string();
  ASSERT_EQ(mkfifo(p.c_str(), 0600), 0);
  interrupted = true; // no reader: the interrupt ends the wait at once
  setenv("TMPDIR", dir.c_str(), 1);
  std::string kept;
  try {
    write_or_keep(p, ".json", [](const std::string &to) { write_output(to, [](std::ostream &o) { o << "{}"; }); });
  } catch (const OutputNotRead &e) {
    kept = e.kept;
    EXPECT_EQ(std::string(e.what()),
              "cannot write '" + p + "': interrupted, and the FIFO has no reader; the data is kept in " + kept);
  }
  on_output_interrupt(nullptr);
  unsetenv("TMPDIR");
  EXPECT_EQ(kept, (dir / ("steady-" + std::to_string(getpid()) + "-out.json")).string());
  EXPECT_EQ(read(kept), "{}");
  EXPECT_TRUE(fs::is_fifo(p));
}

} // namespace
} // namespace steady
