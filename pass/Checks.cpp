//===- Checks.cpp - one judge per defect ----------------------------------===//
//
// The checks the compile-time findings and the audit share (Checks.h), and
// the predicates they are built from (Protect.h): what a sink, a marker, work
// and costly work are; the literals a result depends on; the data a payload
// writes and reads again.
//
//===----------------------------------------------------------------------===//
#include "Checks.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "DataUse.h"
#include "Protect.h"
#include "SteadyPass.h"
#include "TimedLoop.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

namespace steady {

bool isSink(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !CB->isInlineAsm())
    return false;
  auto *Asm = cast<InlineAsm>(CB->getCalledOperand());
  return Asm->hasSideEffects() && Asm->getAsmString().empty() && CB->arg_size() == 1 && CB->getType()->isVoidTy();
}

bool callsFold(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && isSteadyPrimitive(*CB) && CxxName::of(*CB->getCalledFunction()).Base == "fold")
      return true;
  return false;
}

bool isMarker(const Instruction &I) {
  return I.isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(I) || isa<AssumeInst>(I);
}

unsigned workOf(const Function &F) {
  unsigned N = 0;
  for (const Instruction &I : instructions(F)) {
    if (isa<ReturnInst>(I) || isa<PHINode>(I) || isSink(I) || isMarker(I))
      continue;
    if (auto *BI = dyn_cast<BranchInst>(&I); BI && BI->isUnconditional())
      continue;
    ++N;
  }
  return N;
}

// Address and bound arithmetic is not costly.
bool isCostly(const Instruction &I) {
  if (auto *CB = dyn_cast<CallBase>(&I))
    return !CB->isInlineAsm() && !isMarker(I);
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::Mul:
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return true;
  default:
    return false;
  }
}

unsigned weightOf(const Instruction &I, unsigned Depth) {
  // A call of unknown cost (a library's maths function, code in another
  // translation unit) counts as much as a division chain; not as nothing.
  constexpr unsigned Call = 20, Divide = 10;
  if (isMarker(I) || isa<PHINode>(I) || isa<BranchInst>(I) || isa<ReturnInst>(I) || isa<UnreachableInst>(I))
    return 0;
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (CB->isInlineAsm())
      return 0;
    const Function *Callee = CB->getCalledFunction();
    if (Callee && Callee->isIntrinsic())
      return I.getType()->isFPOrFPVectorTy() ? Call : 1;
    if (!Callee || Callee->isDeclaration() || Depth >= 2)
      return Call;
    unsigned N = 0;
    for (const Instruction &J : instructions(*Callee))
      if (N += weightOf(J, Depth + 1); N >= 10 * Call)
        break;
    return std::max(N, 1u);
  }
  switch (I.getOpcode()) {
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return Divide;
  default:
    return 1;
  }
}

bool isAllocationOrThrow(const Function &F) {
  StringRef N = F.getName();
  return N.starts_with("_Znw") || N.starts_with("_Zna") || N.starts_with("_Zdl") || N.starts_with("_Zda") ||
         N.starts_with("__cxa_") || N.starts_with("_ZSt20__throw") || N == "malloc" || N == "free";
}

bool isColdPath(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  return isa<UnreachableInst>(I.getParent()->getTerminator()) || (CB && CB->doesNotReturn());
}

MDNode *constantInputsOf(Function &F) {
  SmallVector<Instruction *, 32> Work;
  for (Instruction &I : instructions(F)) {
    Value *Out = nullptr;
    if (auto *Ret = dyn_cast<ReturnInst>(&I))
      Out = Ret->getReturnValue();
    else if (isSink(I))
      Out = cast<CallBase>(I).getArgOperand(0);
    if (auto *OI = dyn_cast_or_null<Instruction>(Out))
      Work.push_back(OI);
  }
  return literalsReaching(Work, F.getContext());
}

