//===- SinkMaximization.cpp - consume every dead value, minimally ---------===//
//
// AutoJMH's sink maximization in SSA terms. A value is live if it reaches a
// side effect (a store, a call that may write memory, a volatile access, the
// return value, a terminator); everything else is dead and the optimizer would
// delete it. In the graph of dead values (edge: value -> dead user), a value
// is kept alive by a sink on any value it reaches, so the minimal set of sinks
// is one per terminal strongly connected component: the tips (dead values no
// dead value uses) and one representative per dead cycle, such as an
// accumulator nobody reads.
//
// A loop-carried cycle is consumed once after its loop (its final value holds
// every iteration's work); a sink inside the loop would block vectorization and
// unrolling that the real code gets.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BuildLibCalls.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

namespace steady {

namespace {

// Math library calls (log, sqrt, ...) only write errno, which nobody reads, so
// clang deletes or shrink-wraps them when their result is unused. They are not
// annotated yet at the pipeline start (inferattrs runs later): ask LLVM what it
// will infer, on a scratch declaration, to leave the user's module untouched.
class LibCallEffects {
  const TargetLibraryInfo &TLI;
  DenseMap<const Function *, bool> OnlyErrno;

public:
  explicit LibCallEffects(const TargetLibraryInfo &TLI) : TLI(TLI) {}

  bool onlyWritesErrno(const CallBase &CB) {
    const Function *Callee = CB.getCalledFunction();
    LibFunc LF;
    if (!Callee || !Callee->isDeclaration() || !TLI.getLibFunc(*Callee, LF) || !TLI.has(LF))
      return false;
    auto [It, New] = OnlyErrno.try_emplace(Callee, false);
    if (New) {
      Module Scratch("steady.scratch", Callee->getContext());
      Function *Decl =
          Function::Create(Callee->getFunctionType(), GlobalValue::ExternalLinkage, Callee->getName(), Scratch);
      inferNonMandatoryLibFuncAttrs(*Decl, TLI);
      It->second = Decl->doesNotThrow() && Decl->willReturn() && Decl->getMemoryEffects().onlyAccessesErrnoMem();
    }
    return It->second && !CB.hasOperandBundles();
  }
};

bool isRoot(const Instruction &I, LibCallEffects &Lib) {
  if (auto *CB = dyn_cast<CallBase>(&I); CB && Lib.onlyWritesErrno(*CB))
    return false;
  return I.isTerminator() || I.mayHaveSideEffects() || I.isEHPad();
}

// A call that stays (it may write memory) but whose result the optimizer can
// still delete once it sees the callee: `sum(data);`, `v.size();`. Its result
// is a dead value like any other. Calls into other translation units and
// library calls that write memory keep their work whatever happens to their
// result, so consuming it would only add remarks.
bool hasDiscardableResult(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || CB.isInlineAsm() || isa<IntrinsicInst>(CB) || CB.getType()->isVoidTy() || CB.getType()->isTokenTy() ||
      isSteadyPrimitive(CB))
    return false;
  // A method of a local object that returns a reference (`++it`, `s += x`)
  // returns *this: consuming it would make the local escape.
  if (CB.getType()->isPointerTy() && CB.arg_size() && isa<AllocaInst>(CB.getArgOperand(0)->stripPointerCasts()))
    return false;
  return !Callee->isDeclaration() || Callee->onlyReadsMemory();
}

// Values that are not computations the optimizer could delete.
bool isCandidate(const Instruction &I) {
  return !I.getType()->isVoidTy() && !I.getType()->isTokenTy() && !isa<AllocaInst>(I) && !I.isEHPad();
}

// Tarjan's algorithm over the dead-value graph, iteratively.
class DeadSCCs {
  const SetVector<Instruction *> &Dead;
  DenseMap<Instruction *, unsigned> Index, Low;
  SmallVector<Instruction *, 16> Stack;
  DenseMap<Instruction *, bool> OnStack;
  unsigned Next = 0;

public:
  SmallVector<SmallVector<Instruction *, 4>, 8> SCCs;
  explicit DeadSCCs(const SetVector<Instruction *> &Dead) : Dead(Dead) {
    for (Instruction *I : Dead)
      if (!Index.count(I))
        visit(I);
  }

private:
  void visit(Instruction *Root) {
    struct Frame {
      Instruction *I;
      Value::user_iterator It;
    };
    SmallVector<Frame, 16> Work;
    auto Enter = [&](Instruction *I) {
      Index[I] = Low[I] = Next++;
      Stack.push_back(I);
      OnStack[I] = true;
      Work.push_back({I, I->user_begin()});
    };
    Enter(Root);
    while (!Work.empty()) {
      Frame &Fr = Work.back();
      if (Fr.It != Fr.I->user_end()) {
        auto *U = dyn_cast<Instruction>(*Fr.It++);
        if (!U || !Dead.contains(U))
          continue;
        if (!Index.count(U))
          Enter(U);
        else if (OnStack[U])
          Low[Fr.I] = std::min(Low[Fr.I], Index[U]);
        continue;
      }
      Instruction *I = Fr.I;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().I] = std::min(Low[Work.back().I], Low[I]);
      if (Low[I] == Index[I]) {
        SmallVector<Instruction *, 4> SCC;
        Instruction *M;
        do {
          M = Stack.pop_back_val();
          OnStack[M] = false;
          SCC.push_back(M);
        } while (M != I);
        SCCs.push_back(std::move(SCC));
      }
    }
  }
};

