//===- TimedLoop.cpp - the measured region of a Google Benchmark function -===//
//
// Before inlining the measurement loop is plain: the loop around the calls
// that compare the State's iterator (or ask KeepRunning). Its code is
// remembered by source position: after inlining, everything inlined into the
// loop still carries the position of its call site in the loop, which is what
// the optimized function is searched for. LICM drops the location of what it
// hoists; such code is recognised by its users inside the loop.
//
//===----------------------------------------------------------------------===//
#include "TimedLoop.h"

#include <cstdlib>
#include <map>

#include "DataUse.h"
#include "Protect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace steady {

namespace {

// A member of a benchmark's state class or of a class nested in it (its
// iterator): a class named State in any namespace, Google Benchmark's
// benchmark::State or a look-alike (re2's util/benchmark.h has its own
// benchmark::State with a nested Iterator), read off the mangled nested name
// _ZN[K]<names>E: some name before the member's own is State.
bool isStateMemberName(StringRef N) {
  if (!N.consume_front("_ZN"))
    return false;
  while (!N.empty() && (N.front() == 'K' || N.front() == 'V' || N.front() == 'r'))
    N = N.drop_front();
  bool AfterState = false;
  unsigned Len;
  while (!N.empty() && isDigit(N.front()) && !N.consumeInteger(10, Len) && Len <= N.size()) {
    if (AfterState)
      return true; // a member of a class nested in State, or State's own named member
    AfterState = N.take_front(Len) == "State";
    N = N.drop_front(Len);
  }
  // State's constructors and operators (C1, ne, ...); not a function named State (E follows).
  return AfterState && !N.empty() && N.front() != 'E' && N.front() != 'I';
}

bool isStateMember(const Function *F) { return F && isStateMemberName(F->getName()); }

const Function *calleeOf(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  return CB ? CB->getCalledFunction() : nullptr;
}

// FrameScope's frame; null: the function's own (the outermost location).
thread_local const DISubprogram *Frame = nullptr;

const DILocation *outermost(const DILocation *L) {
  if (Frame) {
    for (; L; L = L->getInlinedAt())
      if (L->getScope()->getSubprogram() == Frame)
        return L;
    return nullptr;
  }
  while (L && L->getInlinedAt())
    L = L->getInlinedAt();
  return L;
}

// Code that computes or calls something (not control flow, markers, the
// State's machinery, or the stack slots of locals).
bool isWork(const Instruction &I) {
  if (isStateMachinery(I) || isMarker(I) || isa<PHINode>(I) || isa<BranchInst>(I) || isa<CmpInst>(I) ||
      isa<AllocaInst>(I) || isa<GetElementPtrInst>(I) || isa<ReturnInst>(I) || isa<UnreachableInst>(I))
    return false;
  const Value *Ptr = getLoadStorePointerOperand(&I);
  return !Ptr || !isa<AllocaInst>(getUnderlyingObject(Ptr));
}

// A counter of the loop's own iterations (++iter_count, n += batch_size): an
// integer step by a value fixed in the loop, fed back only into itself (a
// header phi, or a store to the local it loaded). Its value is a function of
// the iteration count, which the State keeps anyway: a body that only counts
// measures the empty loop by construction, nothing of it is lost.
bool countsIterations(const Instruction &I, const LoopInfo &LI) {
  auto *Op = dyn_cast<BinaryOperator>(&I);
  const Loop *L = LI.getLoopFor(I.getParent());
  if (!Op || !L || !Op->getType()->isIntegerTy() ||
      (Op->getOpcode() != Instruction::Add && Op->getOpcode() != Instruction::Sub) ||
      !L->isLoopInvariant(Op->getOperand(1)))
    return false;
  return all_of(Op->users(), [&](const User *U) {
    if (auto *Phi = dyn_cast<PHINode>(U))
      return (Phi->getParent() == L->getHeader() && Op->getOperand(0) == Phi) || !L->contains(Phi);
    auto *SI = dyn_cast<StoreInst>(U);
    return SI && SI->getValueOperand() == Op && stepOf(*SI);
  });
}

// The step of a loop's own counter, which only decides when the loop ends: a
// header phi plus or minus a constant, used by that phi and the exit compare
// (the State iterator's countdown: with line tables the State's machinery, at
// -g0 nothing else tells it from the body's code).
bool stepsLoopCounter(const Instruction &I, const LoopInfo &LI) {
  auto *Op = dyn_cast<BinaryOperator>(&I);
  const Loop *L = LI.getLoopFor(I.getParent());
  if (!Op || !L || (Op->getOpcode() != Instruction::Add && Op->getOpcode() != Instruction::Sub) ||
      !isa<ConstantInt>(Op->getOperand(1)))
    return false;
  auto *Phi = dyn_cast<PHINode>(Op->getOperand(0));
  return Phi && Phi->getParent() == L->getHeader() && all_of(Op->users(), [&](const User *U) {
           auto *Cmp = dyn_cast<ICmpInst>(U);
           return U == Phi || (Cmp && all_of(Cmp->users(), [](const User *V) { return isa<BranchInst>(V); }));
         });
}

// A cleanup or error path (a throw, an exception cleanup): it runs at most
// once, when the benchmark fails.
bool isExceptionPath(const BasicBlock *BB) {
  for (unsigned Depth = 0; BB && Depth < 4; ++Depth, BB = BB->getSinglePredecessor()) {
    if (BB->isEHPad() || isa<ResumeInst>(BB->getTerminator()) || isa<UnreachableInst>(BB->getTerminator()))
      return true;
    if (any_of(*BB, [](const Instruction &I) {
          auto *CB = dyn_cast<CallBase>(&I);
          return CB && CB->doesNotReturn();
        }))
      return true;
  }
  return false;
}

// Every local's stack slot is in the entry block: one declared in the loop
// body starts its lifetime in the loop.
bool bornIn(const AllocaInst &AI, const Loop *L) {
  return any_of(AI.users(), [&](const User *U) {
    auto *II = dyn_cast<IntrinsicInst>(U);
    return II && II->getIntrinsicID() == Intrinsic::lifetime_start && L->contains(II);
  });
}

// Identifies a computation across loop copies: its callee, or its opcode.
uintptr_t identity(const Instruction &I) {
  if (auto *CB = dyn_cast<CallBase>(&I))
    return reinterpret_cast<uintptr_t>(CB->getCalledOperand());
  return I.getOpcode();
}

// Is U a call of benchmark::DoNotOptimize?
bool isDoNotOptimize(const User *U) {
  auto *I = dyn_cast<Instruction>(U);
  const Function *Callee = I ? calleeOf(*I) : nullptr;
  return Callee && CxxName::of(*Callee).Base == "DoNotOptimize";
}

// What builds a local object a DoNotOptimize consumes (an alloca, a part or
// a cast of it): what is stored into it, the calls and parts it is given to
// other than its consumers (a sink, DoNotOptimize itself, a marker), and what
// a part is made from (a field's or element's constant offset is no literal).
void pushBuilders(const Instruction &I, SmallVectorImpl<const Value *> &Work) {
  auto IsConsumer = [](const User *U) {
    auto *UI = dyn_cast<Instruction>(U);
    return !UI || isSink(*UI) || isMarker(*UI) || isDoNotOptimize(U);
  };
  for (const User *U : I.users())
    if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == &I)
      Work.push_back(SI->getValueOperand());
    else if (!IsConsumer(U) && (isa<CallBase>(U) || isa<GetElementPtrInst>(U) || isa<CastInst>(U)))
      Work.push_back(U);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    for (const Value *Index : GEP->indices())
      if (!isa<Constant>(Index))
        Work.push_back(Index);
  if (!isa<AllocaInst>(I))
    Work.push_back(I.getOperand(0));
}

