//===- DataUse.h - how code uses the data behind a pointer -------*- C++ -*-===//
//
// For the mutated-input checks (a steady payload's, a Google Benchmark loop's):
// whether data a benchmark changes between iterations changes the work it
// measures. A value that steers no branch and no address (only moved: a
// shuffle's swaps, a copy) does not; a callee that only reads through a
// pointer does not change the data behind it.
//
//===----------------------------------------------------------------------===//
#ifndef STEADY_PASS_DATAUSE_H
#define STEADY_PASS_DATAUSE_H

#include <cstdint>
#include <map>
#include <utility>

namespace llvm {
class CallBase;
class DataLayout;
class Function;
class LoadInst;
class Value;
} // namespace llvm

namespace steady {

/// The object a pointer points into and its constant byte offset there (a
/// member of a struct: a vector's begin or end pointer).
std::pair<const llvm::Value *, int64_t> fieldOf(const llvm::Value *Ptr, const llvm::DataLayout &DL);

/// Whether the loaded value reaches a branch, an address, an integer division
/// or a call through the arithmetic on it. Stored elsewhere, or consumed by an
/// opaque sink (DoNotOptimize), it does not; returned, it does unless
/// `ReturnConsumes` (a payload's result, which the harness sinks).
bool steersWork(const llvm::LoadInst &Ld, bool ReturnConsumes = false);

/// What a call does through its pointer argument: writes through it, or reads
/// values there that steer its work. Followed through the callee's body when
/// it has one (LLVM infers no readonly for linkonce_odr template
/// instantiations, the callees benchmarks mostly have); else from the call's
/// attributes. Memoized per callee and argument.
class ArgumentUses {
public:
  struct Use {
    bool Writes = false, Steers = false;
  };
  Use of(const llvm::CallBase &CB, unsigned Arg, unsigned Depth = 0);

private:
  std::map<std::pair<const llvm::Function *, unsigned>, Use> Memo;
};

} // namespace steady

#endif