// The outermost loop whose header phi belongs to the cycle: the cycle carries
// a value across that loop's iterations, so the loop's exits see its final state.
Loop *carryingLoop(ArrayRef<Instruction *> SCC, LoopInfo &LI) {
  Loop *Best = nullptr;
  for (Instruction *I : SCC) {
    if (!isa<PHINode>(I))
      continue;
    Loop *L = LI.getLoopFor(I->getParent());
    if (!L || L->getHeader() != I->getParent())
      continue;
    if (!Best || L->getLoopDepth() < Best->getLoopDepth())
      Best = L;
  }
  return Best;
}

// An empty C++ class (std::allocator, a tag) has nothing to observe.
bool isEmptyClass(const AllocaInst &AI) {
  auto Size = AI.getAllocationSize(AI.getDataLayout());
  return isa<StructType>(AI.getAllocatedType()) && Size && *Size <= 1;
}

} // namespace

std::string describe(const Instruction &I) {
  std::string S;
  raw_string_ostream OS(S);
  if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction())
    OS << "result of '" << demangle(CB->getCalledFunction()->getName()) << "'";
  else
    OS << "'" << I.getOpcodeName() << "'";
  OS << " (";
  I.getType()->print(OS);
  OS << ")";
  return S;
}

SinkCover computeSinkCover(Function &F, LoopInfo &LI, const TargetLibraryInfo &TLI, bool DiscardedResults) {
  LibCallEffects Lib(TLI);
  SmallPtrSet<Instruction *, 32> Live;
  SmallVector<Instruction *, 64> Work;
  // A root's operands are live; its own value only if a live user reads it
  // (a call's discarded result is dead although the call stays).
  // A struct copy (memcpy with !tbaa.struct) split by SROA loads each field
  // with its TBAA tag and the padding with none: an untagged dead load next
  // to tagged loads of the same object in its block is that padding, which
  // nobody reads. Sinking it would add a load GB's loop does not have
  // (absl::Duration's 4 bytes in `lhs *= rhs; return lhs;`): it and its
  // address are left to the optimizer, as if used.
  const DataLayout &DL = F.getDataLayout();
  auto Base = [&](const LoadInst &L) {
    APInt Offset(DL.getIndexTypeSizeInBits(L.getPointerOperandType()), 0);
    return L.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset, true);
  };
  auto PaddingCopy = [&](const Instruction &I) {
    auto *L = dyn_cast<LoadInst>(&I);
    if (!L || !L->isSimple() || !L->use_empty() || L->hasMetadata(LLVMContext::MD_tbaa))
      return false;
    const Value *B = Base(*L);
    return any_of(*L->getParent(), [&](const Instruction &J) {
      auto *Field = dyn_cast<LoadInst>(&J);
      return Field && Field->hasMetadata(LLVMContext::MD_tbaa) && Base(*Field) == B;
    });
  };
  for (Instruction &I : instructions(F)) {
    if (!isRoot(I, Lib) && !PaddingCopy(I))
      continue;
    auto *CB = dyn_cast<CallBase>(&I);
    if (CB && DiscardedResults && hasDiscardableResult(*CB))
      Work.push_back(&I);
    else if (Live.insert(&I).second)
      Work.push_back(&I);
  }
  SmallPtrSet<Instruction *, 32> Visited;
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!Visited.insert(I).second)
      continue;
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op); OpI && Live.insert(OpI).second)
        Work.push_back(OpI);
  }

  SetVector<Instruction *> Dead;
  for (Instruction &I : instructions(F))
    if (!Live.count(&I) && isCandidate(I))
      Dead.insert(&I);

  SinkCover Cover;
  Cover.Dead.assign(Dead.begin(), Dead.end());
  DeadSCCs Graph(Dead);
  DenseMap<Instruction *, unsigned> SCCOf;
  for (unsigned N = 0; N != Graph.SCCs.size(); ++N)
    for (Instruction *I : Graph.SCCs[N])
      SCCOf[I] = N;

  // Tarjan emits SCCs in reverse topological order; walk them in program order
  // of their first member instead so that output is stable and readable.
  for (Instruction *I : Dead) {
    unsigned N = SCCOf[I];
    auto &SCC = Graph.SCCs[N];
    if (SCC.empty())
      continue; // already handled through another member
    bool Terminal = true, SelfLoop = false;
    for (Instruction *M : SCC)
      for (User *U : M->users())
        if (auto *UI = dyn_cast<Instruction>(U); UI && Dead.contains(UI)) {
          if (SCCOf[UI] != N)
            Terminal = false;
          else if (UI == M)
            SelfLoop = true;
        }
    bool IsCycle = SCC.size() > 1 || SelfLoop;
    if (IsCycle) {
      SmallVector<Instruction *, 4> InOrder;
      for (Instruction *D : Dead)
        if (SCCOf[D] == N)
          InOrder.push_back(D);
      Cover.Cycles.push_back(InOrder);
    }
    if (Terminal) {
      Loop *After = IsCycle ? carryingLoop(SCC, LI) : nullptr;
      Cover.Sites.push_back({I, After});
    }
    SCC.clear();
  }
  return Cover;
}

