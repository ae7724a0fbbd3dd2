//===- TimedLoop.h - the measured region of a Google Benchmark function ---===//
//
// A Google Benchmark function measures the body of its `for (auto _ : state)`
// (or `while (state.KeepRunning())`) loop; the code before it builds inputs
// and is not timed. The audit finds that loop before inlining, remembers the
// source positions of its code, and after optimization looks for what became
// of that code in the optimized function (TimedLoop.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "Protect.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugLoc.h"

namespace llvm {
class DICompileUnit;
class DISubprogram;
class Function;
class Instruction;
class Module;
class LoopInfo;
class MDNode;
class LLVMContext;
class Loop;
} // namespace llvm

namespace steady {

/// A call that drives a measurement loop: StateIterator::operator!= of a
/// range-for over the State, State::KeepRunning() or KeepRunningBatch().
bool drivesMeasurementLoop(const llvm::Instruction &I);

/// A function that runs a measurement loop on a benchmark::State: a benchmark
/// function, a helper taking the State& and more arguments, a lambda.
bool holdsMeasurementLoop(const llvm::Function &F);

/// A function with a parameter `State&` (a class named State, any library's)
/// that is not one of the State's own members: a benchmark or its helper.
bool takesState(const llvm::Function &F);

/// Code of benchmark::State itself (its iterator, KeepRunning, range(),
/// timers, counters), called or inlined: not the benchmark's work.
bool isStateMachinery(const llvm::Instruction &I);

/// The outermost source position of an instruction (inlined code at its call
/// site in the function), as line << 20 | column; 0 when it has none. Inside
/// a FrameScope: its position in that frame, OutsideFrame for other code.
uint64_t positionOf(const llvm::DebugLoc &Loc);
inline constexpr uint64_t OutsideFrame = ~uint64_t(0);

/// While it lives, positions are read in the frame of one function (its
/// DISubprogram), wherever its code was inlined: a Google Benchmark helper
/// judged in the function that the plain build inlined it into. Code without
/// a location is the frame's (a hoisted instruction loses its line), so the
/// functions it is inlined into need locations too (giveLineTables at -g0).
class FrameScope {
  const llvm::DISubprogram *Saved;

public:
  explicit FrameScope(const llvm::DISubprogram *Frame);
  ~FrameScope();
};

/// The file of the line tables given to a function compiled without debug info.
inline constexpr const char *SyntheticFile = "<steady-audit>";

/// Without debug info (-g0, a Release build) nothing would tell the code of
/// the measurement loop after inlining: F gets line tables of its own, one
/// line per instruction, in a compile unit of its own (SyntheticFile). Code
/// inlined into F from functions without debug info takes the line of its
/// call site, as with real line tables.
void giveLineTables(llvm::Function &F);
/// Removes what giveLineTables gave F: its locations and its compile unit.
void dropLineTables(llvm::Function &F);
/// Removes the compile units Erase selects from llvm.dbg.cu (and the list once empty).
void eraseCompileUnits(llvm::Module &M, llvm::function_ref<bool(const llvm::DICompileUnit &)> Erase);

/// The timed region of a function, before inlining.
struct TimedRegion {
  std::set<uint64_t> Positions;                   // source positions of code inside the loop only
  bool Found = false;                             // the function has a measurement loop
  bool DoesWork = false;                          // its body computes or calls something
  bool Pauses = false;                            // it pauses the timers (to reset its inputs)
  llvm::DebugLoc First;                           // the loop's first located instruction
  llvm::MDNode *Inputs = nullptr;                 // the literals of the values it consumes (constantInputsOf's form)
  std::set<uint64_t> ConstantAnyway;              // its DoNotOptimize calls whose constant is no fold of the
                                                  // benchmark's inputs: computed from the State's parameters and
                                                  // no literal, or built without computing anything
  std::map<uint64_t, std::string> Producers;      // its DoNotOptimize calls: the function whose result each
                                                  // consumes (mangled name)
  std::set<std::string> Compared;                 // functions it computes from inputs passed through
                                                  // DoNotOptimize (the run-time case of a comparison)
  llvm::SmallPtrSet<const llvm::Loop *, 2> Loops; // the measurement loops (valid where computed only)

  /// F's measurement loops and their positions (LI: F's loops, before inlining).
  static TimedRegion of(llvm::Function &F, llvm::LoopInfo &LI);
  /// Is I inside a measurement loop of the function it was computed for?
  bool inLoop(const llvm::Instruction &I, llvm::LoopInfo &LI) const;

  llvm::MDNode *toMD(llvm::LLVMContext &C) const;
  static TimedRegion fromMD(const llvm::MDNode *N);
};

/// steady-protect's scope in a Google Benchmark function (a payload from the
/// BENCHMARK macros of runtime/gbench): the body of its measurement loops but
/// not the calls of Google Benchmark's API (the State's iterator, timers,
/// DoNotOptimize), their inputs read at the header of the outermost one, every iteration.
class TimedScope : public ProtectedScope {
  TimedRegion R;
  llvm::LoopInfo &LI;

public:
  TimedScope(llvm::Function &F, llvm::LoopInfo &LI) : R(TimedRegion::of(F, LI)), LI(LI) {}
  bool contains(const llvm::Instruction &I) const override;
  llvm::BasicBlock *inputsBlock(const llvm::Instruction &I) const override;
  const TimedRegion &region() const { return R; }
};

/// Function metadata on a protected Google Benchmark function: its TimedRegion
/// before inlining, which steady-findings judges the optimized function by.
inline constexpr const char *TimedMD = "steady.timed";

/// After optimization: work of the timed region that runs outside every loop,
/// once per run instead of once per iteration, when it weighs at least what
/// the loop still does per iteration (weightOf, Protect.h). Null if none.
struct HoistedWork {
  const llvm::Instruction *I = nullptr;
  llvm::DebugLoc Loc; // where to show it: its own position or its user's in the loop
};
HoistedWork hoistedOutOfTimedLoop(llvm::Function &Opt, const TimedRegion &R);

/// After optimization: nothing of the timed region's code is left.
bool timedLoopIsEmpty(llvm::Function &Opt, const TimedRegion &R);

/// After optimization: data that the measurement loop writes and, in a later
/// iteration, reads again in a way that steers its work (a vector sorted in
/// place, a queue pushed and popped), reached from outside the loop: a global,
/// an argument, an object set up before the loop. Not data only moved (a
/// shuffle), nor a container emptied in the loop before it is read.
struct CarriedWrite {
  std::string What;
  const llvm::Instruction *At;
};
llvm::SmallVector<CarriedWrite, 2> writesCarriedAcrossIterations(llvm::Function &Opt, const TimedRegion &R);

/// After optimization: a container the measurement loop makes longer every
/// iteration and never empties (a vector push_back'ed in the loop): one
/// pointer kept across iterations (a field in memory, or in a register) only
/// ever moves forward or to a new allocation, and no other pointer of the
/// loop moves (a queue's front and back both advancing is churn at constant
/// size, not growth). Also output appended through a write position that
/// only moves forward when what happens at the end of its buffer is an
/// out-of-line call on the buffer (a stream buffer's overflow: a string
/// stream grows, a file gets longer): Output. At null if none.
struct GrowingData {
  const llvm::Instruction *At = nullptr;
  bool Output = false;
};
GrowingData growingContainer(llvm::Function &Opt, const TimedRegion &R);

} // namespace steady