MDNode *literalsReaching(ArrayRef<Instruction *> Roots, LLVMContext &C, bool ConstantCalls) {
  SmallVector<Metadata *, 4> Inputs;
  SmallPtrSet<Value *, 32> Seen;
  SmallVector<Instruction *, 32> Work(Roots);
  auto Record = [&](StringRef What, const Instruction &At) {
    Inputs.push_back(MDNode::get(C, {MDString::get(C, What), At.getDebugLoc().getAsMDNode()}));
  };
  while (!Work.empty() && Inputs.size() < 3) {
    Instruction *I = Work.pop_back_val();
    if (!Seen.insert(I).second || isa<AllocaInst>(I) || isa<GetElementPtrInst>(I))
      continue;
    // A call with no argument that varies or is a literal (absl::InfiniteFuture())
    // computes from constants of its own: named as the constant it stands for.
    if (auto *CB = dyn_cast<CallBase>(I);
        ConstantCalls && CB && CB->getCalledFunction() && !CB->getCalledFunction()->isIntrinsic() &&
        all_of(CB->args(),
               [](const Value *A) { return isa<Constant>(A) && !isa<ConstantInt>(A) && !isa<ConstantFP>(A); }))
      Record("a call of '" + userName(*CB->getCalledFunction()) + "()'", *I);
    for (Value *Op : I->operands()) {
      if (auto *OpI = dyn_cast<Instruction>(Op))
        Work.push_back(OpI);
      auto *CI = dyn_cast<ConstantInt>(Op);
      auto *CF = dyn_cast<ConstantFP>(Op);
      bool Trivial = CI ? (CI->getBitWidth() == 1 || CI->getValue().abs().ule(1))
                        : (!CF || CF->isZero() || CF->isExactlyValue(1.0));
      if (Trivial || !Seen.insert(Op).second)
        continue;
      std::string S;
      raw_string_ostream OS(S);
      if (CI)
        OS << CI->getValue();
      else
        OS << format("%g", CF->getValueAPF().convertToDouble());
      Record(S, *I);
    }
    if (auto *Phi = dyn_cast<PHINode>(I)) {
      SmallVector<BasicBlock *, 4> Deciders(Phi->blocks());
      Deciders.push_back(Phi->getParent());
      for (BasicBlock *BB : Deciders)
        if (auto *BI = dyn_cast<BranchInst>(BB->getTerminator()); BI && BI->isConditional())
          if (auto *Cond = dyn_cast<Instruction>(BI->getCondition()))
            Work.push_back(Cond);
    }
  }
  return MDNode::get(C, Inputs);
}

// A function-local static is written once, by its guarded initialisation.
bool isGuardedStatic(const GlobalVariable &G) {
  return G.getName().starts_with("_ZZ") && G.getParent()->getNamedGlobal(("_ZGV" + G.getName().drop_front(2)).str());
}

namespace {

// The object a pointer points into, for mutation: a global (directly, or
// through a pointer loaded from it: the buffer of a global std::vector), or
// the payload's fixture (its `this`), keyed by the member the data hangs off.
struct Root {
  const Value *Object = nullptr; // GlobalVariable or the `this` Argument
  int64_t Member = -1;           // offset of the member holding the pointer, or -1
  bool operator<(const Root &O) const { return std::tie(Object, Member) < std::tie(O.Object, O.Member); }
};

void rootsOf(const Value *Ptr, const Argument *This, SmallVectorImpl<Root> &Out, unsigned Depth = 0) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects);
  const DataLayout &DL = cast<Instruction>(Ptr)->getDataLayout();
  for (const Value *Obj : Objects) {
    if (auto *G = dyn_cast<GlobalVariable>(Obj)) {
      if (!G->isConstant())
        Out.push_back({G, -1});
    } else if (auto *Load = dyn_cast<LoadInst>(Obj); Load && Depth < 2) {
      const Value *From = Load->getPointerOperand();
      auto [Base, Member] = fieldOf(From, DL);
      if (This && Base == This)
        Out.push_back({This, Member}); // a pointer member of the fixture
      else if (isa<Instruction>(From))
        rootsOf(From, This, Out, Depth + 1);
      else if (auto *G = dyn_cast<GlobalVariable>(From); G && !G->isConstant())
        Out.push_back({G, -1});
    } else if (This && Obj == This && Depth == 0) {
      // The fixture itself at a variable offset: an array member, indexed.
      if (fieldOf(Ptr, DL).first != This)
        Out.push_back({This, -1});
    }
  }
}

} // namespace

bool fixtureRestores(const Function &Payload) {
  StringRef Class = Payload.getName();
  if (!Class.consume_front("_ZN") || !Class.consume_back("7payloadEv"))
    return false;
  const GlobalVariable *VTable = Payload.getParent()->getNamedGlobal(("_ZTVN" + Class + "E").str());
  if (!VTable || !VTable->hasInitializer())
    return false;
  SmallVector<const Constant *, 16> Work{VTable->getInitializer()};
  while (!Work.empty()) {
    const Constant *C = Work.pop_back_val();
    if (auto *Fn = dyn_cast<Function>(C->stripPointerCasts())) {
      CxxName N = CxxName::of(*Fn);
      if (N.Context != "steady::Fixture" &&
          is_contained({"setup_invocation", "teardown_invocation", "reset_every"}, StringRef(N.Base)))
        return true;
      continue;
    }
    for (const Use &Op : C->operands())
      if (auto *OC = dyn_cast<Constant>(Op.get()))
        Work.push_back(OC);
  }
  return false;
}

