//===- Protect.h - the parts of steady-protect, private to the plugin -----===//
#pragma once

#include <string>

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class DominatorTree;
class Function;
class GlobalVariable;
class Instruction;
class IRBuilderBase;
class Loop;
class LLVMContext;
class LoopInfo;
class MDNode;
class OptimizationRemarkEmitter;
class ScalarEvolution;
class StoreInst;
class raw_ostream;
class TargetLibraryInfo;
class Value;
class BasicBlock;
} // namespace llvm

namespace steady {

/// The parts of a C++ function name that the plugin looks at.
struct CxxName {
  std::string Context; // "steady" for steady::fold<double>
  std::string Base;    // "fold"; "~vector" for a destructor
  bool IsDestructor = false;
  static CxxName of(const llvm::Function &F);
};

/// Library code (the C++ standard library, the ABI, steady itself) is
/// measured as it ships: the plugin neither clones it nor hides its inputs.
bool isLibraryCode(const llvm::Function &F);

/// True for calls to steady::fold / steady::sink / steady::opaque /
/// steady::clobber_memory: their operands are already what the user wants.
bool isSteadyPrimitive(const llvm::CallBase &CB);

/// What of a function steady-protect protects. A payload: all of it, its
/// opaque inputs read once per invocation at the entry. A Google Benchmark
/// function: the body of its measurement loop only, its opaque inputs read
/// every iteration at the loop's header (TimedLoop.h: TimedScope), as they are
/// when a payload is inlined into its measured loop. Valid while the
/// function's CFG is unchanged.
class ProtectedScope {
public:
  virtual ~ProtectedScope() = default;
  /// Is I measured code (its dead values consumed, its literal inputs hidden)?
  virtual bool contains(const llvm::Instruction &) const { return true; }
  /// The block at whose start the opaque inputs of I (measured code) are read.
  virtual llvm::BasicBlock *inputsBlock(const llvm::Instruction &I) const;
};

/// CF/CP mitigation, run before the payload is promoted to SSA: constant
/// locals, loads of constant globals and literal call arguments are replaced by
/// volatile loads (or, for large constant objects, a laundered pointer) placed
/// once in the scope's inputs block (null Scope: the entry block). Returns the number of inputs made opaque.
/// Remarks go to ORE; a null ORE (the audit's private copies) stays silent.
/// GlobalName: of the globals read (the audit's copies use names of their own,
/// so that the real payload's are the same as without the audit).
unsigned makeInputsOpaque(llvm::Function &F, llvm::OptimizationRemarkEmitter *ORE,
                          llvm::StringRef GlobalName = "steady.opaque", const ProtectedScope *Scope = nullptr);

/// On the SSA payload: literal start values of loop recurrences that are not
/// induction variables (`h = 14695981039346656037; ... h = (h ^ c) * p`) are
/// read through volatile loads, so the loop cannot be evaluated at compile time.
/// Scope: computed for the SSA function (null: all of it).
unsigned makeRecurrenceStartsOpaque(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                                    llvm::OptimizationRemarkEmitter *ORE, const ProtectedScope *Scope = nullptr);

/// Where one sink goes.
struct SinkSite {
  /// The value consumed: a tip, or the representative of a dead cycle.
  llvm::Instruction *V;
  /// The loop after which a loop-carried cycle is consumed; null for a sink
  /// placed right after V.
  llvm::Loop *After = nullptr;
};

/// Sink maximization on an SSA function: the dead values (those that reach no
/// side effect), the dead cycles among them, and the minimal cover.
struct SinkCover {
  llvm::SmallVector<llvm::Instruction *, 16> Dead;
  llvm::SmallVector<llvm::SmallVector<llvm::Instruction *, 4>, 4> Cycles;
  llvm::SmallVector<SinkSite, 8> Sites;

