//===- Findings.cpp - what the optimizer did to each payload, for the runner ===//
//
// steady-findings runs at the end of the optimization pipeline of every
// compile with the plugin (not only the audit). It looks at the optimized
// payload and at the loop that measures it (the runtime's run_batch<B>,
// tagged by steady-protect) and records what makes a measurement wrong:
//
//  - folded:  the payload's result (returned or sunk) is a compile-time constant;
//  - deleted: the measured loop does no work at all;
//  - hoisted: payload work runs once before the measured loop, not per invocation;
//  - mutated: the payload writes data it also reads (a global or a member of
//             its fixture), so later invocations measure another case.
//
// The findings go into the payload's registration data: a C string
// ("kind\tmessage\n" per finding) that the global named by the payload's
// annotation (STEADY_BENCH's compile_findings) points to. The runner prints
// them next to the result. Each is also a remark (-Rpass=steady).
//
//===----------------------------------------------------------------------===//
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "DataUse.h"
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
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

bool isColdPath(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  return isa<UnreachableInst>(I.getParent()->getTerminator()) || (CB && CB->doesNotReturn());
}

std::string userName(const Function &F) {
  // The qualified name without return type and parameters, as the user wrote
  // it (`(anonymous namespace)` contains a '(' itself: no cutting at one).
  std::string Mangled = F.getName().str(), N;
  ItaniumPartialDemangler D;
  if (!D.partialDemangle(Mangled.c_str())) {
    char *S = D.getFunctionName(nullptr, nullptr);
    N = S ? S : "";
    std::free(S);
  }
  if (N.empty())
    N = demangle(Mangled); // not a C++ name
  // steady payloads are `(anonymous namespace)::steady_bench_NAME::payload()`.
  size_t B = N.find("steady_bench_");
  if (B != std::string::npos) {
    size_t E = N.find("::payload", B);
    return N.substr(B + 13, E == std::string::npos ? std::string::npos : E - B - 13);
  }
  // An anonymous namespace is no part of the name a reader looks for.
  for (size_t A; (A = N.find("(anonymous namespace)::")) != std::string::npos;)
    N.erase(A, 23);
  return N;
}

