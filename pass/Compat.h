//===- Compat.h - the one place for LLVM version differences --------------===//
//
// steady pins LLVM 22; anything that differs between LLVM releases is wrapped
// here so the rest of the plugin reads as plain LLVM 22 code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

static_assert(LLVM_VERSION_MAJOR == 22, "steady's plugin is built against LLVM 22");

namespace steady {

// LLVM 21 turned Module::getTargetTriple() from a string into a Triple.
inline const llvm::Triple &getTargetTriple(const llvm::Module &M) { return M.getTargetTriple(); }

} // namespace steady
