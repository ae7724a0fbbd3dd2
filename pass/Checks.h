//===- Checks.h - what the optimizer did that makes a measurement wrong ---===//
//
// One judge per defect. The compile-time findings (Findings.cpp, recorded for
// the runner) and the audit (Audit.cpp, clang warnings) both ask these checks
// and only phrase their typed answers (Wording.cpp), so the two voices cannot
// disagree about what happened.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugLoc.h"

namespace llvm {
class DISubprogram;
class LoopInfo;
class Function;
class Instruction;
class MDNode;
} // namespace llvm

namespace steady {

struct TimedRegion;

enum class Defect {
  DeadCode,       // a computation is never used and the optimizer deletes it
  FoldedResult,   // a returned result is a compile-time constant
  FoldedConsumed, // a consumed (sunk) result is a compile-time constant
  Deleted,        // the measured loop does no work at all
  Hoisted,        // work runs once before the measured loop, not per invocation
  Mutated,        // the benchmark writes data it also reads
  EmptyLoop,      // nothing of a Google Benchmark loop's body is left
  FoldedLiteral,  // a literal operand folded into the code: a divisor turned into a multiplication,
                  // a multiplier repeated in a loop turned into its power
  Restarts,       // a pointer chase that starts from the same place every invocation
  FoldedCall,     // a Google Benchmark loop's call on inputs known at compile time no longer runs in it
};

/// What is measured: a steady payload (per invocation) or a Google Benchmark
/// loop (per iteration). The advice differs; the defect does not.
enum class Subject { Payload, GBench };

/// A literal the folded result depends on, where it is written.
struct Literal {
  std::string Value;
  llvm::DebugLoc Loc;
};

struct Finding {
  Finding(Defect Kind, const llvm::Instruction *At = nullptr, llvm::DebugLoc Loc = {}, std::string What = {})
      : Kind(Kind), At(At), Loc(std::move(Loc)), What(std::move(What)) {}

  Defect Kind;
  const llvm::Instruction *At = nullptr;  // the instruction concerned, if any is left
  llvm::DebugLoc Loc;                     // where to show it
  std::string What;                       // the computation or the object concerned
  llvm::SmallVector<Literal, 3> Literals; // folded: the literals the result depends on
  bool Grows = false;                     // mutated: a container that gets longer every iteration
  bool Output = false;                    // and that is output appended (a stream), its growth out of line
  unsigned Power = 0, Trips = 0;          // folded literal multiplier: L^Power per multiply, of Trips
  struct Call {
    std::string Name;
    bool Once; // computed once before the loop (else at compile time)
  };
  llvm::SmallVector<Call, 2> Calls; // folded calls: which (What: the constant array read, if any)
  /// Hoisted out of a harness: the harness's subprogram, where inlining
  /// stops when a location is shown (the payload's own frame).
  const llvm::DISubprogram *Frame = nullptr;
};

/// The literals recorded by constantInputsOf (Protect.h), in order.
llvm::SmallVector<Literal, 3> literalsOf(const llvm::MDNode *Inputs);

/// Results of F that are compile-time constants: returned values, and
/// consumed (sunk) values whose every copy consumes a constant, directly or
/// through memory (a struct stored to a local the sink reads) (one constant
/// on one path only, data() of an empty container, is not). An address of a
/// global is no computation. With Timed, sinks inside the measurement loop only.
llvm::SmallVector<Finding, 2> foldedResults(llvm::Function &F, const TimedRegion *Timed = nullptr);

/// Work of the payload that its harness (a measurement loop around it) runs
/// before its loop, once per batch: the first such computation.
std::optional<Finding> hoistedOutOfHarness(llvm::Function &Payload, llvm::Function &Harness);

/// Does the payload itself do work (not only control, markers, opaque reads, sinks)?
bool payloadWorks(llvm::Function &F);

/// Does the measured loop of any harness do work (the payload itself without one)?
bool measuredLoopWorks(llvm::Function &F, llvm::ArrayRef<llvm::Function *> Harnesses);

/// The payload's own literal operands (Protect.h: literalOperandsOf) that the
/// optimized code folds: a divisor (the division compiles to a multiplication
/// and shifts) and a multiplier repeated in a loop that is now multiplied in
/// as its power (7^10: one multiplication in ten runs).
llvm::SmallVector<Finding, 2> foldedLiterals(llvm::Function &F, const llvm::MDNode *Ops);

/// A loop of the payload that chases pointers (each address loaded at the
/// previous one) from a start that is the same every invocation: a constant,
/// or data the payload does not write (where it ended is not kept). Its
/// nodes are in the cache after the first invocation.
std::optional<Finding> restartingChase(llvm::Function &F);

/// Writes of a payload to data it also reads (Protect.h: mutatedInputs).
llvm::SmallVector<Finding, 2> mutatedPayloadInputs(llvm::Function &F);

/// A Google Benchmark function after optimization: hoisted work of its
/// measurement loop, an emptied loop (unless DeadReported: dead code already
/// told why), and data its loop writes and reads again.
llvm::SmallVector<Finding, 2> timedLoopFindings(llvm::Function &Opt, const TimedRegion &Timed, bool DeadReported);

/// Before optimization, on the SSA copy of a Google Benchmark function
/// (Original: the function's own instruction for one of the copy's): the
/// calls of its measurement loop that compute something and whose numeric
/// arguments are known at compile time while the benchmark wrote them as data
/// (a variable given a literal before the loop, an element of a constant
/// array whose elements are all the same), as metadata (FoldedCalls.cpp).
llvm::MDNode *callsOnKnownInputs(llvm::Function &Copy, const TimedRegion &Timed, llvm::LoopInfo &LI,
                                 llvm::function_ref<const llvm::Instruction *(const llvm::Instruction &)> Original);

/// After optimization: those calls of which nothing runs in the measurement
/// loop any more (computed at compile time, or once before the loop), if any.
std::optional<Finding> callsComputedBeforeLoop(llvm::Function &Opt, const TimedRegion &Timed,
                                               const llvm::MDNode *Calls);

} // namespace steady

// The two voices (Wording.cpp): every finding's words are written there.
namespace steady {

/// The audit's kind ("folded-result") and warning for a finding about the
/// benchmark or payload the user calls Name.
const char *auditKind(Defect D);
std::string auditMessage(const Finding &Fd, Subject S, const std::string &Name);

/// The compile-time finding's kind ("folded") and message, as the runner
/// prints it next to the payload's (or Google Benchmark function's) result.
const char *findingKind(Defect D);
std::string findingMessage(const Finding &Fd, Subject S = Subject::Payload);

} // namespace steady