MDNode *constantInputsOf(Function &F) {
  LLVMContext &C = F.getContext();
  SmallVector<Metadata *, 4> Inputs;
  SmallPtrSet<Value *, 32> Seen;
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
  while (!Work.empty() && Inputs.size() < 3) {
    Instruction *I = Work.pop_back_val();
    if (!Seen.insert(I).second || isa<AllocaInst>(I) || isa<GetElementPtrInst>(I))
      continue;
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
      Inputs.push_back(MDNode::get(C, {MDString::get(C, S), I->getDebugLoc().getAsMDNode()}));
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

// Does the payload's class override steady::Fixture's setup_invocation(),
// teardown_invocation() or reset_every()? Then it restores what the payload
// changes: its vtable (_ZTV of the class of _ZN<class>7payloadEv) says.
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

// The fixture a STEADY_BENCH_F payload runs on, its `this`, unless the fixture
// restores its state between invocations.
const Argument *fixtureOf(Function &F) {
  if (F.arg_size() != 1 || !F.getArg(0)->getType()->isPointerTy() || fixtureRestores(F))
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
  for (Instruction &I : instructions(F)) {
    if (auto *SI = dyn_cast<StoreInst>(&I))
      Note(SI->getPointerOperand(), I, true, false);
    else if (auto *LI = dyn_cast<LoadInst>(&I))
      Note(LI->getPointerOperand(), I, false, steersWork(*LI, /*ReturnConsumes=*/true));
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
    if (!Read.count(R) || !Reported.insert(R.Object).second)
      continue;
    std::string What = isa<GlobalVariable>(R.Object) ? "'" + demangle(R.Object->getName()) + "'"
                       : R.Member >= 0 ? "a member of its fixture (at byte offset " + std::to_string(R.Member) + ")"
                                       : "its fixture";
    Out.push_back({What, W});
  }
  return Out;
}

namespace {

std::string where(DebugLoc Loc) {
  // Code inlined into the payload is shown at its call site in the payload.
  DILocation *L = Loc.get();
  while (L && L->getInlinedAt())
    L = L->getInlinedAt();
  if (!L)
    return "";
  return (L->getFilename() + ":" + Twine(L->getLine())).str();
}

struct Finding {
  std::string Kind, Message;
  Instruction *At;
};

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

class Recorder {
  Module &M;
  FunctionAnalysisManager &FAM;

public:
  Recorder(Module &M, ModuleAnalysisManager &MAM)
      : M(M), FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()) {}

  SmallVector<Finding, 4> findings(Function &F) {
    SmallVector<Finding, 4> Out;
    SmallVector<Function *, 2> Harnesses;
    for (Function &H : M)
      if (H.getFnAttribute(HarnessAttr).getValueAsString() == F.getName() && !H.isDeclaration())
        Harnesses.push_back(&H);

    bool Folded = folded(F, Out), Hoisted = false;
    for (Function *H : Harnesses)
      if (Finding Fd = hoisted(F, *H); !Fd.Kind.empty()) {
        Out.push_back(Fd);
        Hoisted = true;
        break;
      }
    // A loop left empty by hoisting is reported as hoisted, the cause.
    if (!Folded && !Hoisted && !worksIn(F, Harnesses))
      Out.push_back({"deleted",
                     "its work is deleted by the optimizer: the measured loop does nothing (a result "
                     "that is never used, or computed from compile-time constants inside a callee); "
                     "return the result, or make its inputs opaque with steady::opaque()",
                     nullptr});
    for (const Mutation &Mu : mutatedInputs(F))
      Out.push_back({"mutated",
                     "it modifies " + Mu.What + ", which it also reads" +
                         (where(Mu.At->getDebugLoc()).empty() ? "" : " (" + where(Mu.At->getDebugLoc()) + ")") +
                         ": every invocation after the first measures another case (an array already "
                         "sorted); restore it with reset() / setup_invocation(), or work on a copy",
                     Mu.At});
    return Out;
  }

  void record(const Payload &P, ArrayRef<Finding> Found) {
    auto *ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(*P.F);
    std::string Text;
    for (const Finding &Fd : Found) {
      Text += Fd.Kind + "\t" + Fd.Message + "\n";
      // At the finding, else at the payload's first instruction.
      Instruction *At = Fd.At && Fd.At->getDebugLoc() ? Fd.At : &*P.F->getEntryBlock().getFirstNonPHIOrDbg();
      ORE->emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Finding", At)
               << "payload '" << userName(*P.F) << "': " << Fd.Kind << ": " << Fd.Message;
      });
    }
    if (!P.Findings || Found.empty() || !P.Findings->getValueType()->isPointerTy())
      return;
    Constant *Str = ConstantDataArray::getString(M.getContext(), Text);
    // Named after the payload's variable: no name collision, so the name does
    // not depend on what else (the audit's temporaries) is in the module.
    auto *G = new GlobalVariable(M, Str->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage, Str,
                                 P.Findings->getName() + ".text");
    G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    P.Findings->setInitializer(G);
  }

private:
  bool folded(Function &F, SmallVectorImpl<Finding> &Out) {
    // A constant result next to work that stays (a payload returning 1 after
    // doing something) still measures that work.
    if (callsFold(F) || workOfPayload(F))
      return false;
    std::string Culprits;
    if (MDNode *Inputs = F.getMetadata(InputsMD))
      for (const MDOperand &Op : Inputs->operands()) {
        auto *In = cast<MDNode>(Op.get());
        auto *Loc = cast_or_null<DILocation>(In->getOperand(1).get());
        Culprits +=
            (Culprits.empty() ? "" : ", ") + ("literal " + cast<MDString>(In->getOperand(0))->getString()).str();
        if (Loc)
          Culprits += " at " + where(DebugLoc(Loc));
      }
    for (Instruction &I : instructions(F)) {
      Value *V = nullptr;
      if (auto *Ret = dyn_cast<ReturnInst>(&I))
        V = Ret->getReturnValue();
      else if (isSink(I))
        V = cast<CallBase>(I).getArgOperand(0);
      if (!V || !isa<Constant>(V) || isa<UndefValue>(V) || isa<GlobalValue>(V))
        continue;
      std::string At = where(I.getDebugLoc());
      Out.push_back({"folded",
                     std::string("its result") + (At.empty() ? "" : " (" + At + ")") +
                         " is a compile-time constant: it measures nothing; " +
                         (Culprits.empty() ? "make its inputs opaque with steady::opaque()"
                                           : "make its input opaque with steady::opaque(): " + Culprits),
                     &I});
      return true;
    }
    return false;
  }

  // Does the measured loop (of any harness; the payload itself without
  // one) do work? A call to the payload not inlined does what the payload does.
  bool worksIn(Function &F, ArrayRef<Function *> Harnesses) {
    auto Works = [&](Function &H) {
      DominatorTree DT(H);
      LoopInfo LI(DT);
      for (Instruction &I : instructions(H)) {
        const Loop *L = LI.getLoopFor(I.getParent());
        if (!L)
          continue; // only the measured loop counts
        if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction() == &F) {
          if (workOfPayload(F))
            return true;
          continue;
        }
        if (doesWork(I, L))
          return true;
      }
      return false;
    };
    if (Harnesses.empty())
      return workOfPayload(F);
    return any_of(Harnesses, [&](Function *H) { return Works(*H); });
  }

  bool workOfPayload(Function &F) {
    return any_of(instructions(F), [](const Instruction &I) { return doesWork(I, nullptr); });
  }

  Finding hoisted(Function &F, Function &H) {
    DominatorTree DT(H);
    LoopInfo LI(DT);
    if (LI.empty())
      return {};
    for (Instruction &I : instructions(H)) {
      if (LI.getLoopFor(I.getParent()) || !isCostly(I) || isColdPath(I))
        continue;
      std::string What = isa<CallBase>(I) ? describe(I) : "'" + std::string(I.getOpcodeName()) + "'";
      // LICM drops the location of what it hoists: take it from the same
      // computation in the payload itself, where nothing was hoisted.
      DebugLoc Loc = I.getDebugLoc();
      Instruction *At = &I;
      for (Instruction &Twin : instructions(F))
        if (!Loc && Twin.getDebugLoc() && Twin.getOpcode() == I.getOpcode() &&
            (!isa<CallBase>(I) || cast<CallBase>(Twin).getCalledOperand() == cast<CallBase>(I).getCalledOperand())) {
          Loc = Twin.getDebugLoc();
          At = &Twin;
        }
      std::string Place = where(Loc);
      return {"hoisted",
              "the " + What + (Place.empty() ? "" : " at " + Place) +
                  " gives the same result in every invocation and is hoisted out of the measured "
                  "loop: it runs once per batch, not per invocation; read its inputs through "
                  "steady::opaque()",
              At};
    }
    return {};
  }
};

} // namespace

PreservedAnalyses FindingsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Recorder R(M, MAM);
  bool Changed = false;
  for (const Payload &P : MAM.getResult<PayloadsAnalysis>(M)) {
    if (!P.F->hasFnAttribute(ProtectedAttr))
      continue; // not protected: findings would blame the user for what steady-protect handles
    SmallVector<Finding, 4> Found = R.findings(*P.F);
    R.record(P, Found);
    Changed |= !Found.empty();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace steady