namespace {

// The fixture a STEADY_BENCH_F payload runs on, its `this`, unless the fixture
// restores its state between invocations. A GoogleTest body runs on a fresh
// fixture every invocation (steady gtest makes one per invocation, as
// GoogleTest does per test): what it changes there is gone by the next.
const Argument *fixtureOf(Function &F) {
  if (F.arg_size() != 1 || !F.getArg(0)->getType()->isPointerTy() || fixtureRestores(F) || isTestBody(F))
    return nullptr;
  return F.getArg(0);
}

} // namespace

SmallVector<Mutation, 2> mutatedInputs(Function &F) {
  const Argument *This = fixtureOf(F);
  std::map<Root, Instruction *> Written;
  std::set<Root> Read;
  auto Note = [&](Value *Ptr, Instruction &I, bool Writes, bool Reads) {
    if (!isa<Instruction>(Ptr) && !isa<Argument>(Ptr) && !isa<GlobalVariable>(Ptr))
      return;
    SmallVector<Root, 2> Roots;
    if (isa<Instruction>(Ptr))
      rootsOf(Ptr, This, Roots);
    else if (auto *G = dyn_cast<GlobalVariable>(Ptr); G && !G->isConstant())
      Roots.push_back({G, -1});
    for (const Root &R : Roots) {
      if (auto *G = dyn_cast<GlobalVariable>(R.Object))
        if (!G->getValueType()->isAggregateType() || isGuardedStatic(*G))
          continue;
      if (Writes)
        Written.try_emplace(R, &I);
      if (Reads)
        Read.insert(R);
    }
  };
  // Only reads whose values steer the work count (DataUse.h): a payload
  // that shuffles a global in place measures the same work every invocation.
  ArgumentUses Args;
  FieldSteps StepsOf;
  FieldSteps::Steps Steps;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  for (Instruction &I : instructions(F)) {
    if (isa<StoreInst>(I) || (isa<CallBase>(I) && !cast<CallBase>(I).isInlineAsm()))
      StepsOf.add(I, Steps);
    if (auto *SI = dyn_cast<StoreInst>(&I)) {
      if (!keepsPosition(*SI, LI))
        Note(SI->getPointerOperand(), I, true, false);
    } else if (auto *Ld = dyn_cast<LoadInst>(&I))
      Note(Ld->getPointerOperand(), I, false, steersWork(*Ld, /*ReturnConsumes=*/true));
    else if (auto *CB = dyn_cast<CallBase>(&I); CB && !CB->isInlineAsm())
      for (unsigned A = 0; A != CB->arg_size(); ++A)
        if (CB->getArgOperand(A)->getType()->isPointerTy() && !CB->doesNotAccessMemory(A)) {
          ArgumentUses::Use U = Args.of(*CB, A);
          Note(CB->getArgOperand(A), I, U.Writes, U.Steers && !CB->onlyWritesMemory(A));
        }
  }
  SmallVector<Mutation, 2> Out;
  SmallPtrSet<const Value *, 4> Reported; // one finding per object (a vector's begin and end)
  for (auto &[R, W] : Written) {
    // A global container removed from and added to at constant size (a
    // FIFO): the churn is the work. Not told apart among a fixture's members.
    if (!Read.count(R) || (R.Object != This && FieldSteps::churns(Steps, R.Object)) ||
        !Reported.insert(R.Object).second)
      continue;
    std::string What = isa<GlobalVariable>(R.Object) ? "'" + demangle(R.Object->getName()) + "'"
                       : R.Member >= 0 ? "a member of its fixture (at byte offset " + std::to_string(R.Member) + ")"
                                       : "its fixture";
    Out.push_back({What, W});
  }
  return Out;
}

namespace {

// Instructions of the measured loop that are not the loop itself, the opaque
// reads of its inputs or its sinks.
bool doesWork(const Instruction &I, const Loop *L) {
  if (isa<PHINode>(I) || isa<BranchInst>(I) || isa<ReturnInst>(I) || isSink(I) || isMarker(I) || isa<CmpInst>(I))
    return false;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    if (auto *G = dyn_cast<GlobalVariable>(getUnderlyingObject(LI->getPointerOperand())))
      if (LI->isVolatile() && G->getName().starts_with("steady.opaque"))
        return false;
  // A store to a stack slot nothing reads (what an escape keeps of a local
  // whose computation is gone) is not the payload's work.
  if (auto *SI = dyn_cast<StoreInst>(&I))
    if (auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(SI->getPointerOperand())))
      if (none_of(AI->users(), [](const User *U) { return isa<LoadInst>(U); }))
        return false;
  // The harness loop's own counter.
  if (L && I.getOpcode() == Instruction::Add)
    if (auto *Phi = dyn_cast<PHINode>(I.getOperand(0));
        Phi && Phi->getParent() == L->getHeader() && isa<ConstantInt>(I.getOperand(1)))
      return false;
  return true;
}

