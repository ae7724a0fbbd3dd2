// Each test is run in a child process before it is measured, twice on fresh
// fixtures: what it does then decides whether it is measured (a failing, a
// skipping, a forking test is not) and how (single shot when one invocation
// outlasts a batch). Nothing of it is timed into the results.
#pragma once

#include "discovery.h"
#include "steady/registry.h"

namespace steady::gtest {

struct TrialRun {
  Trial trial;
  double body_ns = 0; // the faster of the two invocations' bodies
  // What an invocation runs (test_functions): the code the result is
  // fingerprinted by; empty when the child did not get as far as a fixture.
  std::vector<const void *> functions;
};

// Runs `c` in a child (stdout and stderr to /dev/null), killed after
// `timeout_seconds`; once only if its first run took over `longest_seconds`.
TrialRun try_test(const TestCase &c, double timeout_seconds, double longest_seconds);

} // namespace steady::gtest
