// A run configuration as runner options: the inverse of the runner's parser
// (runtime/src/cli.cpp). It lives in the model, beside RunConfig, because the
// tool (steady slurm, steady ab) builds runner command lines too and does not
// link the runner; test/unit/runtime_test.cpp parses what it writes back.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "steady/results.h"

namespace steady {

// The options that make the runner parse `c` back (every RunConfig field but
// the counters resolved at run time): each option whose value differs from
// the runner's default, --stop always, --counters unless they are chosen
// automatically (or counted by valgrind), --profile/--quick with the values
// they set. `pinned` names options written even at their default: steady ab
// runs binaries built with other versions of steady, whose defaults may
// differ.
std::vector<std::string> runner_args(const RunConfig &c, const std::vector<std::string_view> &pinned = {});

// steady ab's lockstep (runtime/src/lockstep.h): "FD,CPU" in the runner's
// environment, the fork's end of the socket its turns go through and the CPU
// it shares with its partner (-1: not pinned).
inline constexpr const char *kLockstepEnv = "STEADY_LOCKSTEP";

// With --layout=random, the draw N a runner of one fork takes (steady ab's
// round, steady slurm's fork): fork N of a run on --seed, so that the forks
// of many runners keep the runner's shuffled blocks of four code offsets
// (runtime/src/layout.cpp). A runner that knows it names it in --help.
inline constexpr const char *kLayoutDrawOption = "--steady-layout-draw";

// The layouts' seed of a run whose --seed is 0 (draw anew): 64 bits from the
// system's entropy, which the runner and steady slurm's plan keep.
inline std::uint64_t fresh_layout_seed() {
  return (std::uint64_t(std::random_device{}()) << 32) | std::random_device{}();
}

} // namespace steady