// The operation hoisted, for messages: "result of 'log(double)' (double)", "'fdiv'".
std::string operation(const Instruction &I) {
  return isa<CallBase>(I) ? describe(I) : "'" + std::string(I.getOpcodeName()) + "'";
}

// Constants that stand for a result: not undef, and not the address of a
// global (a global array handed to a sink is not a computation).
bool isFoldedValue(const Value *V) {
  return V && isa<Constant>(V) && !isa<UndefValue>(V) &&
         !(V->getType()->isPointerTy() && isa<GlobalValue>(getUnderlyingObject(V)));
}

// A local a sink reads through memory (DoNotOptimize of a struct: its "m"
// operand) holds a constant when all it ever gets is constant stores (or a
// copy of a constant global) made before the sink, and nothing else touches
// it: a folded struct result (a call deleted, its constant return stored).
bool holdsConstant(const Value *Ptr, const Instruction &Sink, const DominatorTree &DT) {
  auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
  if (!AI)
    return false;
  unsigned Stores = 0;
  SmallVector<const Value *, 8> Work{AI};
  SmallPtrSet<const Value *, 8> Seen{AI};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I || !Seen.insert(I).second)
        continue;
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I)) {
        Work.push_back(I);
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (SI->getValueOperand() == V || !isFoldedValue(SI->getValueOperand()) || !DT.dominates(SI, &Sink))
          return false;
        ++Stores;
      } else if (auto *MT = dyn_cast<MemTransferInst>(I)) {
        auto *G = dyn_cast<GlobalVariable>(getUnderlyingObject(MT->getSource()));
        if (MT->getSource() == V || !G || !G->isConstant() || !DT.dominates(MT, &Sink))
          return false;
        ++Stores;
      } else if (auto *MS = dyn_cast<MemSetInst>(I)) {
        if (!isa<Constant>(MS->getValue()) || !DT.dominates(MS, &Sink))
          return false;
        ++Stores;
      } else if (!isMarker(*I) && !isSink(*I)) {
        return false; // read or written by anything else
      }
    }
  }
  return Stores > 0;
}

} // namespace

SmallVector<Literal, 3> literalsOf(const MDNode *Inputs) {
  SmallVector<Literal, 3> Out;
  if (Inputs)
    for (const MDOperand &Op : Inputs->operands()) {
      auto *In = cast<MDNode>(Op.get());
      Out.push_back({cast<MDString>(In->getOperand(0))->getString().str(),
                     DebugLoc(cast_or_null<DILocation>(In->getOperand(1).get()))});
    }
  return Out;
}

SmallVector<Finding, 2> foldedResults(Function &F, const TimedRegion *Timed) {
  SmallVector<Finding, 2> Out;
  for (Instruction &I : instructions(F))
    if (auto *Ret = dyn_cast<ReturnInst>(&I); Ret && isFoldedValue(Ret->getReturnValue()))
      Out.push_back({Defect::FoldedResult, Ret, Ret->getDebugLoc()});
  // A consumed value is folded when every copy of its sink consumes a
  // constant, directly or through memory.
  std::map<uint64_t, std::pair<Instruction *, bool>> Sinks; // position -> first copy, all folded
  DominatorTree DT(F);
  for (Instruction &I : instructions(F)) {
    if (!isSink(I))
      continue;
    uint64_t P = positionOf(I.getDebugLoc());
    if (Timed && ((!Timed->Positions.empty() && !Timed->Positions.count(P)) || Timed->ConstantAnyway.count(P)))
      continue;
    // An indirect ("m") operand: what is consumed is the memory it points to.
    auto &Sink = cast<CallBase>(I);
    const Value *Consumed = Sink.getArgOperand(0);
    bool Folded = isFoldedValue(Consumed) || (Sink.getParamElementType(0) && holdsConstant(Consumed, I, DT));
    auto [It, New] = Sinks.try_emplace(P ? P : reinterpret_cast<uintptr_t>(&I), &I, Folded);
    if (!New)
      It->second.second &= Folded;
  }
  for (auto &[P, Copy] : Sinks)
    if (Copy.second)
      Out.push_back({Defect::FoldedConsumed, Copy.first, Copy.first->getDebugLoc()});
  return Out;
}

