//===- Chase.cpp - pointer chases that restart at the same place ---------===//
//
// A payload's loop that chases pointers (each address loaded at the previous
// one) from the same start every invocation walks the same nodes every time:
// after the first invocation they come from the cache (restartingChase),
// unless it walks all of the structure (its count is the structure's size). A
// chase that keeps its position between invocations stores where it ended
// back where it starts (keepsPosition): that store is no mutated input.
//
//===----------------------------------------------------------------------===//
#include "Checks.h"
#include "DataUse.h"
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace steady {

namespace {

// Is V computed in L from Phi through loads whose addresses depend on the
// previous value (p = ring[p].next, n = n->next), and nothing else that
// varies in the loop (a tree search choosing between two children is not a
// chase)? Loads: how many loads on the way.
bool chasedFrom(const Value *V, const PHINode &Phi, const Loop &L, unsigned &Loads, unsigned Depth = 0) {
  if (V == &Phi)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 64 || !L.contains(I))
    return false;
  if (auto *Ld = dyn_cast<LoadInst>(I)) {
    ++Loads;
    return !Ld->isVolatile() && chasedFrom(Ld->getPointerOperand(), Phi, L, Loads, Depth + 1);
  }
  if (!isa<CastInst>(I) && !isa<GetElementPtrInst>(I) && !isa<BinaryOperator>(I) && !isa<FreezeInst>(I))
    return false;
  const Value *Varying = nullptr;
  for (const Value *Op : I->operands())
    if (!L.isLoopInvariant(Op)) {
      if (Varying)
        return false; // two varying inputs: a computation, not a step of a chase
      Varying = Op;
    }
  return Varying && chasedFrom(Varying, Phi, L, Loads, Depth + 1);
}

// The same value every invocation: a constant, the fixture, or data read
// from a place the payload never writes (a start kept there would move).
bool sameEveryInvocation(const Value *V, const Function &F, unsigned Depth = 0) {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8)
    return false;
  if (auto *Ld = dyn_cast<LoadInst>(I)) {
    const Value *Ptr = Ld->getPointerOperand();
    if (!sameEveryInvocation(Ptr, F, Depth + 1))
      return false;
    const DataLayout &DL = F.getDataLayout();
    auto Place = fieldOf(Ptr, DL);
    const Value *Object = getUnderlyingObject(Ptr);
    auto Distinct = [](const Value *O) { return isa<GlobalVariable>(O) || isa<AllocaInst>(O) || isa<Argument>(O); };
    for (const Instruction &J : instructions(F)) {
      if (auto *SI = dyn_cast<StoreInst>(&J)) {
        // Another member at a constant offset is not the start.
        auto Field = fieldOf(SI->getPointerOperand(), DL);
        const Value *To = getUnderlyingObject(SI->getPointerOperand());
        if (Field == Place || (Field.first != Place.first && (To == Object || !Distinct(To) || !Distinct(Object))))
          return false; // where it starts is written: the walk may continue from there
      } else if (auto *CB = dyn_cast<CallBase>(&J);
                 CB && !CB->isInlineAsm() && !isMarker(J) && !CB->onlyReadsMemory()) {
        return false; // a call that may move it
      }
    }
    return true;
  }
  if (isa<CastInst>(I) || isa<GetElementPtrInst>(I) || isa<BinaryOperator>(I) || isa<FreezeInst>(I))
    return all_of(I->operands(), [&](const Value *Op) { return sameEveryInvocation(Op, F, Depth + 1); });
  return false;
}

} // namespace

bool keepsPosition(const StoreInst &SI, const LoopInfo &LI) {
  const Value *V = SI.getValueOperand();
  for (auto *Exit = dyn_cast<PHINode>(V); Exit && Exit->getNumIncomingValues() == 1; // LCSSA
       Exit = dyn_cast<PHINode>(V))
    V = Exit->getIncomingValue(0);
  auto *I = dyn_cast<Instruction>(V);
  const Loop *L = I ? LI.getLoopFor(I->getParent()) : nullptr;
  BasicBlock *Pre = L ? L->getLoopPredecessor() : nullptr;
  if (!Pre || !L->getLoopLatch())
    return false;
  const DataLayout &DL = SI.getDataLayout();
  for (const PHINode &Phi : L->getHeader()->phis()) {
    unsigned Loads = 0;
    auto *Start = dyn_cast<LoadInst>(Phi.getIncomingValueForBlock(Pre));
    if (Start && fieldOf(Start->getPointerOperand(), DL) == fieldOf(SI.getPointerOperand(), DL) &&
        chasedFrom(V, Phi, *L, Loads) && (Loads || V == &Phi))
      return true;
  }
  return false;
}