// Is the object a DoNotOptimize consumes computed from the benchmark's
// parameters (a State member's result: state.range(0)) and from no literal,
// through the local objects it reads (what their constructors are given, what
// is stored into them)? Then a constant it folds to is the same for every
// parameter: the computation is constant wherever it runs (a range compared
// with itself, abseil's BM_absl_equal_self_benchmark), not made so by inputs the
// benchmark wrote; the measurement is what that code costs. Beyond 256 values
// (or a literal) no.
bool fromParametersOnly(AllocaInst &Object) {
  bool Parameters = false;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 32> Work{&Object};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (Seen.size() > 256)
      return false;
    if (auto *CI = dyn_cast<ConstantInt>(V)) {
      if (CI->getBitWidth() > 1 && CI->getValue().abs().ugt(1))
        return false;
      continue;
    }
    if (auto *CF = dyn_cast<ConstantFP>(V)) {
      if (!CF->isZero() && !CF->isExactlyValue(1.0))
        return false;
      continue;
    }
    auto *I = dyn_cast<Instruction>(V);
    if (!I || isMarker(*I))
      continue; // an argument, a global's address: nothing written here
    if (isStateMember(calleeOf(*I))) {
      Parameters = true; // the State's answer: known at run time only
      continue;
    }
    if (isa<AllocaInst>(I) || isa<GetElementPtrInst>(I) || isa<CastInst>(I)) {
      pushBuilders(*I, Work);
      continue;
    }
    if (auto *MI = dyn_cast<MemIntrinsic>(I)) { // its size is no literal of the benchmark
      Work.push_back(MI->getRawDest());
      if (auto *MS = dyn_cast<MemSetInst>(MI))
        Work.push_back(MS->getValue());
      else
        Work.push_back(cast<MemTransferInst>(MI)->getRawSource());
      continue;
    }
    if (auto *CB = dyn_cast<CallBase>(I); CB && CB->isInlineAsm())
      continue;
    for (const Value *Op : I->operands())
      if (!isa<Function>(Op) && !isa<BasicBlock>(Op))
        Work.push_back(Op);
  }
  return Parameters;
}

// Does F (before optimization) only move data: copy its arguments and
// constants into its result, through locals and calls of such functions (a
// constexpr constructor, absl::MakeDuration, numeric_limits::max())? No
// arithmetic, comparison, branch on a value or call of code not seen here.
bool onlyMovesData(const Function &F, DenseMap<const Function *, bool> &Known, unsigned Depth = 0) {
  if (F.isDeclaration() || Depth > 4)
    return false;
  auto [It, New] = Known.try_emplace(&F, false); // a recursive call computes
  if (!New)
    return It->second;
  for (const Instruction &I : instructions(F)) {
    if (isMarker(I) || isa<MemIntrinsic>(I))
      continue;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (CB->isInlineAsm() || !CB->getCalledFunction() || !onlyMovesData(*CB->getCalledFunction(), Known, Depth + 1))
        return false;
      continue;
    }
    auto *BI = dyn_cast<BranchInst>(&I);
    auto *Cast = dyn_cast<CastInst>(&I);
    bool Moves = isa<AllocaInst>(I) || isa<LoadInst>(I) || isa<StoreInst>(I) || isa<GetElementPtrInst>(I) ||
                 isa<ExtractValueInst>(I) || isa<InsertValueInst>(I) || isa<FreezeInst>(I) || isa<ReturnInst>(I) ||
                 (BI && BI->isUnconditional()) ||
                 (Cast && !Cast->getType()->isFPOrFPVectorTy() && !Cast->getSrcTy()->isFPOrFPVectorTy());
    if (!Moves)
      return false;
  }
  Known[&F] = true;
  return true;
}

// The integer template arguments in a function's mangled name (`Lm48E`:
// BM_OffsetConstantHeadroom<48, ...>, also those of its enclosing classes).
SmallVector<int64_t, 4> templateIntegers(StringRef Mangled) {
  SmallVector<int64_t, 4> Out;
  for (size_t At = Mangled.find('L'); At != StringRef::npos; At = Mangled.find('L', At + 1)) {
    StringRef Rest = Mangled.drop_front(At + 1);
    if (Rest.size() < 3 || !isLower(Rest[0]))
      continue;
    Rest = Rest.drop_front();
    bool Negative = Rest.consume_front("n");
    size_t Digits = Rest.find_first_not_of("0123456789");
    uint64_t V;
    if (Digits != 0 && Digits != StringRef::npos && Rest[Digits] == 'E' && !Rest.take_front(Digits).getAsInteger(10, V))
      Out.push_back(Negative ? -int64_t(V) : int64_t(V));
  }
  return Out;
}

