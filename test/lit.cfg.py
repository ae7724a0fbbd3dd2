import os
import lit.formats

config.name = "steady"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cpp", ".c", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.steady_obj_root, "test")

tools = config.llvm_tools_dir
inc = os.path.join(config.steady_src_root, "runtime", "include")
config.substitutions.append(("%opt", f"{tools}/opt -load-pass-plugin={config.steady_plugin}"))
config.substitutions.append(("%clangxx", f"{tools}/clang++ -std=c++20 -I{inc}"))
config.substitutions.append(("%plugin", config.steady_plugin))
config.substitutions.append(("%steady_build", config.steady_obj_root))
config.substitutions.append(("%clang_path", f"{tools}/clang++"))
config.substitutions.append(("%steady", config.steady_tool))
config.substitutions.append(("%libsteady", config.steady_runtime))
config.substitutions.append(("%FileCheck", f"{tools}/FileCheck"))
import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%not", f"{tools}/not"))
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
# The runner keeps every run as the baseline of the next (runtime/src/baseline.h):
# in the build tree, not in the source tree or the user's working directory.
config.environment["STEADY_BASELINE_DIR"] = os.path.join(config.steady_obj_root, "test", "baselines")

import shutil
if shutil.which("g++"):
    config.available_features.add("gxx")

# A hardware PMU shows up as the "cpu" (or hybrid "cpu_core") event source.
if any(os.path.exists("/sys/bus/event_source/devices/" + d) for d in ("cpu", "cpu_core")):
    config.available_features.add("hw-pmu")

import platform
if platform.machine() == "x86_64":
    config.available_features.add("x86_64")
