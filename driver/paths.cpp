#include "paths.h"

#include <cstdlib>
#include <filesystem>

namespace steady::driver {
namespace {

namespace fs = std::filesystem;

fs::path self_dir() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : self.parent_path();
}

std::string first_existing(const char *env, const fs::path &installed, const char *built) {
  if (const char *e = std::getenv(env); e && *e)
    return e;
  std::error_code ec;
  if (!installed.empty() && fs::exists(installed, ec))
    return installed.string();
  return built;
}

} // namespace

std::string plugin_path() {
  return first_existing("STEADY_PLUGIN", self_dir() / ".." / "lib" / STEADY_PLUGIN_NAME, STEADY_PLUGIN_BUILD_PATH);
}

std::vector<std::string> plugin_flags() {
  const std::string plugin = plugin_path(); // one lookup for both flags
  return {"-fpass-plugin=" + plugin, "-fplugin=" + plugin};
}

std::string include_path() {
  return first_existing("STEADY_INCLUDE", self_dir() / ".." / "include" / "steady", STEADY_INCLUDE_BUILD_PATH "/steady")
      .append("/..");
}

std::string gbench_include_path() {
  return first_existing("STEADY_GBENCH_INCLUDE", self_dir() / ".." / "include" / "steady-gbench",
                        STEADY_GBENCH_INCLUDE_BUILD_PATH);
}

std::string runtime_path() {
  return first_existing("STEADY_RUNTIME", self_dir() / ".." / "lib" / STEADY_RUNTIME_NAME, STEADY_RUNTIME_BUILD_PATH);
}

std::string gtest_runtime_path() {
  return first_existing("STEADY_GTEST_RUNTIME", self_dir() / ".." / "lib" / "libsteady_gtest.a",
                        STEADY_GTEST_RUNTIME_BUILD_PATH);
}

std::string clang_path() {
  if (const char *e = std::getenv("STEADY_CLANG"); e && *e)
    return e;
  return STEADY_CLANG_PATH;
}

std::string llvm_tool(const std::string &name) {
  const char *e = std::getenv("STEADY_LLVM_TOOLS");
  return std::string(e && *e ? e : STEADY_LLVM_TOOLS_PATH) + "/" + name;
}

} // namespace steady::driver