// Is the object a DoNotOptimize consumes a constant as written, built without
// computing anything and from no input of the benchmark: one of its own
// template arguments (abseil's baseline BM_OffsetConstantHeadroom<48>:
// `DoNotOptimize(Offset)`), a constant struct from a call without arguments
// that only moves data (absl::InfiniteFuture())? Then the optimizer folded no
// work: the benchmark measures a constant by intent and there is no input to
// pass through DoNotOptimize. Any other literal is an input, even with no
// computation left at the start of the optimizer: the frontend folds
// `std::strlen("constant")` to 8.
bool builtWithoutComputation(AllocaInst &Object) {
  SmallVector<int64_t, 4> Parameters = templateIntegers(Object.getFunction()->getName());
  DenseMap<const Function *, bool> Known;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 32> Work{&Object};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (Seen.size() > 256 || isa<Argument>(V) || isa<GlobalValue>(V))
      return false; // known at run time only, or data (a string literal, a table)
    if (auto *CI = dyn_cast<ConstantInt>(V)) {
      if (CI->getValue().abs().ugt(1) && (CI->getBitWidth() > 64 || !is_contained(Parameters, CI->getSExtValue())))
        return false; // a literal of the benchmark
      continue;
    }
    auto *I = dyn_cast<Instruction>(V);
    if (!I) {
      if (!isa<UndefValue>(V) && !isa<ConstantPointerNull>(V) && !isa<ConstantAggregateZero>(V))
        return false; // another literal: a floating-point number, a constant aggregate
      continue;
    }
    if (isMarker(*I))
      continue;
    if (isa<AllocaInst>(I) || isa<GetElementPtrInst>(I) || isa<CastInst>(I)) {
      if (auto *Cast = dyn_cast<CastInst>(I);
          Cast && (Cast->getType()->isFPOrFPVectorTy() || Cast->getSrcTy()->isFPOrFPVectorTy()))
        return false; // a conversion of a number is work
      pushBuilders(*I, Work);
      continue;
    }
    if (auto *CB = dyn_cast<CallBase>(I)) {
      const Function *Callee = CB->getCalledFunction();
      if (auto *MT = dyn_cast<MemTransferInst>(CB)) { // a copy: its length is no input
        Work.push_back(MT->getRawSource());
        continue;
      }
      if (!Callee || isStateMember(Callee) || !onlyMovesData(*Callee, Known))
        return false;
      for (const Value *Arg : CB->args())
        Work.push_back(Arg);
      continue;
    }
    if (!isa<LoadInst>(I) && !isa<ExtractValueInst>(I) && !isa<InsertValueInst>(I) && !isa<FreezeInst>(I))
      return false; // arithmetic, a comparison, a choice between values
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return true;
}

// The call whose result a DoNotOptimize consumes: the one that builds the
// object (its result stored into it or into a field of it, or given it to fill).
const CallBase *producerOf(const AllocaInst &Object) {
  SmallVector<const Value *, 8> Parts{&Object};
  for (size_t I = 0; I != Parts.size() && I < 16; ++I)
    for (const User *U : Parts[I]->users()) {
      const Value *V = U;
      if (isa<GetElementPtrInst>(U)) {
        Parts.push_back(U);
        continue;
      }
      if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == Parts[I])
        V = SI->getValueOperand();
      while (auto *EV = dyn_cast<ExtractValueInst>(V))
        V = EV->getAggregateOperand();
      auto *CB = dyn_cast<CallBase>(V);
      const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (Callee && !Callee->isIntrinsic() && !isDoNotOptimize(CB) && !isStateMember(Callee))
        return CB;
    }
  return nullptr;
}

// Is a call computed from a local the loop passes through DoNotOptimize (its
// input made opaque: abseil's BM_OffsetVariable, `DoNotOptimize(n)` before
// Partial(n, m, k).Offset<3>()), other than the object it fills (Consumed)?
bool fromOpaqueInputs(const CallBase &Call, const AllocaInst &Consumed) {
  SmallPtrSet<const Value *, 32> Seen{&Consumed};
  SmallVector<const Value *, 32> Work(Call.arg_begin(), Call.arg_end());
  while (!Work.empty() && Seen.size() < 64) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (auto *AI = dyn_cast<AllocaInst>(V)) {
      if (any_of(AI->users(), isDoNotOptimize))
        return true;
      for (const User *U : AI->users()) // what fills it: stores, calls given it
        if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == AI)
          Work.push_back(SI->getValueOperand());
        else if (auto *CB = dyn_cast<CallBase>(U); CB && CB != &Call && !isMarker(*CB))
          append_range(Work, CB->args());
    } else if (auto *CB = dyn_cast<CallBase>(V)) {
      append_range(Work, CB->args());
    } else if (auto *I = dyn_cast<Instruction>(V)) {
      append_range(Work, I->operands());
    }
  }
  return false;
}

} // namespace

bool drivesMeasurementLoop(const Instruction &I) {
  const Function *Callee = calleeOf(I);
  if (!isStateMember(Callee))
    return false;
  // The range-for protocol (the State's iterator compared with its end) or
  // asking for the next iteration, whatever library the State comes from.
  CxxName N = CxxName::of(*Callee);
  return (N.Base == "operator!=" && !StringRef(N.Context).ends_with("::State")) || N.Base == "KeepRunning" ||
         N.Base == "KeepRunningBatch";
}

namespace {

// Google Benchmark's own library code is not a benchmark.
bool isUserCode(const Function &F) {
  return !F.isDeclaration() && !isStateMember(&F) && !F.getName().starts_with("_ZN9benchmark") &&
         !F.getName().starts_with("_ZNK9benchmark");
}

// A call, in a loop of its caller, of a helper that asks the State for the
// next iteration once (abseil's VisitTestBody::Run: `if
// (state.KeepRunning()) { ...; return true; }`): the caller's loop is the
// measurement loop, whatever the helper is called.
bool stepsMeasurementLoop(const Instruction &I, LoopInfo &LI) {
  const Function *Callee = calleeOf(I);
  return Callee && Callee != I.getFunction() && isUserCode(*Callee) && LI.getLoopFor(I.getParent()) &&
         any_of(instructions(*Callee), [](const Instruction &J) { return drivesMeasurementLoop(J); });
}

} // namespace

bool holdsMeasurementLoop(const Function &F) {
  if (!isUserCode(F))
    return false;
  if (any_of(instructions(F), [](const Instruction &I) { return drivesMeasurementLoop(I); }))
    return true;
  // Loops are looked for only where a helper asks the State.
  if (none_of(instructions(F), [](const Instruction &I) {
        const Function *Callee = calleeOf(I);
        return Callee && isUserCode(*Callee) &&
               any_of(instructions(*Callee), [](const Instruction &J) { return drivesMeasurementLoop(J); });
      }))
    return false;
  Function &G = const_cast<Function &>(F);
  DominatorTree DT(G);
  LoopInfo LI(DT);
  return any_of(instructions(F), [&](const Instruction &I) { return stepsMeasurementLoop(I, LI); });
}

bool takesState(const Function &F) {
  if (F.isDeclaration() || isStateMember(&F) || !F.getName().contains("5State"))
    return false;
  // The function's own parameters, split at the commas outside brackets: a
  // State& nested in another type's name (a lambda of `f(benchmark::State&)`
  // that a std::ranges::copy instantiation takes) is not one.
  ItaniumPartialDemangler D;
  std::string Mangled = F.getName().str();
  if (D.partialDemangle(Mangled.c_str()))
    return false;
  char *P = D.getFunctionParameters(nullptr, nullptr);
  std::string Params = P ? P : "";
  std::free(P);
  auto IsState = [](StringRef T) {
    T = T.trim();
    return T.consume_back("State&") && (T.empty() || T.ends_with(":") || T.ends_with(" "));
  };
  int Depth = 0;
  size_t Start = 1; // after the '('
  for (size_t I = 1; I < Params.size(); ++I) {
    char C = Params[I];
    if ((C == ',' && Depth == 0) || (C == ')' && Depth == 0)) {
      if (IsState(StringRef(Params).slice(Start, I)))
        return true;
      Start = I + 1;
    } else if (C == '(' || C == '<' || C == '[') {
      ++Depth;
    } else if (C == ')' || C == '>' || C == ']') {
      --Depth;
    }
  }
  return false;
}

