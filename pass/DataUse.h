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
#include <optional>
#include <set>
#include <utility>

namespace llvm {
class CallBase;
class DataLayout;
class Function;
class Instruction;
class LoadInst;
class StoreInst;
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

/// The constant a store adds to the value it loaded from the same field
/// (++size_, --count, a queue's end pointer moved by one element), if it is
/// such a step.
std::optional<int64_t> stepOf(const llvm::StoreInst &SI);

/// The fields of objects a piece of code steps by constants (stepOf), the
/// callees it passes them to included: what adding to and removing from a
/// container does to its header. Memoized per callee and argument.
class FieldSteps {
public:
  /// (object, field offset) -> the constants added there.
  using Steps = std::map<std::pair<const llvm::Value *, int64_t>, std::set<int64_t>>;
  /// Adds the steps of a store or of a call (through its pointer arguments).
  void add(const llvm::Instruction &I, Steps &Out, unsigned Depth = 0);

  /// Does code with these steps remove from and add to Object, keeping its
  /// size: one field stepped by +c and by -c (a size counter), or two fields
  /// each advanced by the same c (a queue's front and back)?
  static bool churns(const Steps &S, const llvm::Value *Object);

private:
  // A callee's steps relative to its argument, by argument number.
  std::map<std::pair<const llvm::Function *, unsigned>, std::map<int64_t, std::set<int64_t>>> Memo;
  const std::map<int64_t, std::set<int64_t>> &of(const llvm::Function &F, unsigned Arg, unsigned Depth);
};

} // namespace steady

#endif