ArrayRef<Instruction *> SinkCover::members(const SinkSite &S) const {
  for (const auto &Cycle : Cycles)
    if (is_contained(Cycle, S.V))
      return Cycle;
  return ArrayRef<Instruction *>(S.V);
}

Instruction *SinkCover::reported(const SinkSite &S) const {
  // The computation the user wrote, not the phi that carries it; one with a
  // source location if there is one.
  Instruction *Best = S.V;
  for (Instruction *M : members(S)) {
    if (isa<PHINode>(M))
      continue;
    if (M->getDebugLoc())
      return M;
    if (isa<PHINode>(Best))
      Best = M;
  }
  return Best;
}

void SinkCover::print(raw_ostream &OS) const {
  OS << "  dead values: " << Dead.size() << "\n";
  for (const auto &Cycle : Cycles) {
    OS << "  dead cycle:";
    for (Instruction *I : Cycle) {
      OS << " ";
      I->printAsOperand(OS, false);
    }
    OS << "\n";
  }
  for (const SinkSite &S : Sites) {
    OS << "  sink ";
    S.V->printAsOperand(OS, false);
    if (S.After)
      OS << " after loop " << S.After->getHeader()->getName();
    else
      OS << " in place";
    OS << "\n";
  }
}

void emitSink(IRBuilderBase &B, Value *V) {
  Type *Ty = V->getType();
  Triple TT(getTargetTriple(*B.GetInsertBlock()->getModule()));
  auto Asm = [&](Value *Op, StringRef Constraint) {
    auto *FTy = FunctionType::get(B.getVoidTy(), {Op->getType()}, false);
    B.CreateCall(InlineAsm::get(FTy, "", Constraint, /*hasSideEffects=*/true), {Op});
  };
  if (auto *STy = dyn_cast<StructType>(Ty)) {
    for (unsigned I = 0; I != STy->getNumElements(); ++I)
      emitSink(B, B.CreateExtractValue(V, I));
    return;
  }
  if (auto *ATy = dyn_cast<ArrayType>(Ty)) {
    for (unsigned I = 0; I != ATy->getNumElements(); ++I)
      emitSink(B, B.CreateExtractValue(V, I));
    return;
  }
  unsigned Bits = Ty->getPrimitiveSizeInBits().getKnownMinValue();
  bool FPReg =
      Ty->isFloatTy() || Ty->isDoubleTy() ||
      (isa<FixedVectorType>(Ty) && !Ty->getScalarType()->isIntegerTy(1) && (Bits == 64 || Bits == 128 || Bits == 256));
  if ((Ty->isIntegerTy() && Bits <= 64) || Ty->isPointerTy()) {
    Asm(V, "r");
    return;
  }
  if (FPReg && TT.isX86()) {
    Asm(V, "x");
    return;
  }
  if (FPReg && TT.isAArch64()) {
    Asm(V, "w");
    return;
  }
  // Anything else (x87 long double, i128, masks, other targets' FP): spill
  // once and escape the slot. Not zero-cost, but rare and still correct.
  IRBuilder<> Entry(&*B.GetInsertBlock()->getParent()->getEntryBlock().getFirstInsertionPt());
  AllocaInst *Slot = Entry.CreateAlloca(Ty, nullptr, "steady.sink.slot");
  B.CreateStore(V, Slot);
  emitEscape(B, Slot);
}

