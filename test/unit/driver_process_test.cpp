// The tool's process layer (driver/process.h), on /bin/sh: a program's
// status and output, a time limit, a passed-on interrupt, and the two ways
// it can fail to run.
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "process.h"

namespace steady::driver {
namespace {

namespace fs = std::filesystem;

std::string temp_dir() {
  std::string d = (fs::temp_directory_path() / "steady-process-test.XXXXXX").string();
  EXPECT_NE(mkdtemp(d.data()), nullptr);
  return d;
}

TEST(RunCaptured, StatusAndBothStreamsAndNoFilesLeft) {
  const std::string dir = temp_dir();
  ProgramRun r = run_captured({"/bin/sh", "-c", "echo to-out; echo to-err >&2; exit 3"}, dir + "/x");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "to-out\n");
  EXPECT_EQ(r.err, "to-err\n");
  EXPECT_TRUE(r.problem.empty());
  EXPECT_FALSE(r.timed_out);
  EXPECT_TRUE(fs::is_empty(dir)); // the capture files are removed
  fs::remove_all(dir);
}

TEST(RunCaptured, TemporaryCaptureFiles) {
  ProgramRun r = run_captured({"/bin/sh", "-c", "echo hi"}, "");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "hi\n");
}

TEST(RunCaptured, KilledAtTheLimit) {
  ProgramRun r = run_captured({"/bin/sh", "-c", "exec sleep 60"}, "", {.timeout = 0.05});
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.status, 128 + SIGKILL);
}

TEST(RunCaptured, InterruptIsPassedOn) {
  std::atomic<int> interrupt{SIGTERM};
  ProgramRun r = run_captured({"/bin/sh", "-c", "exec sleep 60"}, "", {.interrupt = &interrupt});
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.status, 128 + SIGTERM);
}

TEST(RunCaptured, ProgramThatCannotStart) {
  ProgramRun r = run_captured({"/nonexistent/steady-test-program"}, "");
  EXPECT_EQ(r.status, -1);
  EXPECT_EQ(r.start_error, ENOENT);
  EXPECT_EQ(r.problem, "cannot run '/nonexistent/steady-test-program': No such file or directory");
}

TEST(RunCaptured, CaptureFileThatCannotBeCreated) {
  ProgramRun r = run_captured({"/bin/sh", "-c", "true"}, "/nonexistent/dir/x");
  EXPECT_EQ(r.status, -1);
  EXPECT_EQ(r.start_error, 0);
  EXPECT_EQ(r.problem,
            "cannot create the capture file '/nonexistent/dir/x.out' for '/bin/sh': No such file or directory");
}

TEST(RunCaptured, PathSearchOnlyWhenAsked) {
  // "sh" names no file in the current directory (a build directory); PATH has it.
  ASSERT_FALSE(fs::exists("sh"));
  EXPECT_EQ(run_captured({"sh", "-c", "exit 4"}, "", {.search_path = true}).status, 4);
  EXPECT_EQ(run_captured({"sh", "-c", "exit 4"}, "").start_error, ENOENT);
}

} // namespace
} // namespace steady::driver