namespace {

// Does an exit of L depend on the chased value (a walk to the end of a list,
// to a sentinel), rather than on a count? A traversal visits the whole
// structure every time: it has no position to keep.
bool exitSteeredBy(const Loop &L, const PHINode &Phi) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting) {
    auto *BI = dyn_cast<BranchInst>(BB->getTerminator());
    SmallVector<const Value *, 8> Work;
    if (BI && BI->isConditional())
      Work.push_back(BI->getCondition());
    else
      return true; // a switch, an invoke: not a counted loop
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      auto *I = dyn_cast<Instruction>(V);
      if (!I || !L.contains(I) || !Seen.insert(I).second)
        continue;
      if (I == &Phi || isa<LoadInst>(I))
        return true; // the chase's value, or a value loaded in the loop
      if (!isa<PHINode>(I))
        append_range(Work, I->operands());
    }
  }
  return false;
}

// The objects whose fields the loop-invariant value V is read from
// (through arithmetic; a vector's size is end - begin of one object).
void objectsReadFor(const Value *V, const Loop &L, SmallPtrSetImpl<const Value *> &Objects, unsigned Depth = 0) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || L.contains(I) || Depth > 8)
    return;
  if (auto *Ld = dyn_cast<LoadInst>(I)) {
    Objects.insert(getUnderlyingObject(Ld->getPointerOperand()));
    return;
  }
  if (isa<CastInst>(I) || isa<BinaryOperator>(I) || isa<GetElementPtrInst>(I) || isa<FreezeInst>(I))
    for (const Value *Op : I->operands())
      objectsReadFor(Op, L, Objects, Depth + 1);
}

// Is the walk's step count the size of the structure it chases through (n =
// next.size() steps over next)? Then it visits all of it every invocation,
// wherever it starts: it has no position to keep.
bool countIsTheChasedSize(const Loop &L, const Instruction &Step) {
  SmallPtrSet<const Value *, 4> Chased, Counted;
  if (auto *Ld = dyn_cast<LoadInst>(&Step))
    if (auto *GEP = dyn_cast<GetElementPtrInst>(Ld->getPointerOperand()))
      objectsReadFor(GEP->getPointerOperand(), L, Chased);
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    if (auto *BI = dyn_cast<BranchInst>(BB->getTerminator()); BI && BI->isConditional())
      if (auto *Cmp = dyn_cast<CmpInst>(BI->getCondition()))
        for (const Value *Op : Cmp->operands())
          objectsReadFor(Op, L, Counted);
  return any_of(Chased, [&](const Value *O) { return Counted.contains(O); });
}

} // namespace

std::optional<Finding> restartingChase(Function &F) {
  // setup_invocation() may pick another start; a test body does the same
  // steps every run by design.
  if (F.isDeclaration() || fixtureRestores(F) || isTestBody(F))
    return std::nullopt;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *Pre = L->getLoopPredecessor(), *Latch = L->getLoopLatch();
    if (!Pre || !Latch)
      continue;
    for (PHINode &Phi : L->getHeader()->phis()) {
      unsigned Loads = 0;
      const Value *Next = Phi.getIncomingValueForBlock(Latch);
      if (!chasedFrom(Next, Phi, *L, Loads) || !Loads || exitSteeredBy(*L, Phi) ||
          !sameEveryInvocation(Phi.getIncomingValueForBlock(Pre), F))
        continue;
      // The load of the step: the first on the way back from the next value.
      const Instruction *Step = nullptr;
      for (const Value *V = Next; V && !Step;) {
        auto *I = dyn_cast<Instruction>(V);
        if (!I || I == &Phi)
          break;
        if (isa<LoadInst>(I))
          Step = I;
        else
          V = *find_if(I->operands(), [&](const Value *Op) { return !L->isLoopInvariant(Op); });
      }
      if (Step && countIsTheChasedSize(*L, *Step))
        continue;
      return Finding(Defect::Restarts, Step, Step ? Step->getDebugLoc() : DebugLoc());
    }
  }
  return std::nullopt;
}

} // namespace steady