void emitEscape(IRBuilderBase &B, Value *Ptr) {
  auto *FTy = FunctionType::get(B.getVoidTy(), {Ptr->getType()}, false);
  B.CreateCall(InlineAsm::get(FTy, "", "r,~{memory}", /*hasSideEffects=*/true), {Ptr});
}

unsigned insertSinks(Function &, const SinkCover &Cover, DominatorTree &DT, LoopInfo &LI,
                     OptimizationRemarkEmitter *ORE) {
  unsigned Count = 0;
  for (const SinkSite &S : Cover.Sites) {
    Instruction *V = S.V;
    ArrayRef<Instruction *> Members = Cover.members(S);
    Instruction *Shown = Cover.reported(S);
    auto Remark = [&](const Twine &Where) {
      ++Count;
      if (ORE)
        ORE->emit([&] {
          return OptimizationRemark(DEBUG_TYPE, "Sink", Shown)
                 << "dead " << describe(*Shown) << " is consumed by an opaque sink " << Where.str();
        });
    };
    auto SinkInPlace = [&] {
      BasicBlock *BB = V->getParent();
      BasicBlock::iterator At = isa<PHINode>(V) ? BB->getFirstInsertionPt() : std::next(V->getIterator());
      // An invoke's result exists on its normal edge only.
      if (auto *II = dyn_cast<InvokeInst>(V)) {
        BB = II->getNormalDest();
        if (!BB->getSinglePredecessor())
          return; // reached from elsewhere too: the result does not dominate it
        At = BB->getFirstInsertionPt();
      }
      if (At == BB->end())
        return; // a phi in a catchswitch block: nowhere to put an instruction
      IRBuilder<> B(BB, At);
      B.SetCurrentDebugLocation(Shown->getDebugLoc());
      emitSink(B, V);
      Remark(LI.getLoopFor(V->getParent()) ? "inside its loop (it is recomputed every iteration)"
                                           : "where it is computed");
    };
    if (!S.After) {
      SinkInPlace();
      continue;
    }
    // Exits reached only from the loop, so each sees one final value per
    // exiting edge: the latest member of the cycle that dominates the edge.
    // Exits that are exception handlers cannot take a phi before their pad,
    // and exits that cannot be made dedicated (indirectbr) have no final
    // value: such a cycle is consumed where it is computed instead.
    Loop *L = S.After;
    SmallVector<BasicBlock *, 4> Exits;
    L->getUniqueExitBlocks(Exits);
    if (any_of(Exits, [](BasicBlock *BB) { return BB->isEHPad(); })) {
      SinkInPlace();
      continue;
    }
    formDedicatedExitBlocks(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
    Exits.clear();
    L->getUniqueExitBlocks(Exits);
    SmallVector<SmallVector<std::pair<BasicBlock *, Instruction *>, 2>, 4> Incoming;
    for (BasicBlock *Exit : Exits) {
      auto &In = Incoming.emplace_back();
      for (BasicBlock *Pred : predecessors(Exit)) {
        Instruction *Latest = nullptr;
        for (Instruction *M : Members)
          if (DT.dominates(M, Pred->getTerminator()) && (!Latest || DT.dominates(Latest, M)))
            Latest = M;
        In.push_back({Pred, Latest});
      }
    }
    if (any_of(Incoming,
               [](const auto &In) { return any_of(In, [](const auto &P) { return P.second == nullptr; }); })) {
      SinkInPlace();
      continue;
    }
    for (std::size_t E = 0; E != Exits.size(); ++E) {
      IRBuilder<> B(Exits[E], Exits[E]->getFirstInsertionPt());
      B.SetCurrentDebugLocation(Shown->getDebugLoc());
      PHINode *Final = B.CreatePHI(V->getType(), Incoming[E].size(), "steady.final");
      for (auto [Pred, Latest] : Incoming[E])
        Final->addIncoming(Latest, Pred);
      emitSink(B, Final);
    }
    Remark("after the loop");
  }
  return Count;
}

namespace {

// How a local object is used, to tell a value from a buffer. A value without
// a destructor (absl::Duration built by MakeDuration and returned in
// registers, an absl::string_view passed in registers) is loaded whole after
// its last write into values the function uses: nothing written to it is
// dead, the sinks protect what those values feed, and an escape would only
// force it through memory (a branch and two stores in absl::Hours' protected
// clone instead of GB's cmov; two stores per ParseDuration call).
struct LocalObjectUses {
  SmallVector<Instruction *, 4> Writes;
  SmallVector<LoadInst *, 4> Loads;
  SmallPtrSet<Instruction *, 4> Observers; // benchmark::DoNotOptimize(obj), steady::sink(obj)
  bool Other = false;                      // its address stored or merged, or an unknown use

  static bool observes(const CallBase &CB) {
    const Function *Callee = CB.getCalledFunction();
    if (!Callee)
      return false;
    CxxName N = CxxName::of(*Callee);
    return (N.Context == "benchmark" && N.Base == "DoNotOptimize") || (N.Context == "steady" && N.Base == "sink");
  }

  // Google Benchmark's DoNotOptimize (or steady::sink) on the object, or on
  // a pointer into it or read from it (`DoNotOptimize(fa.data())`), after its
  // last write on the straight path to At (At's block and its chain of single
  // predecessors: an invoke splits the block) already makes it observable
  // with a memory clobber: an escape at At would add a clobber of its own (a
  // load of Duration's padding kept in abseil's Factory_DoubleHours;
  // FixedArray's size and pointer kept in memory, 3-4 instructions per
  // iteration of abseil's BM_FixedArray<SimpleClass, 16>).
  bool observedAt(Instruction &At) const {
    SmallPtrSet<const BasicBlock *, 8> Seen;
    const BasicBlock *BB = At.getParent();
    const Instruction *I = At.getPrevNode();
    while (Seen.insert(BB).second) {
      for (; I; I = I->getPrevNode()) {
        if (Observers.count(I))
          return true;
        if (is_contained(Writes, I))
          return false;
      }
      if (!(BB = BB->getSinglePredecessor()))
        return false;
      I = BB->getTerminator();
    }
    return false;
  }

  // Every write is followed, in its block and before the next write, by
  // loads of the whole object (its tail padding aside: Duration's 12 bytes of
  // fields in 16) whose values are used.
  bool readWhole(const AllocaInst &AI) const {
    if (Other || Writes.empty())
      return false;
    const DataLayout &DL = AI.getDataLayout();
    auto Size = AI.getAllocationSize(DL);
    if (!Size || Size->isScalable())
      return false;
    for (Instruction *W : Writes) {
      SmallVector<std::pair<uint64_t, uint64_t>, 4> Bytes; // [begin, end) of each load
      for (Instruction *I = W->getNextNode(); I && !is_contained(Writes, I); I = I->getNextNode()) {
        auto *L = dyn_cast<LoadInst>(I);
        if (!L || !is_contained(Loads, L))
          continue;
        // A pointer field is fine: an object without a destructor owns
        // nothing (absl::string_view); what it points to is the payload's.
        if (L->use_empty() || L->getType()->isAggregateType())
          return false;
        APInt Offset(DL.getIndexTypeSizeInBits(L->getPointerOperandType()), 0);
        TypeSize LSize = DL.getTypeStoreSize(L->getType());
        if (L->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset, true) != &AI || Offset.isNegative() ||
            LSize.isScalable())
          return false;
        Bytes.push_back({Offset.getZExtValue(), Offset.getZExtValue() + LSize.getFixedValue()});
      }
      sort(Bytes);
      uint64_t Covered = 0;
      for (auto [Begin, End] : Bytes)
        if (Begin <= Covered) // else a hole: bytes written and never read
          Covered = std::max(Covered, End);
      if (alignTo(Covered, AI.getAlign()) < Size->getFixedValue())
        return false;
    }
    return true;
  }
};

} // namespace