bool isStateMachinery(const Instruction &I) {
  if (isStateMember(calleeOf(I)))
    return true;
  // Inlined from benchmark.h, except the functions that consume the
  // benchmark's values (DoNotOptimize, ClobberMemory). Line tables carry the
  // callee's name and file only, not its class.
  for (const DILocation *L = I.getDebugLoc(); L && L->getInlinedAt(); L = L->getInlinedAt()) {
    const DISubprogram *SP = L->getScope()->getSubprogram();
    if (SP && ((SP->getFilename().ends_with("benchmark/benchmark.h") && !SP->getName().starts_with("DoNotOptimize") &&
                !SP->getName().starts_with("ClobberMemory")) ||
               isStateMemberName(SP->getLinkageName())))
      return true;
  }
  return false;
}

void giveLineTables(Function &F) {
  Module &M = *F.getParent();
  DIBuilder DIB(M);
  DIFile *File = DIB.createFile(SyntheticFile, "");
  DIB.createCompileUnit(DISourceLanguageName(dwarf::DW_LANG_C_plus_plus), File, SyntheticFile,
                        /*isOptimized=*/true, "", 0, "", DICompileUnit::LineTablesOnly);
  DISubprogram *SP = DIB.createFunction(File, F.getName(), F.getName(), File, 1,
                                        DIB.createSubroutineType(DIB.getOrCreateTypeArray({})), 1,
                                        DINode::FlagArtificial, DISubprogram::SPFlagDefinition);
  F.setSubprogram(SP);
  unsigned Line = 1;
  for (Instruction &I : instructions(F))
    I.setDebugLoc(DILocation::get(M.getContext(), ++Line, 0, SP));
  DIB.finalize();
}

void eraseCompileUnits(Module &M, function_ref<bool(const DICompileUnit &)> Erase) {
  NamedMDNode *CUs = M.getNamedMetadata("llvm.dbg.cu");
  if (!CUs)
    return;
  SmallVector<MDNode *, 2> Kept;
  for (MDNode *CU : CUs->operands())
    if (!Erase(*cast<DICompileUnit>(CU)))
      Kept.push_back(CU);
  CUs->clearOperands();
  for (MDNode *CU : Kept)
    CUs->addOperand(CU);
  if (Kept.empty())
    CUs->eraseFromParent();
}

void dropLineTables(Function &F) {
  DISubprogram *SP = F.getSubprogram();
  if (!SP || SP->getFilename() != SyntheticFile)
    return;
  DICompileUnit *Unit = SP->getUnit();
  stripDebugInfo(F);
  eraseCompileUnits(*F.getParent(), [&](const DICompileUnit &CU) { return &CU == Unit; });
}

FrameScope::FrameScope(const DISubprogram *F) : Saved(Frame) { Frame = F; }
FrameScope::~FrameScope() { Frame = Saved; }

uint64_t positionOf(const DebugLoc &Loc) {
  const DILocation *L = outermost(Loc.get());
  // Code of the function it was inlined into: located, but in no position of the frame.
  if (!L && Loc && Frame)
    return OutsideFrame;
  if (!L || !L->getLine())
    return 0;
  return uint64_t(L->getLine()) << 20 | (L->getColumn() & 0xfffff);
}

bool TimedRegion::inLoop(const Instruction &I, LoopInfo &LI) const {
  for (const Loop *L = LI.getLoopFor(I.getParent()); L; L = L->getParentLoop())
    if (Loops.count(L))
      return true;
  return false;
}

TimedRegion TimedRegion::of(Function &F, LoopInfo &LI) {
  TimedRegion R;
  for (Instruction &I : instructions(F))
    if (drivesMeasurementLoop(I) || stepsMeasurementLoop(I, LI))
      if (const Loop *L = LI.getLoopFor(I.getParent())) {
        R.Loops.insert(L);
        if (!R.First && I.getDebugLoc())
          R.First = I.getDebugLoc();
      }
  R.Found = !R.Loops.empty();
  std::set<uint64_t> Outside;
  for (Instruction &I : instructions(F)) {
    uint64_t P = positionOf(I.getDebugLoc());
    // Markers and jumps (a temporary's lifetime end on a cleanup path) are no code to tell apart.
    auto *BI = dyn_cast<BranchInst>(&I);
    if (isMarker(I) || (BI && BI->isUnconditional()) || isExceptionPath(I.getParent()))
      P = 0;
    // Code inlined from the State's methods takes the position of its call
    // (with line tables only or the lines the audit made up, nothing else
    // tells a look-alike State's code apart): no position of the body.
    if (const Function *Callee = calleeOf(I); isStateMember(Callee)) {
      if (P)
        Outside.insert(P);
      R.Pauses |= R.inLoop(I, LI) && CxxName::of(*Callee).Base == "PauseTiming";
      continue;
    }
    if (!R.inLoop(I, LI)) {
      if (P)
        Outside.insert(P);
      continue;
    }
    if (P)
      R.Positions.insert(P);
    R.DoesWork |= isWork(I) && !countsIterations(I, LI);
  }
  // A position shared with code outside the loop (a macro, the for statement
  // itself) does not tell the two apart.
  for (uint64_t P : Outside)
    R.Positions.erase(P);
  // What the loop's DoNotOptimize calls consume: the stores into the object
  // each is given (a temporary, a local), whose literals a folded result is
  // computed from.
  SmallVector<Instruction *, 8> Consumed;
  for (Instruction &I : instructions(F)) {
    const Function *Callee = calleeOf(I);
    if (!Callee || Callee->arg_empty() || !R.inLoop(I, LI))
      continue;
    CxxName N = CxxName::of(*Callee);
    auto *Object = dyn_cast<AllocaInst>(cast<CallBase>(I).getArgOperand(0));
    if (N.Context != "benchmark" || N.Base != "DoNotOptimize" || !Object)
      continue;
    uint64_t P = positionOf(I.getDebugLoc());
    if (P && (fromParametersOnly(*Object) || builtWithoutComputation(*Object)))
      R.ConstantAnyway.insert(P);
    if (const CallBase *Producer = producerOf(*Object); P && Producer) {
      R.Producers[P] = Producer->getCalledFunction()->getName().str();
      if (fromOpaqueInputs(*Producer, *Object))
        R.Compared.insert(Producer->getCalledFunction()->getName().str());
    }
    for (User *U : Object->users())
      if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == Object)
        Consumed.push_back(SI);
  }
  R.Inputs = literalsReaching(Consumed, F.getContext(), /*ConstantCalls=*/true);
  return R;
}

