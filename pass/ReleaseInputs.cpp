//===- ReleaseInputs.cpp - steady-release-inputs --------------------------===//
//
// After inlining, an opaque literal (OpaqueInputs.cpp) that only prepares
// arguments of calls the optimizer cannot see into is given back its value.
// `IDivDuration(d, absl::Nanoseconds(1), &rem)`: the volatile 1 made the
// divisor's Duration be built every iteration (+15 instructions per op,
// 1.2-1.4x) though the division is an out-of-line call in every build, which
// the constant cannot change. What folding the literal removes there is the
// preparation of a loop-invariant argument, which a build with a run-time
// input would hoist out of the loop as well; the call stays, unchanged.
//
// Kept opaque: anything else the literal reaches (a sink, a return, a store,
// a branch, a phi, a loop-varying operand: there folding can remove or change
// work), calls that only read memory (hoisted once their arguments are
// constant), and calls to functions this module defines (the plain -O2 build's
// IPSCCP and function specialisation put constant arguments into non-inlined
// callees, and that has happened before this pass, on the opaque value) or
// that the optimizer knows (log, strlen: library calls fold). Not in an LTO
// pre-link pipeline: the callee may be seen at link time.
//
//===----------------------------------------------------------------------===//
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

namespace steady {

namespace {

// The global behind one of OpaqueInputs' volatile loads of a literal.
GlobalVariable *opaqueLiteral(LoadInst &L) {
  auto *G = dyn_cast<GlobalVariable>(L.getPointerOperand());
  if (!L.isVolatile() || !G || !G->hasPrivateLinkage() || !G->getName().starts_with("steady.opaque") ||
      !G->hasInitializer() || G->getValueType() != L.getType())
    return nullptr;
  return isa<ConstantInt, ConstantFP>(G->getInitializer()) ? G : nullptr;
}

// A call whose callee neither this module nor the optimizer knows: a
// constant argument cannot change what it does. One that only reads memory
// (`__attribute__((pure))`, `const`) is out: with constant arguments LICM
// hoists it out of the loop and GVN merges repeats, which removes the work.
bool opaqueCallee(const CallBase &CB, const TargetLibraryInfo &TLI) {
  const Function *F = CB.getCalledFunction();
  LibFunc LF;
  return !CB.isInlineAsm() && F && F->isDeclaration() && !F->isIntrinsic() && !TLI.getLibFunc(*F, LF) &&
         !CB.onlyReadsMemory() && !isSteadyPrimitive(CB);
}

// Arithmetic with no memory, no control flow and no state.
bool pureStep(const Instruction &I) {
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->doesNotAccessMemory() && II->willReturn() && !II->mayHaveSideEffects();
  return isa<BinaryOperator, UnaryOperator, CastInst, CmpInst, SelectInst, ExtractValueInst, InsertValueInst,
             ExtractElementInst, InsertElementInst, ShuffleVectorInst, FreezeInst>(I);
}

// Whether every value computed from L, with constants only, ends as an
// argument of an opaque call.
bool onlyPreparesOpaqueArguments(LoadInst &L, const TargetLibraryInfo &TLI) {
  SmallPtrSet<const Value *, 16> Slice{&L};
  SmallVector<Instruction *, 16> Steps, Work{&L};
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    for (Use &U : I->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (pureStep(*User)) {
        if (Slice.insert(User).second) {
          Steps.push_back(User);
          Work.push_back(User);
        }
        continue;
      }
      auto *CB = dyn_cast<CallBase>(User);
      if (!CB || !CB->isArgOperand(&U) || !opaqueCallee(*CB, TLI))
        return false;
    }
  }
  // Loop-invariant: no step mixes in anything but constants and the slice.
  return all_of(Steps, [&](Instruction *I) {
    return all_of(I->operands(), [&](Value *Op) { return isa<Constant>(Op) || Slice.count(Op); });
  });
}

unsigned releaseOpaqueArguments(Function &F, const TargetLibraryInfo &TLI, OptimizationRemarkEmitter *ORE) {
  SmallVector<std::pair<LoadInst *, GlobalVariable *>, 8> Released;
  for (Instruction &I : instructions(F))
    if (auto *L = dyn_cast<LoadInst>(&I))
      if (GlobalVariable *G = opaqueLiteral(*L); G && onlyPreparesOpaqueArguments(*L, TLI))
        Released.push_back({L, G});
  for (auto [L, G] : Released) {
    if (ORE)
      ORE->emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "ReleasedInput", L)
               << "literal read through '" << G->getName()
               << "' only prepares arguments of calls the optimizer cannot see into: left to fold";
      });
    L->replaceAllUsesWith(G->getInitializer());
    L->eraseFromParent();
  }
  return Released.size();
}

} // namespace

PreservedAnalyses ReleaseInputsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    auto &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
    auto *ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    if (releaseOpaqueArguments(F, TLI, ORE)) {
      FAM.invalidate(F, PreservedAnalyses::none());
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace steady
