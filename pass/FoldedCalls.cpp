//===- FoldedCalls.cpp - calls of a measurement loop computed before it runs --===//
//
// A Google Benchmark loop that calls the code under test on an input the
// benchmark set up as data (`T val{120};` before the loop, an element of a
// constant array) may not run that call at all: the optimizer knows the input,
// computes the call at compile time (or once, before the loop) and the loop
// measures only what is done with the result. seqan3's to_char<T>:
// `std::to_chars(buf, end, val)` becomes one store of "120\0" and the loop
// measures strlen and ostream insertion; combined<std>: isalpha(arr[i]) on a
// constexpr array of zeros is called once before the loop, isdigit folded,
// only isblank left. Before optimization the audit notes such calls (their
// source positions); after it, those of which nothing runs in the loop any
// more are a finding.
//
// Not noted: a literal written at the call itself (`IDivDuration(d,
// absl::Nanoseconds(1), &rem)`: a unit, configuration, constant in production
// too), calls that compute nothing (a constructor storing its arguments),
// memory intrinsics (their stores are the work) and the State's machinery.
//
//===----------------------------------------------------------------------===//
#include <set>

#include "Checks.h"
#include "Protect.h"
#include "TimedLoop.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace steady {

namespace {

bool isNumeric(const Type *T) { return (T->isIntegerTy() && !T->isIntegerTy(1)) || T->isFloatingPointTy(); }

// A global array every element of which is the same constant (a constexpr
// array value-initialised: all zeros): any element read is known.
bool isUniformConstant(const GlobalVariable &G) {
  if (!G.isConstant() || !G.hasDefinitiveInitializer())
    return false;
  const Constant *Init = G.getInitializer();
  if (Init->isNullValue() || Init->getSplatValue(/*AllowPoison=*/false))
    return true;
  auto *Seq = dyn_cast<ConstantDataSequential>(Init);
  if (!Seq || !Seq->getNumElements())
    return false;
  for (unsigned I = 1; I != Seq->getNumElements(); ++I)
    if (Seq->getElementAsConstant(I) != Seq->getElementAsConstant(0))
      return false;
  return true;
}

// The uniform constant array a pointer points into: directly, or through an
// accessor defined here that is given its address (std::array's operator[],
// not inlined yet: whatever element it returns holds the same value).
const GlobalVariable *uniformArrayOf(const Value *Ptr) {
  Ptr = getUnderlyingObject(Ptr);
  if (auto *CB = dyn_cast<CallBase>(Ptr); CB && CB->getCalledFunction() && !CB->getCalledFunction()->isDeclaration())
    for (const Value *A : CB->args())
      if (A->getType()->isPointerTy())
        if (auto *G = uniformArrayOf(A))
          return G;
  auto *G = dyn_cast<GlobalVariable>(Ptr);
  return G && isUniformConstant(*G) ? G : nullptr;
}

// Is V known at compile time (in the SSA copy)? A constant, a read of a
// uniform constant array (Array: that array), or arithmetic on those.
bool known(const Value *V, const GlobalVariable *&Array, unsigned Depth = 0) {
  if (isa<UndefValue>(V))
    return false;
  if (isa<ConstantInt>(V) || isa<ConstantFP>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 6)
    return false;
  if (auto *Ld = dyn_cast<LoadInst>(I)) {
    const GlobalVariable *G = uniformArrayOf(Ld->getPointerOperand());
    if (Ld->isVolatile() || !G)
      return false;
    Array = G;
    return true;
  }
  if (!isa<CastInst>(I) && !isa<BinaryOperator>(I) && !isa<CmpInst>(I) && !isa<SelectInst>(I) && !isa<FreezeInst>(I))
    return false;
  return all_of(I->operands(), [&](const Value *Op) { return known(Op, Array, Depth + 1); });
}

// Does a call compute something, as far as the callee's body tells (a few
// calls deep): arithmetic, or a call of code not here (a library function)?
// Not a constructor storing its arguments, an allocation, a copy.
bool computes(const Function &F, unsigned Depth, SmallPtrSetImpl<const Function *> &Seen);

bool callComputes(const CallBase &CB, unsigned Depth, SmallPtrSetImpl<const Function *> &Seen) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || CB.isInlineAsm() || isMarker(CB) || isa<MemIntrinsic>(CB) || isAllocationOrThrow(*Callee) ||
      CB.doesNotReturn())
    return false;
  if (Callee->isIntrinsic())
    return CB.getType()->isFPOrFPVectorTy(); // maths (sqrt, pow), not bit tricks
  if (Callee->isDeclaration())
    return true;
  return Depth < 4 && Seen.insert(Callee).second && computes(*Callee, Depth + 1, Seen);
}