bool TimedScope::contains(const Instruction &I) const {
  const Function *Callee = calleeOf(I);
  StringRef N = Callee ? Callee->getName() : "";
  return R.inLoop(I, LI) && !N.starts_with("_ZN9benchmark") && !N.starts_with("_ZNK9benchmark");
}

BasicBlock *TimedScope::inputsBlock(const Instruction &I) const {
  const Loop *Outermost = nullptr;
  for (const Loop *L = LI.getLoopFor(I.getParent()); L; L = L->getParentLoop())
    if (R.Loops.count(L))
      Outermost = L;
  return Outermost ? Outermost->getHeader() : ProtectedScope::inputsBlock(I);
}

MDNode *TimedRegion::toMD(LLVMContext &C) const {
  auto Int = [&](uint64_t V) { return ConstantAsMetadata::get(ConstantInt::get(Type::getInt64Ty(C), V)); };
  SmallVector<Metadata *, 4> Parameters;
  for (uint64_t P : ConstantAnyway)
    Parameters.push_back(Int(P));
  SmallVector<Metadata *, 8> Made, Opaque;
  for (const auto &[P, Name] : Producers)
    Made.append({Int(P), MDString::get(C, Name)});
  for (const std::string &Name : Compared)
    Opaque.push_back(MDString::get(C, Name));
  SmallVector<Metadata *, 16> Ops = {Int(Found),
                                     Int(DoesWork),
                                     Int(Pauses),
                                     First.getAsMDNode(),
                                     Inputs ? Inputs : MDNode::get(C, {}),
                                     MDNode::get(C, Parameters),
                                     MDNode::get(C, Made),
                                     MDNode::get(C, Opaque)};
  for (uint64_t P : Positions)
    Ops.push_back(Int(P));
  return MDNode::get(C, Ops);
}

TimedRegion TimedRegion::fromMD(const MDNode *N) {
  TimedRegion R;
  if (!N || N->getNumOperands() < 8)
    return R;
  auto Int = [&](unsigned I) { return mdconst::extract<ConstantInt>(N->getOperand(I))->getZExtValue(); };
  R.Found = Int(0);
  R.DoesWork = Int(1);
  R.Pauses = Int(2);
  R.First = DebugLoc(cast_or_null<DILocation>(N->getOperand(3).get()));
  R.Inputs = cast<MDNode>(N->getOperand(4).get());
  for (const MDOperand &P : cast<MDNode>(N->getOperand(5).get())->operands())
    R.ConstantAnyway.insert(mdconst::extract<ConstantInt>(P)->getZExtValue());
  const MDNode *Made = cast<MDNode>(N->getOperand(6).get());
  for (unsigned I = 0; I + 1 < Made->getNumOperands(); I += 2)
    R.Producers[mdconst::extract<ConstantInt>(Made->getOperand(I))->getZExtValue()] =
        cast<MDString>(Made->getOperand(I + 1))->getString().str();
  for (const MDOperand &Name : cast<MDNode>(N->getOperand(7).get())->operands())
    R.Compared.insert(cast<MDString>(Name)->getString().str());
  for (unsigned I = 8; I < N->getNumOperands(); ++I)
    R.Positions.insert(Int(I));
  return R;
}

namespace {

// The first user inside a loop, at a position of the timed region, of a value
// computed outside every loop (through other such values).
DebugLoc timedUser(const Instruction &I, LoopInfo &LI, const TimedRegion &R) {
  SmallVector<const Instruction *, 8> Work{&I};
  SmallPtrSet<const Instruction *, 8> Seen{&I};
  while (!Work.empty()) {
    const Instruction *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !Seen.insert(UI).second || Seen.size() > 32)
        continue;
      if (!LI.getLoopFor(UI->getParent())) {
        Work.push_back(UI);
        continue;
      }
      if (R.Positions.count(positionOf(UI->getDebugLoc())) && !isStateMachinery(*UI))
        return DebugLoc(const_cast<DILocation *>(outermost(UI->getDebugLoc().get())));
    }
  }
  return {};
}

} // namespace

HoistedWork hoistedOutOfTimedLoop(Function &Opt, const TimedRegion &R) {
  DominatorTree DT(Opt);
  LoopInfo LI(DT);
  // The loops left of the measurement loop. Code of its body outside them
  // and after them (a `return` on an error inside the loop) left through an
  // exit, not by hoisting.
  SmallVector<const BasicBlock *, 2> Headers;
  for (const Loop *L : LI)
    if (any_of(L->blocks(), [&](const BasicBlock *BB) {
          return any_of(*BB, [&](const Instruction &I) {
            return R.Positions.count(positionOf(I.getDebugLoc())) && !isStateMachinery(I);
          });
        }))
      Headers.push_back(L->getHeader());
  auto Before = [&](const Instruction &I) {
    return Headers.empty() || any_of(Headers, [&](const BasicBlock *H) {
             return isPotentiallyReachable(I.getParent(), H, nullptr, &DT, &LI) &&
                    !isPotentiallyReachable(H, I.getParent(), nullptr, &DT, &LI);
           });
  };
  // Computations still inside a loop: a copy outside (a peeled iteration) is not hoisted.
  std::set<std::pair<uint64_t, uintptr_t>> Looped;
  for (Instruction &I : instructions(Opt))
    if (LI.getLoopFor(I.getParent()) && isCostly(I))
      Looped.insert({positionOf(I.getDebugLoc()), identity(I)});
  // Every hoisted computation, the first one shown.
  HoistedWork First;
  unsigned Hoisted = 0;
  for (Instruction &I : instructions(Opt)) {
    if (LI.getLoopFor(I.getParent()) || !isCostly(I) || isColdPath(I) || isExceptionPath(I.getParent()) ||
        isStateMachinery(I))
      continue;
    // Bit and bound intrinsics (a sort's log2 of the size, a trip count's
    // min) are index arithmetic, not the benchmark's work.
    if (auto *II = dyn_cast<IntrinsicInst>(&I); II && !II->getType()->isFPOrFPVectorTy())
      continue;
    if (!Before(I))
      continue;
    DebugLoc At;
    if (uint64_t P = positionOf(I.getDebugLoc())) {
      if (R.Positions.count(P) && !Looped.count({P, identity(I)}))
        At = I.getDebugLoc();
    } else if (isa<CallBase>(I) || I.getType()->isFPOrFPVectorTy()) {
      // Without a location: floating point or calls only (index and trip-count
      // arithmetic the optimizer computes before a loop is not the benchmark's work).
      At = timedUser(I, LI, R);
    }
    if (!At)
      continue;
    Hoisted += weightOf(I);
    if (!First.I)
      First = {&I, At};
  }
  // Worth telling only when the hoisted work is a real share of what an
  // iteration did: at least what the loop still does (a solve computed once,
  // a division the loop only consumes), not a constant of a distribution's
  // set-up that its draws, still in the loop, dwarf.
  unsigned Left = 0;
  for (const Loop *L : LI)
    if (is_contained(Headers, L->getHeader()))
      for (const BasicBlock *BB : L->blocks())
        if (!isExceptionPath(BB))
          for (const Instruction &I : *BB)
            if (isWork(I) && !stepsLoopCounter(I, LI))
              Left += weightOf(I);
  if (First.I && Hoisted >= Left)
    return First;
  return {};
}