// The object a pointer value comes from: an address in it, a pointer read
// from it (its heap buffer), or what a call on it alone returns (an accessor:
// FixedArray::data()); null otherwise.
static const AllocaInst *pointerFrom(const Value *V) {
  V = V->stripInBoundsOffsets();
  if (auto *AI = dyn_cast<AllocaInst>(V))
    return AI;
  if (auto *L = dyn_cast<LoadInst>(V))
    return dyn_cast<AllocaInst>(L->getPointerOperand()->stripInBoundsOffsets());
  auto *CB = dyn_cast<CallBase>(V);
  if (!CB || CB->isInlineAsm())
    return nullptr;
  const AllocaInst *Of = nullptr;
  for (const Value *Arg : CB->args()) {
    if (!Arg->getType()->isPointerTy())
      continue;
    auto *A = dyn_cast<AllocaInst>(Arg->stripInBoundsOffsets());
    if (!A || (Of && Of != A))
      return nullptr; // another object, or memory of unknown origin
    Of = A;
  }
  return Of;
}

// DoNotOptimize(p) / sink(p) where p is a temporary holding one pointer
// derived from a local object (pointerFrom): the calls that observe each
// such object.
static DenseMap<const AllocaInst *, SmallVector<Instruction *, 2>> observersThroughPointers(Function &F) {
  DenseMap<const AllocaInst *, SmallVector<Instruction *, 2>> Out;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || CB->arg_size() != 1 || !LocalObjectUses::observes(*CB))
      continue;
    auto *Tmp = dyn_cast<AllocaInst>(CB->getArgOperand(0)->stripPointerCasts());
    if (!Tmp)
      continue;
    const StoreInst *Only = nullptr;
    bool Plain = true;
    for (const User *U : Tmp->users()) {
      if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == Tmp && !Only)
        Only = SI;
      else if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        continue;
      else
        Plain &= U == CB;
    }
    if (Plain && Only && Only->getValueOperand()->getType()->isPointerTy())
      if (const AllocaInst *Of = pointerFrom(Only->getValueOperand()))
        Out[Of].push_back(CB);
  }
  return Out;
}