bool computes(const Function &F, unsigned Depth, SmallPtrSetImpl<const Function *> &Seen) {
  for (const Instruction &I : instructions(F)) {
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (callComputes(*CB, Depth, Seen))
        return true;
    } else if (isCostly(I)) {
      return true;
    }
  }
  return false;
}

// The argument as the benchmark wrote it (in the function itself, before SSA
// promotion): a value read from a variable or an array, through conversions.
// A literal written at the call is configuration, not data.
const LoadInst *readFrom(const Value *V) {
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    if (auto *Ld = dyn_cast<LoadInst>(V))
      return Ld;
    auto *Cast = dyn_cast<CastInst>(V);
    if (!Cast)
      return nullptr;
    V = Cast->getOperand(0);
  }
  return nullptr;
}

// Where the local a load reads was given its literal: the store of a constant
// into it (`T val{120};`), if there is one (into the variable itself, not
// into a field of an aggregate).
const StoreInst *literalStore(const LoadInst &Ld) {
  auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ld.getPointerOperand()));
  if (!AI)
    return nullptr;
  for (const User *U : AI->users())
    if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == AI && isa<Constant>(SI->getValueOperand()))
      return SI;
  return nullptr;
}

std::string text(const Constant &C) {
  std::string S;
  raw_string_ostream OS(S);
  if (auto *CI = dyn_cast<ConstantInt>(&C))
    OS << CI->getValue();
  else if (auto *CF = dyn_cast<ConstantFP>(&C))
    OS << format("%g", CF->getValueAPF().convertToDouble());
  return S;
}

// Operands of one noted call.
enum CallField : unsigned { CPosition, CCall, CCallee, CName, CInput, CInputLoc, CArray, CPointers, CNumFields };

} // namespace

MDNode *callsOnKnownInputs(Function &Copy, const TimedRegion &R, LoopInfo &LI,
                           function_ref<const Instruction *(const Instruction &)> Original) {
  LLVMContext &C = Copy.getContext();
  SmallVector<Metadata *, 4> Calls;
  for (Instruction &I : instructions(Copy)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !R.inLoop(I, LI) || isStateMachinery(I) || isSink(I) ||
        CxxName::of(*Callee).Context == "benchmark") // DoNotOptimize, ClobberMemory
      continue;
    auto *Orig = dyn_cast_or_null<CallBase>(Original(I));
    uint64_t P = Orig ? positionOf(Orig->getDebugLoc()) : 0;
    if (!P || !R.Positions.count(P))
      continue;
    // Every numeric argument known, at least one read from data.
    const GlobalVariable *Array = nullptr;
    const LoadInst *Data = nullptr;
    bool AllKnown = true, Any = false;
    for (unsigned A = 0; A != CB->arg_size() && AllKnown; ++A) {
      if (!isNumeric(CB->getArgOperand(A)->getType()))
        continue;
      Any = true;
      AllKnown = known(CB->getArgOperand(A), Array);
      if (const LoadInst *Ld = readFrom(Orig->getArgOperand(A)); Ld && !Data)
        Data = Ld;
    }
    SmallPtrSet<const Function *, 8> Seen;
    if (!Any || !AllKnown || !Data || !callComputes(*CB, 0, Seen))
      continue;
    // The input to name: the array, or the literal the variable was given
    // before the loop (not a temporary of the loop's own statement: an
    // initializer list's length, `InlinedVector<int, 4> src{1, 2, 3}`).
    std::string Input;
    DILocation *InputLoc = nullptr;
    if (!Array) {
      const StoreInst *SI = literalStore(*Data);
      if (!SI || R.Positions.count(positionOf(SI->getDebugLoc())))
        continue;
      Input = text(*cast<Constant>(SI->getValueOperand()));
      InputLoc = SI->getDebugLoc().get();
    }
    auto Int = [&](uint64_t V) { return ConstantAsMetadata::get(ConstantInt::get(Type::getInt64Ty(C), V)); };
    Metadata *Ops[CNumFields] = {Int(P),
                                 Orig->getDebugLoc().getAsMDNode(),
                                 MDString::get(C, Callee->getName()),
                                 MDString::get(C, userName(*Callee)),
                                 MDString::get(C, Input),
                                 InputLoc,
                                 MDString::get(C, Array ? demangle(Array->getName().str()) : ""),
                                 Int(any_of(CB->args(), [](const Value *A) { return A->getType()->isPointerTy(); }))};
    Calls.push_back(MDNode::get(C, Ops));
  }
  return MDNode::get(C, Calls);
}

