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
# The sanitizer build's libsteady needs its benchmarks built with the same
# sanitizers (scripts/test-sanitizers).
sanitize = f" -fsanitize={config.steady_sanitize}" if config.steady_sanitize else ""
if sanitize:
    config.available_features.add("sanitizer")
config.substitutions.append(("%clangxx", f"{tools}/clang++ -std=c++20 -I{inc}{sanitize}"))
config.substitutions.append(("%clang ", f"{tools}/clang "))
config.substitutions.append(("%plugin", config.steady_plugin))
config.substitutions.append(("%gbench_include", os.path.join(config.steady_src_root, "runtime", "gbench", "include")))
config.substitutions.append(("%steady_build", config.steady_obj_root))
config.substitutions.append(("%clang_path", f"{tools}/clang++"))
config.substitutions.append(("%steady", config.steady_tool))
config.substitutions.append(("%libsteady_gtest", config.steady_gtest_runtime))
config.substitutions.append(("%libsteady", config.steady_runtime))
# A GoogleTest binary for steady gtest: GoogleTest's main, the adapter, the runner.
config.substitutions.append(("%gtest_libs", f"-lgtest_main -lgtest -Wl,-u,steady_gtest_adapter {config.steady_gtest_runtime}"))
config.substitutions.append(("%FileCheck", f"{tools}/FileCheck"))
import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%not", f"{tools}/not"))
# The report's pages, opened in Debian's chromium by playwright-core (both
# installed by scripts/setup), and the synthetic runs they are made from.
report_tests = os.path.join(config.steady_src_root, "test", "report")
config.substitutions.append(("%check_page", f"node {report_tests}/check_page.js"))
config.substitutions.append(("%make_run", f"{sys.executable} {report_tests}/make_run.py"))
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
# The runner keeps every run as the baseline of the next (runtime/src/baseline.h):
# in the build tree, not in the source tree or the user's working directory;
# a new directory for every lit run, so that a test sees only the runs it made
# itself. Per run, not one emptied at each start: ctest runs the Slurm tests'
# lit beside the main one, whose runners' baselines it would have removed in
# flight. Those of lit runs that have ended are removed.
import shutil
baselines_root = os.path.join(config.steady_obj_root, "test", "baselines")
os.makedirs(baselines_root, exist_ok=True)
for entry in os.listdir(baselines_root):
    try:
        os.kill(int(entry), 0)  # a lit run still going
    except (ValueError, ProcessLookupError):
        shutil.rmtree(os.path.join(baselines_root, entry), ignore_errors=True)
    except PermissionError:
        pass
baselines = os.path.join(baselines_root, str(os.getpid()))
config.environment["STEADY_BASELINE_DIR"] = baselines

if shutil.which("g++"):
    config.available_features.add("gxx")

# A hardware PMU shows up as the "cpu" (or hybrid "cpu_core") event source.
if any(os.path.exists("/sys/bus/event_source/devices/" + d) for d in ("cpu", "cpu_core")):
    config.available_features.add("hw-pmu")

# perf's software cpu-clock event samples without a PMU (steady cause --time).
import subprocess
if shutil.which("perf") and subprocess.run(["perf", "record", "-e", "cpu-clock", "-q", "-o", "/dev/null", "--", "true"],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("perf-sampling")

import platform
if platform.machine() == "x86_64":
    config.available_features.add("x86_64")

# The Slurm tests run against the cluster test/slurm/run-with-cluster starts
# (ctest's "slurm" test), never against a cluster SLURM_CONF may name.
slurm_conf = os.environ.get("STEADY_TEST_SLURM_CONF")
if slurm_conf and os.path.exists(slurm_conf):
    config.available_features.add("slurm-cluster")
    config.environment["SLURM_CONF"] = slurm_conf

# The device-node tests make their own node (a /dev/full of their own, never
# the system's): they need root and a file system that allows device files.
def can_make_device_nodes():
    import stat
    import tempfile
    try:
        os.makedirs(config.test_exec_root, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=config.test_exec_root) as d:
            node = os.path.join(d, "null")
            os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            os.close(os.open(node, os.O_WRONLY))
        return True
    except OSError:
        return False

if can_make_device_nodes():
    config.available_features.add("device-nodes")