unsigned escapeLocalObjects(Function &F, OptimizationRemarkEmitter *ORE, const ProtectedScope *Scope) {
  auto InScope = [&](const Instruction &I) { return !Scope || Scope->contains(I); };
  unsigned Count = 0;
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !AI->getName().starts_with("steady.") && !isEmptyClass(*AI))
      Allocas.push_back(AI);
  const auto ThroughPointers = observersThroughPointers(F);

  for (AllocaInst *AI : Allocas) {
    bool Written = false;
    SmallVector<Instruction *, 4> Ends, Dtors;
    LocalObjectUses Uses;
    SmallVector<Value *, 8> Ptrs{AI};
    SmallPtrSet<Value *, 8> Seen{AI};
    while (!Ptrs.empty()) {
      Value *P = Ptrs.pop_back_val();
      for (User *U : P->users()) {
        auto *UI = dyn_cast<Instruction>(U);
        if (!UI)
          continue;
        if (auto *II = dyn_cast<IntrinsicInst>(UI); II && II->isLifetimeStartOrEnd()) {
          if (II->getIntrinsicID() == Intrinsic::lifetime_end)
            Ends.push_back(II);
        } else if (isa<GetElementPtrInst>(UI) || isa<BitCastInst>(UI) || isa<AddrSpaceCastInst>(UI) ||
                   isa<PHINode>(UI) || isa<SelectInst>(UI)) {
          if (Seen.insert(UI).second)
            Ptrs.push_back(UI);
          Uses.Other |= !isa<GetElementPtrInst>(UI); // a merged pointer: offsets unknown
        } else if (auto *SI = dyn_cast<StoreInst>(UI)) {
          Written |= InScope(*UI); // written to, or its address stored somewhere
          Uses.Writes.push_back(UI);
          Uses.Other |= SI->getValueOperand() == P; // the address escapes
        } else if (auto *LI = dyn_cast<LoadInst>(UI)) {
          Uses.Loads.push_back(LI);
        } else if (auto *CB = dyn_cast<CallBase>(UI)) {
          if (CB->isInlineAsm())
            continue;
          for (unsigned I = 0; I != CB->arg_size(); ++I)
            if (CB->getArgOperand(I) == P && !CB->onlyReadsMemory(I)) {
              Written |= InScope(*CB);
              Uses.Writes.push_back(CB);
            }
          if (LocalObjectUses::observes(*CB))
            Uses.Observers.insert(CB);
          const Function *Callee = CB->getCalledFunction();
          if (P == AI && Callee && CB->arg_size() && CB->getArgOperand(0) == AI && CxxName::of(*Callee).IsDestructor)
            Dtors.push_back(CB);
        } else {
          Uses.Other = true;
        }
      }
    }
    // A scalar (a temporary passed by reference: `m.find(7)`) is an input,
    // and a pointer-sized object without a destructor is a handle (an
    // iterator): what it points to is the payload's data, not its own, and
    // making it escape would keep it in memory through the loops it drives.
    auto Size = AI->getAllocationSize(AI->getDataLayout());
    Type *Ty = AI->getAllocatedType();
    bool Handle = Ty->isSingleValueType() ||
                  (Dtors.empty() && Size && !Size->isScalable() &&
                   Size->getFixedValue() <= AI->getDataLayout().getPointerSize() && isa<StructType>(Ty));
    if (!Written || Handle || AI->isArrayAllocation() || (Dtors.empty() && Uses.readWhole(*AI)))
      continue;
    // The object's life ends at its destructor (which may free what it owns),
    // else at its lifetime end, else when the payload returns.
    SmallVector<Instruction *, 4> At = !Dtors.empty() ? Dtors : Ends;
    if (At.empty())
      for (BasicBlock &BB : F)
        if (isa<ReturnInst>(BB.getTerminator()))
          At.push_back(BB.getTerminator());
    if (auto It = ThroughPointers.find(AI); It != ThroughPointers.end())
      Uses.Observers.insert(It->second.begin(), It->second.end());
    erase_if(At, [&](Instruction *I) { return Uses.observedAt(*I); });
    if (At.empty())
      continue;
    for (Instruction *I : At) {
      IRBuilder<> B(I);
      emitEscape(B, AI);
    }
    ++Count;
    // Allocas carry no location; the escape point (destructor, scope end) does.
    if (ORE)
      ORE->emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Escape", At.front())
               << "local object written by the payload escapes at the end of its lifetime";
      });
  }
  return Count;
}

} // namespace steady
