// What machine code a benchmark times: a fingerprint of its measured loop
// (run_batch<B>, with whatever was inlined into it) read from the process's
// own binary, so that two builds running the same instructions are
// recognised as such (issue 27).
#pragma once

#include <optional>
#include <vector>

#include "steady/results.h"

namespace steady {

// The fingerprint of the function at `fn` in this process: its instructions
// with every address normalized (a branch inside it: its offset from the
// entry; a call or jump out of it: the callee's name and, once, the callee's
// own code, however deep, in this binary or the shared library the loader
// bound it to; a load of read-only data: the bytes loaded; a switch's jump
// table: its entries as offsets into the function; other data: the symbol's
// name), hashed.
// Nothing when the binary has no symbol for it, capstone (libcapstone.so.4,
// loaded at run time) is missing, or the machine is not x86-64.
std::optional<CodeIdentity> code_fingerprint(const void *fn);
// Of several functions of one binary, hashed in order (a test's factory,
// body, SetUp and TearDown); nothing when one is not found.
std::optional<CodeIdentity> code_fingerprint(const std::vector<const void *> &fns);

} // namespace steady
