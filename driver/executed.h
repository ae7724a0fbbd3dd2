// What a payload executed on a build, traced once under callgrind: the
// dynamic refinement of steady select (issue 29). Static reach selects every
// payload that can reach changed code; Peass's ground truth is what a test
// executes. Tracing the old build is enough: the old and the new run are the
// same up to the first changed function they enter (nothing before it
// differs), so a payload whose new run executes changed code executed a
// changed function (the first one) on the old build too. Code inlined into a
// function changes that function's fingerprint; the trace's lines tell
// whether the inlined copy itself ran (selection.h, refine_by_execution).
// This holds for deterministic payloads whose inputs (files, environment) did
// not change; a payload without a trace is selected statically.
#pragma once

#include <map>
#include <set>
#include <string>

namespace steady::driver {

struct Executed {
  std::set<std::string> functions; // demangled, as callgrind names them (plain_function_name)
  // Per function, the source lines it executed, by file (its base name):
  // inlined code at the inlined function's lines.
  std::map<std::string, std::map<std::string, std::set<int>>> lines;
  std::string problem; // why there is no trace: then the static selection holds
  bool cached = false;
};

// The functions `payload` of `bin` executed in one in-process run (the
// runner's --no-fork, one invocation) under callgrind, the whole process:
// start-up, fixture, SetUp and TearDown included. Cached in `cache_dir`
// (created) by the binary's size and content hash and the payload's name,
// failures too: a payload that did not finish in `limit` seconds is traced
// again only under a longer limit, one that failed otherwise never (the same
// binary fails the same way), so a long test costs its limit once, not at
// every selection.
Executed executed_by(const std::string &bin, const std::string &payload, const std::string &cache_dir, double limit);

// $STEADY_CACHE_DIR, else $XDG_CACHE_HOME/steady, else ~/.cache/steady; then /executed.
std::string executed_cache_dir();

} // namespace steady::driver
