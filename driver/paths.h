// Where the tool finds clang, the plugin and the runtime headers: next to
// itself when installed (bin/steady, lib/SteadyPass-22.so, include/), else in
// the build tree it was built in. STEADY_PLUGIN / STEADY_CLANG override.
#pragma once

#include <string>

namespace steady::driver {

std::string plugin_path();
std::string include_path();
// Google Benchmark's header on steady's runtime (runtime/gbench/include).
std::string gbench_include_path();
std::string clang_path();
std::string runtime_path();       // libsteady.a
std::string gtest_runtime_path(); // libsteady_gtest.a: the runner without main, and the GoogleTest adapter

} // namespace steady::driver