std::optional<Finding> hoistedOutOfHarness(Function &Payload, Function &Harness) {
  // No loop check: if nothing is left to repeat, the optimizer deleted the
  // loop itself, and what is left ran once. Unless the payload always throws:
  // what leads only to a throw runs once and leaves.
  DominatorTree DT(Harness);
  LoopInfo LI(DT);
  SmallPtrSet<const BasicBlock *, 16> Returns;
  SmallVector<const BasicBlock *, 16> Work;
  for (BasicBlock &BB : Harness)
    if (isa<ReturnInst>(BB.getTerminator()))
      Work.push_back(&BB);
  while (!Work.empty())
    if (const BasicBlock *BB = Work.pop_back_val(); Returns.insert(BB).second)
      append_range(Work, predecessors(BB));
  for (Instruction &I : instructions(Harness)) {
    if (LI.getLoopFor(I.getParent()) || !isCostly(I) || isColdPath(I) || !Returns.count(I.getParent()))
      continue;
    // LICM drops the location of what it hoists: take it from the same
    // computation in the payload itself, where nothing was hoisted.
    // Line 0: a location merged from several, no place in the source.
    DebugLoc Loc = I.getDebugLoc() && I.getDebugLoc().getLine() ? I.getDebugLoc() : DebugLoc();
    Finding Fd{Defect::Hoisted, &I, Loc, operation(I)};
    Fd.Frame = Harness.getSubprogram();
    for (Instruction &Twin : instructions(Payload))
      if (!Fd.Loc && Twin.getDebugLoc() && Twin.getOpcode() == I.getOpcode() &&
          (!isa<CallBase>(I) || cast<CallBase>(Twin).getCalledOperand() == cast<CallBase>(I).getCalledOperand())) {
        Fd.Loc = Twin.getDebugLoc();
        Fd.At = &Twin;
      }
    return Fd; // the first hoisted computation
  }
  return std::nullopt;
}

bool payloadWorks(Function &F) {
  return any_of(instructions(F), [](const Instruction &I) { return doesWork(I, nullptr); });
}

bool measuredLoopWorks(Function &F, ArrayRef<Function *> Harnesses) {
  // A call to the payload not inlined does what the payload does.
  auto Works = [&](Function &H) {
    DominatorTree DT(H);
    LoopInfo LI(DT);
    for (Instruction &I : instructions(H)) {
      const Loop *L = LI.getLoopFor(I.getParent());
      if (!L)
        continue; // only the measured loop counts
      if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction() == &F) {
        if (payloadWorks(F))
          return true;
        continue;
      }
      if (doesWork(I, L))
        return true;
    }
    return false;
  };
  if (Harnesses.empty())
    return payloadWorks(F);
  return any_of(Harnesses, [&](Function *H) { return Works(*H); });
}

SmallVector<Finding, 2> mutatedPayloadInputs(Function &F) {
  SmallVector<Finding, 2> Out;
  for (const Mutation &Mu : mutatedInputs(F))
    Out.push_back({Defect::Mutated, Mu.At, Mu.At->getDebugLoc(), Mu.What});
  return Out;
}

SmallVector<Finding, 2> timedLoopFindings(Function &Opt, const TimedRegion &Timed, bool DeadReported) {
  SmallVector<Finding, 2> Out;
  if (!Timed.Found || Timed.Positions.empty())
    return Out; // no locations: nothing to tell the loop's code by
  // No path returns: the set-up always aborts (a failed assertion) and the
  // loop is deleted as unreachable, not for what it computes.
  if (none_of(instructions(Opt), [](const Instruction &I) { return isa<ReturnInst>(I); }))
    return Out;
  HoistedWork H = hoistedOutOfTimedLoop(Opt, Timed);
  if (H.I)
    Out.push_back({Defect::Hoisted, H.I, H.Loc, operation(*H.I)});
  else if (Timed.DoesWork && !DeadReported && timedLoopIsEmpty(Opt, Timed))
    Out.push_back({Defect::EmptyLoop, nullptr, Timed.First});
  if (GrowingData G = growingContainer(Opt, Timed); G.At) {
    Finding Fd(Defect::Mutated, G.At, G.At->getDebugLoc(),
               G.Output ? "output set up before the loop" : "a container set up before the loop");
    Fd.Grows = true;
    Fd.Output = G.Output;
    Out.push_back(std::move(Fd));
    return Out;
  }
  for (const CarriedWrite &W : writesCarriedAcrossIterations(Opt, Timed))
    Out.push_back({Defect::Mutated, W.At, W.At->getDebugLoc(), W.What});
  return Out;
}

} // namespace steady