  /// The dead values a site keeps alive directly: its cycle, or the tip alone.
  llvm::ArrayRef<llvm::Instruction *> members(const SinkSite &S) const;
  /// The member to show the user: a computation with a source location.
  llvm::Instruction *reported(const SinkSite &S) const;
  void print(llvm::raw_ostream &OS) const;
};

/// DiscardedResults: the unused results of calls that stay (`sum(data);`)
/// are dead values too. The audit leaves them out: their work is not lost
/// when the call writes memory (set::insert's pair), which it cannot tell yet.
SinkCover computeSinkCover(llvm::Function &F, llvm::LoopInfo &LI, const llvm::TargetLibraryInfo &TLI,
                           bool DiscardedResults = true);

/// "'fadd' (double)" or "result of 'std::log(double)' (double)", for messages.
std::string describe(const llvm::Instruction &I);

/// Promotes the function's locals to SSA values (SROA).
void promoteToSSA(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

/// The DCE half of steady-protect on an SSA function: sink maximization and
/// escapes of written local objects. Returns the number of sinks and escapes.
/// Scope: computed for the SSA function (null: all of it); only its dead
/// values and the objects it writes.
unsigned sinkDeadValues(llvm::Function &F, llvm::FunctionAnalysisManager &FAM, llvm::OptimizationRemarkEmitter *ORE,
                        const ProtectedScope *Scope = nullptr);

/// Inserts one opaque sink per site (after the loop for loop-carried cycles);
/// may create dedicated loop exit blocks. Returns the number of sinks.
unsigned insertSinks(llvm::Function &F, const SinkCover &Cover, llvm::DominatorTree &DT, llvm::LoopInfo &LI,
                     llvm::OptimizationRemarkEmitter *ORE);

/// Local objects whose contents the payload writes (in Scope) escape once where their
/// lifetime ends (before their destructor, lifetime end or the return).
unsigned escapeLocalObjects(llvm::Function &F, llvm::OptimizationRemarkEmitter *ORE,
                            const ProtectedScope *Scope = nullptr);

/// Emits `asm sideeffect "" "r"(V)` (or the target's FP/vector register class):
/// zero instructions, no memory clobber.
void emitSink(llvm::IRBuilderBase &B, llvm::Value *V);

/// Emits `asm sideeffect "" "r,~{memory}"(Ptr)`: everything reachable from Ptr
/// is observable at this point.
void emitEscape(llvm::IRBuilderBase &B, llvm::Value *Ptr);

/// Pinned layout: starts F, a function the plugin owns, on the -steady-align
/// boundary (Layout.cpp); nothing with -steady-layout=native.
void pinLayout(llvm::Function &F);

/// Function attribute on the runtime's measured loop (run_batch<B>): the name
/// of the payload it runs.
inline constexpr const char *HarnessAttr = "steady-harness-of";
/// Function metadata on a protected payload: the compile-time constants its
/// result depends on, as { !"literal", !DILocation } pairs (see constantInputsOf).
inline constexpr const char *InputsMD = "steady.inputs";

/// Function metadata on a protected payload: its own literal divisors and the
/// literal multipliers of its loop recurrences (see literalOperandsOf).
inline constexpr const char *LiteralOpsMD = "steady.literal-ops";

/// True if F calls steady::fold: the user asked for folding.
bool callsFold(const llvm::Function &F);

/// The literal operands in the backward slice of F's returned and sunk values
/// and of the branches deciding which values reach them (loop bounds), at most
/// three, as { !"literal", !DILocation } pairs.
llvm::MDNode *constantInputsOf(llvm::Function &F);
/// The same from the values Roots computes. ConstantCalls: a call without
/// run-time arguments is named as one of them ("a call of 'f()'").
llvm::MDNode *literalsReaching(llvm::ArrayRef<llvm::Instruction *> Roots, llvm::LLVMContext &C,
                               bool ConstantCalls = false);

/// On the payload as written (SSA, before optimization): its integer
/// divisions by a literal (not a power of two) and the literal multipliers of its loop recurrences
/// (`x *= 7`, `x = x * a + c`), as { !"div"|!"mul", literal, trip count (0:
/// unknown), !DILocation } tuples. The optimizer folds these into the code
/// (Checks.h: foldedLiterals); a callee's literals belong to the code under test.
llvm::MDNode *literalOperandsOf(llvm::Function &F, llvm::LoopInfo &LI, llvm::ScalarEvolution &SE);

/// An opaque sink (empty side-effecting asm with one operand, no result).
bool isSink(const llvm::Instruction &I);
/// Intrinsics that mark things for the optimizer and generate no code.
bool isMarker(const llvm::Instruction &I);
/// Instructions that do work at run time (not control, markers or sinks).
unsigned workOf(const llvm::Function &F);
/// Expensive enough that running it once per batch instead of once per
/// invocation distorts the measurement.
bool isCostly(const llvm::Instruction &I);
/// Roughly what an instruction costs at run time, in simple operations: a
/// division or a maths library call is worth many, a call its callee's body.
unsigned weightOf(const llvm::Instruction &I, unsigned Depth = 0);
/// Allocation and exception machinery (operator new and delete, malloc and
/// free, __cxa_*, std::__throw_*): it does not look at or change the data a
/// benchmark works on, whatever pointer it is given.
bool isAllocationOrThrow(const llvm::Function &F);
/// On an error path (a throw, std::terminate) that runs at most once.
bool isColdPath(const llvm::Instruction &I);

/// A write by the optimized payload to data it also reads: a global object or
/// a member of its fixture reached through the payload's `this`.
struct Mutation {
  std::string What; // "'data'" or "fixture member at offset 8"
  llvm::Instruction *At;
};
llvm::SmallVector<Mutation, 2> mutatedInputs(llvm::Function &F);

/// Does the payload's class override steady::Fixture's setup_invocation(),
/// teardown_invocation() or reset_every()? Then it restores what the payload
/// changes: its vtable (_ZTV of the class of _ZN<class>7payloadEv) says.
bool fixtureRestores(const llvm::Function &Payload);

/// A store of where a pointer chase ended to the place it started from
/// (`p = at; walk; at = p`): the walk's position, kept so that the next
/// invocation continues; not an input the payload changes (Chase.cpp).
bool keepsPosition(const llvm::StoreInst &SI, const llvm::LoopInfo &LI);

/// A function-local static: written once, by its guarded initialisation.
bool isGuardedStatic(const llvm::GlobalVariable &G);

/// A copy of F named Name (Name.1, Name.2... if taken). Not CloneFunction,
/// which names the copy F's name first: the collision advances the module's
/// one counter of unique names, which also numbers the optimizer's own
/// globals (`switch.table.f.309` against the plain build's `.319`), so an
/// audited compile's assembly would differ from the plain one.
/// VMap, if given, maps F's values to the copy's.
llvm::Function *cloneNamed(llvm::Function &F, const llvm::Twine &Name, llvm::ValueToValueMapTy *VMap = nullptr);

/// "sort" for `(anonymous namespace)::steady_bench_sort::payload()`.
std::string userName(const llvm::Function &F);

} // namespace steady