bool timedLoopIsEmpty(Function &Opt, const TimedRegion &R) {
  DominatorTree DT(Opt);
  LoopInfo LI(DT);
  // The State's own fields (its iteration count, read and written by the
  // inlined KeepRunning, sometimes without a location) are no body's work.
  SmallPtrSet<const Value *, 2> States;
  for (Instruction &I : instructions(Opt))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isStateMember(CB->getCalledFunction()) && CB->arg_size())
      States.insert(getUnderlyingObject(CB->getArgOperand(0)));
  for (Instruction &I : instructions(Opt)) {
    if (const Value *Ptr = getLoadStorePointerOperand(&I); Ptr && States.count(getUnderlyingObject(Ptr)))
      continue;
    if (isStateMachinery(I) || isMarker(I) || isa<PHINode>(I) || isa<ReturnInst>(I) || isa<UnreachableInst>(I))
      continue;
    if (auto *BI = dyn_cast<BranchInst>(&I); BI && BI->isUnconditional())
      continue;
    uint64_t P = positionOf(I.getDebugLoc());
    if (R.Positions.count(P))
      return false; // something of the body is left
    // Memory or floating-point work in a loop whose origin is unknown (a
    // merged location) may be the body; index arithmetic is not.
    if (!P && LI.getLoopFor(I.getParent()) && isWork(I) &&
        (I.mayReadOrWriteMemory() || I.getType()->isFPOrFPVectorTy()))
      return false;
  }
  return true;
}

namespace {

// What the loop's accesses reach: an object that outlives an iteration.
struct Root {
  const Value *Object;
  int64_t Member; // offset of the member the data hangs off, or -1
  bool operator<(const Root &O) const { return std::tie(Object, Member) < std::tie(O.Object, O.Member); }
};

class CarriedWrites {
  Function &Opt;
  const TimedRegion &R;
  DominatorTree DT;
  LoopInfo LI;
  SmallPtrSet<const Value *, 2> States; // the benchmark::State arguments
  struct Access {
    const Instruction *I;
    bool Writes, Reads;
  };
  std::map<Root, SmallVector<Access, 4>> Accesses;
  // Where a container is emptied in the loop (v.clear()): what it held before
  // is gone from there on, so a read after it sees this iteration's data.
  std::map<Root, SmallVector<const Instruction *, 1>> Resets;

  struct Effects {
    bool Known = true, Reads = false, Writes = false;
  };
  DenseMap<const Function *, Effects> Bodies;

  ArgumentUses Args;
  FieldSteps FieldStepsOf;
  FieldSteps::Steps Steps; // what the loop steps: a container's size, its queue ends