std::optional<Finding> callsComputedBeforeLoop(Function &Opt, const TimedRegion &R, const MDNode *Calls) {
  if (!Calls || !Calls->getNumOperands())
    return std::nullopt;
  DominatorTree DT(Opt);
  LoopInfo LI(DT);
  // The measurement loops left: those holding code of the body.
  SmallPtrSet<const Loop *, 2> Measured;
  for (const Loop *L : LI)
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &I : *BB)
        if (R.Positions.count(positionOf(I.getDebugLoc())) && !isStateMachinery(I))
          Measured.insert(L);
  if (Measured.empty())
    return std::nullopt; // an empty loop: told as one
  auto InMeasured = [&](const Instruction &I) {
    const Loop *L = LI.getLoopFor(I.getParent());
    return L && Measured.count(L->getOutermostLoop());
  };
  // What still runs at a position in the loop: anything but a constant
  // stored (the folded result itself, "120\0") and control.
  std::set<uint64_t> Running, Before;
  std::set<StringRef> CalledIn, CalledBefore; // callees still called in the loop, called outside it
  for (Instruction &I : instructions(Opt)) {
    if (isMarker(I) || isa<PHINode>(I) || isStateMachinery(I))
      continue;
    if (auto *BI = dyn_cast<BranchInst>(&I); BI && BI->isUnconditional())
      continue;
    if (auto *SI = dyn_cast<StoreInst>(&I); SI && isa<Constant>(SI->getValueOperand()))
      continue;
    uint64_t P = positionOf(I.getDebugLoc());
    auto *CB = dyn_cast<CallBase>(&I);
    if (InMeasured(I)) {
      Running.insert(P);
      if (CB && CB->getCalledFunction())
        CalledIn.insert(CB->getCalledFunction()->getName());
    } else if (isCostly(I)) {
      Before.insert(P);
      if (CB && CB->getCalledFunction())
        CalledBefore.insert(CB->getCalledFunction()->getName());
    }
  }
  Finding Fd(Defect::FoldedCall);
  SmallSet<StringRef, 4> Named;
  for (const MDOperand &Op : Calls->operands()) {
    auto *N = cast<MDNode>(Op.get());
    uint64_t P = mdconst::extract<ConstantInt>(N->getOperand(CPosition))->getZExtValue();
    StringRef Callee = cast<MDString>(N->getOperand(CCallee))->getString();
    // Its callee still called in the loop: a second call on the same input
    // merged into the first (CSE), not computed before the loop.
    if (Running.count(P) || CalledIn.count(Callee) || !Named.insert(Callee).second)
      continue;
    bool Once = Before.count(P) || CalledBefore.count(Callee);
    // Hoisted, a call given memory may have been hoisted for reading memory
    // the loop does not write, known or not: the hoisted check's to judge.
    if (Once && mdconst::extract<ConstantInt>(N->getOperand(CPointers))->isOne())
      continue;
    if (Fd.Calls.empty()) // shown at the first call
      Fd.Loc = DebugLoc(cast_or_null<DILocation>(N->getOperand(CCall).get()));
    Fd.Calls.push_back({cast<MDString>(N->getOperand(CName))->getString().str(), Once});
    StringRef Input = cast<MDString>(N->getOperand(CInput))->getString();
    StringRef Array = cast<MDString>(N->getOperand(CArray))->getString();
    if (!Array.empty())
      Fd.What = Array.str();
    else if (!Input.empty() && none_of(Fd.Literals, [&](const Literal &L) { return L.Value == Input; }))
      Fd.Literals.push_back({Input.str(), DebugLoc(cast_or_null<DILocation>(N->getOperand(CInputLoc).get()))});
  }
  if (Fd.Calls.empty())
    return std::nullopt;
  return Fd;
}

} // namespace steady
