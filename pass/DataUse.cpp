//===- DataUse.cpp - how code uses the data behind a pointer --------------===//
#include "DataUse.h"

#include "Protect.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace steady {

std::pair<const Value *, int64_t> fieldOf(const Value *Ptr, const DataLayout &DL) {
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  const Value *Base = Ptr->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
  return {Base, Off.getSExtValue()};
}

bool steersWork(const LoadInst &Ld, bool ReturnConsumes) {
  SmallVector<const Instruction *, 8> Work{&Ld};
  SmallPtrSet<const Instruction *, 16> Seen{&Ld};
  while (!Work.empty()) {
    const Instruction *V = Work.pop_back_val();
    for (const llvm::Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      if (auto *St = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() == St->getPointerOperandIndex())
          return true;
        continue;
      }
      if (auto *CB = dyn_cast<CallBase>(I)) {
        if (CB->isInlineAsm() || isMarker(*I)) // consumed: DoNotOptimize, a sink
          continue;
        if (!isa<IntrinsicInst>(CB) || isa<MemIntrinsic>(CB))
          return true;
      }
      if (isa<ReturnInst>(I) && ReturnConsumes)
        continue;
      if (I->isTerminator() || isa<LoadInst>(I) || isa<GetElementPtrInst>(I) || isa<AtomicRMWInst>(I) ||
          isa<AtomicCmpXchgInst>(I) || I->isIntDivRem())
        return true;
      if (!I->getType()->isVoidTy() && Seen.insert(I).second)
        Work.push_back(I);
    }
  }
  return false;
}

ArgumentUses::Use ArgumentUses::of(const CallBase &CB, unsigned A, unsigned Depth) {
  if (isa<MemIntrinsic>(CB)) // data copied or set, never looked at
    return {A == 0, false};
  if (CB.doesNotAccessMemory(A))
    return {};
  const Function *F = CB.getCalledFunction();
  if (F && isAllocationOrThrow(*F)) // a buffer freed or replaced is not looked at
    return {};
  if (!F || F->isDeclaration() || F->isVarArg() || A >= F->arg_size() || Depth > 4)
    return {!CB.onlyReadsMemory(A), true};
  auto [It, New] = Memo.try_emplace({F, A}); // a recursive call adds nothing
  if (!New)
    return It->second;
  Use T;
  auto unknown = [&] { T = {true, true}; };
  SmallVector<const Value *, 8> Work{F->getArg(A)};
  SmallPtrSet<const Value *, 16> Seen{F->getArg(A)};
  while (!Work.empty() && !(T.Writes && T.Steers)) {
    const Value *V = Work.pop_back_val();
    for (const llvm::Use &U : V->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I) {
        unknown();
      } else if (isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<PHINode>(I) || isa<SelectInst>(I)) {
        // A pointer derived from it; an address compared or subtracted
        // (it != end, end - begin) is not its data.
        if (I->getType()->isPtrOrPtrVectorTy() && Seen.insert(I).second)
          Work.push_back(I);
      } else if (auto *Ld = dyn_cast<LoadInst>(I)) {
        T.Steers |= steersWork(*Ld);
      } else if (auto *St = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() == St->getPointerOperandIndex())
          T.Writes = true;
        else
          unknown(); // the pointer itself stored: not followed
      } else if (auto *Call = dyn_cast<CallBase>(I)) {
        if (isa<IntrinsicInst>(Call) && !isa<MemIntrinsic>(Call))
          continue; // lifetime, assume, prefetch
        if (!Call->isArgOperand(&U) || Call->isInlineAsm()) {
          unknown();
          continue;
        }
        Use C = of(*Call, Call->getArgOperandNo(&U), Depth + 1);
        T.Writes |= C.Writes;
        T.Steers |= C.Steers;
      } else if (!isa<CmpInst>(I)) {
        unknown(); // returned, an atomic: not followed
      }
    }
  }
  return Memo[{F, A}] = T;
}

std::optional<int64_t> stepOf(const StoreInst &SI) {
  const DataLayout &DL = SI.getDataLayout();
  const Value *V = SI.getValueOperand(), *From = nullptr;
  int64_t Delta = 0;
  if (auto *Op = dyn_cast<BinaryOperator>(V)) {
    auto *C = dyn_cast<ConstantInt>(Op->getOperand(1));
    if (!C || C->getBitWidth() > 64 || (Op->getOpcode() != Instruction::Add && Op->getOpcode() != Instruction::Sub))
      return std::nullopt;
    Delta = Op->getOpcode() == Instruction::Add ? C->getSExtValue() : -C->getSExtValue();
    From = Op->getOperand(0);
  } else if (V->getType()->isPointerTy()) {
    std::tie(From, Delta) = fieldOf(V, DL); // a pointer moved by whole elements
  }
  auto *Ld = dyn_cast_or_null<LoadInst>(From);
  if (!Ld || !Delta || fieldOf(Ld->getPointerOperand(), DL) != fieldOf(SI.getPointerOperand(), DL))
    return std::nullopt;
  return Delta;
}

void FieldSteps::add(const Instruction &I, Steps &Out, unsigned Depth) {
  const DataLayout &DL = I.getDataLayout();
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    if (std::optional<int64_t> D = stepOf(*SI))
      Out[fieldOf(SI->getPointerOperand(), DL)].insert(*D);
    return;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || F->isDeclaration() || F->isVarArg() || CB->isInlineAsm() || Depth > 4)
    return;
  for (unsigned A = 0; A != CB->arg_size() && A != F->arg_size(); ++A)
    if (CB->getArgOperand(A)->getType()->isPointerTy() && !CB->doesNotAccessMemory(A)) {
      auto [Object, Offset] = fieldOf(CB->getArgOperand(A), DL);
      for (const auto &[Field, Deltas] : of(*F, A, Depth + 1))
        Out[{Object, Offset + Field}].insert(Deltas.begin(), Deltas.end());
    }
}

const std::map<int64_t, std::set<int64_t>> &FieldSteps::of(const Function &F, unsigned A, unsigned Depth) {
  auto [It, New] = Memo.try_emplace({&F, A}); // a recursive call adds nothing
  if (!New)
    return It->second;
  Steps Found;
  for (const Instruction &I : instructions(F))
    if (isa<StoreInst>(I) || isa<CallBase>(I))
      add(I, Found, Depth);
  std::map<int64_t, std::set<int64_t>> Own;
  for (auto &[Field, Deltas] : Found)
    if (Field.first == F.getArg(A))
      Own[Field.second] = std::move(Deltas);
  return Memo[{&F, A}] = std::move(Own);
}

bool FieldSteps::churns(const Steps &S, const Value *Object) {
  std::map<int64_t, unsigned> Advanced; // step -> fields only advanced by it
  for (auto It = S.lower_bound({Object, INT64_MIN}); It != S.end() && It->first.first == Object; ++It) {
    const std::set<int64_t> &D = It->second;
    if (any_of(D, [&](int64_t C) { return C > 0 && D.count(-C); }))
      return true;
    if (D.size() == 1 && *D.begin() > 0 && ++Advanced[*D.begin()] == 2)
      return true;
  }
  return false;
}

} // namespace steady