  Effects effectsOf(const CallBase &CB, unsigned Depth = 0) {
    const Function *F = CB.getCalledFunction();
    if (!F || CB.isInlineAsm())
      return {false};
    if (auto *MI = dyn_cast<MemIntrinsic>(&CB))
      return {true, isa<MemTransferInst>(MI), true};
    if (F->isIntrinsic() || CB.doesNotAccessMemory())
      return {};
    if (CB.onlyReadsMemory())
      return {true, true, false};
    if (isAllocationOrThrow(*F))
      return {};
    if (F->isDeclaration() || Depth > 4)
      return {false};
    auto [It, New] = Bodies.try_emplace(F); // a recursive call adds nothing
    if (!New)
      return It->second;
    Effects E;
    for (const Instruction &I : instructions(*F)) {
      if (isa<StoreInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
        E.Writes = true;
      if (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
        E.Reads = true;
      if (auto *Call = dyn_cast<CallBase>(&I); Call && !isMarker(I)) {
        Effects C = effectsOf(*Call, Depth + 1);
        E.Known &= C.Known;
        E.Reads |= C.Reads;
        E.Writes |= C.Writes;
      }
    }
    return Bodies[F] = E;
  }

  void rootsOf(const Value *Ptr, const Loop *L, SmallVectorImpl<Root> &Out, unsigned Depth = 0) {
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(Ptr, Objects);
    const DataLayout &DL = Opt.getDataLayout();
    for (const Value *Obj : Objects) {
      // The contents of arrays and containers, not an object's own fields
      // (a parser reused across iterations, a counter): at depth 0 an object
      // must be an array; through a loaded pointer, anything it points to.
      if (auto *G = dyn_cast<GlobalVariable>(Obj)) {
        if (!G->isConstant() && (Depth ? G->getValueType()->isAggregateType() : G->getValueType()->isArrayTy()) &&
            !isGuardedStatic(*G))
          Out.push_back({G, -1});
      } else if (isa<Argument>(Obj)) {
        if (!States.count(Obj) && Depth)
          Out.push_back({Obj, -1});
      } else if (auto *AI = dyn_cast<AllocaInst>(Obj)) {
        if (!bornIn(*AI, L) && (Depth || AI->getAllocatedType()->isArrayTy()))
          Out.push_back({AI, -1});
      } else if (auto *Load = dyn_cast<LoadInst>(Obj); Load && L->contains(Load) && Depth < 2) {
        // A pointer loaded in the loop from a member of an object that outlives it.
        auto [Base, Member] = fieldOf(Load->getPointerOperand(), DL);
        SmallVector<Root, 2> Owners;
        rootsOf(Base, L, Owners, Depth + 1);
        for (const Root &O : Owners)
          Out.push_back({O.Object, Member});
      } else if (auto *I = dyn_cast<Instruction>(Obj); I && !L->contains(I)) {
        Out.push_back({I, -1}); // set up before the loop: a local, a buffer allocated once
      }
    }
  }

  void note(const Value *Ptr, const Instruction &I, const Loop *L, bool Writes, bool Reads) {
    SmallVector<Root, 2> Roots;
    rootsOf(Ptr, L, Roots);
    for (const Root &Rt : Roots)
      Accesses[Rt].push_back({&I, Writes, Reads});
  }

  // v.clear() of a std::vector: its end pointer set to its begin pointer, the
  // one its elements hang off. libstdc++ skips the store when end already
  // equals begin; the branch that decides so is then where the container is
  // empty either way.
  void noteReset(const StoreInst &SI, const Loop *L) {
    auto *Begin = dyn_cast<LoadInst>(SI.getValueOperand());
    if (!Begin || !Begin->getType()->isPointerTy() || !L->contains(Begin))
      return;
    const DataLayout &DL = Opt.getDataLayout();
    auto [EndBase, EndOff] = fieldOf(SI.getPointerOperand(), DL);
    auto [BeginBase, BeginOff] = fieldOf(Begin->getPointerOperand(), DL);
    if (EndBase != BeginBase || EndOff == BeginOff)
      return;
    const Instruction *At = &SI;
    const BasicBlock *Pred = SI.getParent()->getSinglePredecessor();
    auto *Br = Pred ? dyn_cast<BranchInst>(Pred->getTerminator()) : nullptr;
    auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
    auto isEnd = [&](const Value *V) { // a load of the field the store writes
      auto *Ld = dyn_cast<LoadInst>(V);
      return Ld && fieldOf(Ld->getPointerOperand(), DL) == std::make_pair(EndBase, EndOff);
    };
    if (Cmp && Cmp->isEquality() &&
        ((Cmp->getOperand(0) == Begin && isEnd(Cmp->getOperand(1))) ||
         (Cmp->getOperand(1) == Begin && isEnd(Cmp->getOperand(0)))) &&
        Br->getSuccessor(Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 1 : 0) == SI.getParent())
      At = Br;
    SmallVector<Root, 2> Owners;
    rootsOf(EndBase, L, Owners, 1);
    for (const Root &O : Owners)
      for (int64_t Member : {EndOff, BeginOff})
        Resets[{O.Object, Member}].push_back(At);
  }

  std::string describe(const Root &Rt) const {
    if (auto *G = dyn_cast<GlobalVariable>(Rt.Object))
      return "'" + demangle(G->getName()) + "'";
    if (auto *A = dyn_cast<Argument>(Rt.Object))
      return "data passed to it (argument " + std::to_string(A->getArgNo() + 1) + ")";
    auto *I = cast<Instruction>(Rt.Object);
    const DILocation *L = outermost(I->getDebugLoc().get());
    // Not a line the audit made up for a compile without debug info.
    bool Real = L && L->getLine() && !L->getScope()->getSubprogram()->isArtificial();
    return Real ? "the data set up at line " + std::to_string(L->getLine()) + ", before the loop,"
                : "data set up before the loop";
  }

  // A counter's step (++stride): a store of the value loaded from the same
  // place plus a constant. The loop's bookkeeping (a sampler's countdown, a
  // ring's index), not data it works on.
  static bool isStep(const Instruction &I) {
    auto *SI = dyn_cast<StoreInst>(&I);
    return SI && !SI->getValueOperand()->getType()->isPointerTy() && stepOf(*SI);
  }

  // A write of the same value every iteration (a store or a memset of values
  // fixed in the loop: rocksdb's PinnableSlice::Reset() setting its cleanup
  // pointer and size to 0 after each use): what it leaves is the same at the
  // start of every iteration, not another case.
  bool writesSameValue(const Instruction &I) const {
    const Loop *L = LI.getLoopFor(I.getParent());
    if (!L)
      return false;
    L = L->getOutermostLoop();
    if (auto *SI = dyn_cast<StoreInst>(&I))
      return L->isLoopInvariant(SI->getValueOperand());
    auto *MS = dyn_cast<MemSetInst>(&I);
    return MS && L->isLoopInvariant(MS->getValue()) && L->isLoopInvariant(MS->getLength());
  }

public:
  CarriedWrites(Function &Opt, const TimedRegion &R) : Opt(Opt), R(R), DT(Opt), LI(DT) {
    for (Instruction &I : instructions(Opt))
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isStateMember(CB->getCalledFunction()) && CB->arg_size())
        States.insert(CB->getArgOperand(0)->stripPointerCasts());
  }

  SmallVector<CarriedWrite, 2> find() {
    for (Instruction &I : instructions(Opt)) {
      const Loop *L = LI.getLoopFor(I.getParent());
      if (!L || !R.Positions.count(positionOf(I.getDebugLoc())) || isStateMachinery(I))
        continue;
      L = L->getOutermostLoop();
      if (isa<StoreInst>(I) || (isa<CallBase>(I) && !cast<CallBase>(I).isInlineAsm()))
        FieldStepsOf.add(I, Steps);
      if (auto *SI = dyn_cast<StoreInst>(&I)) {
        note(SI->getPointerOperand(), I, L, true, false);
        noteReset(*SI, L);
      } else if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        note(Ld->getPointerOperand(), I, L, false, steersWork(*Ld));
      } else if (auto *CB = dyn_cast<CallBase>(&I); CB && !CB->isInlineAsm()) {
        // What a callee does through its pointer arguments: its attributes
        // (memcpy), else its body here (a sort's helpers). A callee that calls
        // code not in this translation unit (a parser's entry point) may do
        // anything: not counted.
        const Function *Callee = CB->getCalledFunction();
        if (!Callee || isMarker(I))
          continue;
        Effects E = effectsOf(*CB);
        if (!E.Known)
          continue;
        for (unsigned A = 0; A != CB->arg_size(); ++A)
          if (CB->getArgOperand(A)->getType()->isPointerTy() && !CB->doesNotAccessMemory(A)) {
            ArgumentUses::Use T = Args.of(*CB, A);
            note(CB->getArgOperand(A), I, L, E.Writes && T.Writes, E.Reads && !CB->onlyWritesMemory(A) && T.Steers);
          }
      }
    }
    SmallVector<CarriedWrite, 2> Out; // one finding per benchmark: the first object
    for (auto &[Rt, List] : Accesses) {
      const Instruction *FirstWrite = nullptr;
      for (const Access &A : List)
        if (A.Writes && !FirstWrite)
          FirstWrite = A.I;
      if (all_of(List, [&](const Access &A) { return !A.Writes || isStep(*A.I) || writesSameValue(*A.I); }))
        continue;
      // Removed from and added to every iteration at constant size (a FIFO,
      // a cache evicting its oldest entry): the churn is the workload.
      if (FieldSteps::churns(Steps, Rt.Object))
        continue;
      // A read that no write or emptying of the same iteration precedes sees
      // the previous iteration's data.
      const auto &Emptied = Resets[Rt];
      bool Carried =
          FirstWrite && any_of(List, [&](const Access &Rd) {
            return Rd.Reads &&
                   none_of(List, [&](const Access &W) { return W.Writes && W.I != Rd.I && DT.dominates(W.I, Rd.I); }) &&
                   none_of(Emptied, [&](const Instruction *At) { return DT.dominates(At, Rd.I); });
          });
      if (Carried) {
        Out.push_back({describe(Rt), FirstWrite});
        break;
      }
    }
    return Out;
  }
};

} // namespace

