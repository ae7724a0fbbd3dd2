// Where the tool finds clang, the plugin and the runtime headers: next to
// itself when installed (bin/steady, lib/SteadyPass-22.so, include/), else in
// the build tree it was built in. STEADY_PLUGIN / STEADY_CLANG / STEADY_LLVM_TOOLS override.
#pragma once

#include <string>
#include <vector>

namespace steady::driver {

std::string plugin_path();
// The compile flags that load the plugin: -fpass-plugin runs its passes, and
// -fplugin loads the same file once more (a no-op front-end plugin) because
// compiler caches hash -fplugin files but not -fpass-plugin ones (ccache 4.7):
// without it they serve what an older plugin compiled.
std::vector<std::string> plugin_flags();
std::string include_path();
// Google Benchmark's header on steady's runtime (runtime/gbench/include).
std::string gbench_include_path();
std::string clang_path();
// One of LLVM's tools (llvm-symbolizer, llvm-nm), beside the clang steady was
// built with (steady cause --time: the source function of inlined code).
std::string llvm_tool(const std::string &name);
std::string runtime_path();       // libsteady.a
std::string gtest_runtime_path(); // libsteady_gtest.a: the runner without main, and the GoogleTest adapter

} // namespace steady::driver