namespace {

// What the values written to a pointer slot (a vector's end pointer) are,
// relative to the slot's value when the iteration began.
struct Moves {
  bool Up = false;    // the slot's value plus a constant: an element appended
  bool Down = false;  // minus a constant: an element removed
  bool Fresh = false; // into a new allocation: the container reallocated
  bool Other = false; // anything else: another field's value (v.clear()), a value from elsewhere
  bool steps() const { return Up || Down; }
  bool grows() const { return Up && Fresh && !Down && !Other; }
};

class Growth {
  const Loop &L;
  const DataLayout &DL;
  function_ref<bool(const Value *)> IsSlot;
  SmallPtrSet<const Value *, 16> Seen;

public:
  Growth(const Loop &L, const DataLayout &DL, function_ref<bool(const Value *)> IsSlot)
      : L(L), DL(DL), IsSlot(IsSlot) {}

  // Offset: the constant bytes added on the way; Exact: no variable offset.
  void classify(const Value *V, Moves &M, int64_t Offset = 0, bool Exact = true, unsigned Depth = 0) {
    if (Depth > 12 || !Seen.insert(V).second)
      return;
    if (IsSlot(V)) {
      if (!Exact)
        M.Other = true;
      else if (Offset > 0)
        M.Up = true;
      else if (Offset < 0)
        M.Down = true;
      return;
    }
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      APInt C(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      bool Const = GEP->accumulateConstantOffset(DL, C);
      return classify(GEP->getPointerOperand(), M, Offset + (Const ? C.getSExtValue() : 0), Exact && Const, Depth + 1);
    }
    if (auto *Phi = dyn_cast<PHINode>(V); Phi && L.contains(Phi)) {
      for (const Value *In : Phi->incoming_values())
        classify(In, M, Offset, Exact, Depth + 1);
      return;
    }
    if (auto *Sel = dyn_cast<SelectInst>(V)) {
      classify(Sel->getTrueValue(), M, Offset, Exact, Depth + 1);
      classify(Sel->getFalseValue(), M, Offset, Exact, Depth + 1);
      return;
    }
    auto *CB = dyn_cast<CallBase>(V);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (Callee && isAllocationOrThrow(*Callee) && L.contains(CB))
      M.Fresh = true;
    else
      M.Other = true;
  }
};

} // namespace

GrowingData growingContainer(Function &Opt, const TimedRegion &R) {
  if (R.Pauses)
    return {}; // resets its data with the timers stopped
  DominatorTree DT(Opt);
  LoopInfo LI(DT);
  const DataLayout &DL = Opt.getDataLayout();
  GrowingData Grows;
  unsigned Stepping = 0; // slots that move by a constant
  auto Judge = [&](const Moves &M, const Instruction *At, bool Output = false) {
    Stepping += M.steps();
    if ((M.grows() || Output) && !Grows.At)
      Grows = {At, Output && !M.grows()};
  };
  for (const Loop *L : LI) {
    // Only the measurement loop (the one holding the body's code).
    if (none_of(L->blocks(), [&](const BasicBlock *BB) {
          return any_of(*BB, [&](const Instruction &I) {
            return R.Positions.count(positionOf(I.getDebugLoc())) && !isStateMachinery(I);
          });
        }))
      continue;
    // A slot in a register: a header phi, written by what comes back from the latch.
    for (const PHINode &Phi : L->getHeader()->phis()) {
      if (!Phi.getType()->isPointerTy())
        continue;
      Moves M;
      const Instruction *At = &Phi; // shown at the value written back, if it has a location
      auto IsSlot = [&](const Value *V) { return V == &Phi; };
      Growth G(*L, DL, IsSlot);
      for (unsigned I = 0; I != Phi.getNumIncomingValues(); ++I)
        if (L->contains(Phi.getIncomingBlock(I))) {
          G.classify(Phi.getIncomingValue(I), M);
          if (auto *In = dyn_cast<Instruction>(Phi.getIncomingValue(I)); In && In->getDebugLoc() && At == &Phi)
            At = In;
        }
      Judge(M, At);
    }
    // A slot in memory: a field of an object that outlives the loop.
    std::map<std::pair<const Value *, int64_t>, std::pair<Moves, const Instruction *>> Fields;
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &I : *BB) {
        auto *SI = dyn_cast<StoreInst>(&I);
        if (!SI || !SI->getValueOperand()->getType()->isPointerTy() || isStateMachinery(I))
          continue;
        auto Field = fieldOf(SI->getPointerOperand(), DL);
        auto *Owner = dyn_cast<Instruction>(getUnderlyingObject(Field.first));
        if (Owner && L->contains(Owner))
          continue; // an object of this iteration
        auto &[M, At] = Fields[Field];
        At = At ? At : SI;
        auto IsSlot = [&](const Value *V) {
          auto *Ld = dyn_cast<LoadInst>(V);
          return Ld && L->contains(Ld) && fieldOf(Ld->getPointerOperand(), DL) == Field;
        };
        Growth G(*L, DL, IsSlot);
        G.classify(SI->getValueOperand(), M);
      }
    // The code the loop calls out of line (not the State's): a write
    // position of a buffer that only moves forward, where every such call is
    // given the buffer (its overflow: a virtual call on a stream buffer), is
    // output appended; another call (a seekp() on the stream) may rewind it.
    SmallVector<const CallBase *, 4> OutOfLine;
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &I : *BB)
        if (auto *CB = dyn_cast<CallBase>(&I); CB && !CB->isInlineAsm() && !isMarker(I) && !isStateMachinery(I) &&
                                               (!CB->getCalledFunction() || CB->getCalledFunction()->isDeclaration()))
          OutOfLine.push_back(CB);
    for (auto &[Field, Slot] : Fields) {
      const Moves &M = Slot.first;
      bool Output = M.Up && !M.Down && !M.Other && !OutOfLine.empty() &&
                    all_of(OutOfLine, [&](const CallBase *CB) { return is_contained(CB->args(), Field.first); });
      Judge(M, Slot.second, Output);
    }
  }
  // Two slots moving (a queue's front and back): churn, or more than one container.
  return Stepping == 1 ? Grows : GrowingData();
}

SmallVector<CarriedWrite, 2> writesCarriedAcrossIterations(Function &Opt, const TimedRegion &R) {
  // Pausing the timers in the loop is how a benchmark restores its inputs.
  if (R.Pauses)
    return {};
  return CarriedWrites(Opt, R).find();
}

} // namespace steady
