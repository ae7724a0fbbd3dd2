//===- FoldedLiterals.cpp - literal operands folded into the code -------===//
//
// The payload's own literal operands, recorded by steady-protect before the
// optimizer runs (literalOperandsOf), and what the optimized code made of
// them (foldedLiterals): a divisor turned into a multiplication and shifts,
// a loop's multiplier reassociated into its power (7^10: one multiplication
// in ten runs). If the literal stands for input data, the measurement is of
// other code than the benchmark means.
//
//===----------------------------------------------------------------------===//
#include <set>

#include "Checks.h"
#include "Protect.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace steady {

namespace {

// How often the body of L runs (0: not known): the backedges taken before its
// one exit, plus the last pass when the exit is tested at the end (a rotated loop).
unsigned timesRun(const Loop &L, ScalarEvolution &SE) {
  BasicBlock *Exiting = L.getExitingBlock();
  auto *N = Exiting ? dyn_cast<SCEVConstant>(SE.getExitCount(&L, Exiting)) : nullptr;
  if (!N || N->getAPInt().getActiveBits() > 31 || (Exiting != L.getHeader() && Exiting != L.getLoopLatch()))
    return 0;
  return unsigned(N->getAPInt().getZExtValue()) + (Exiting == L.getLoopLatch() ? 1 : 0);
}

} // namespace

MDNode *literalOperandsOf(Function &F, LoopInfo &LI, ScalarEvolution &SE) {
  LLVMContext &C = F.getContext();
  SmallVector<Metadata *, 4> Ops;
  auto Add = [&](StringRef Kind, ConstantInt *Lit, unsigned Trips, const Instruction &I) {
    Ops.push_back(MDNode::get(C, {MDString::get(C, Kind), ConstantAsMetadata::get(Lit),
                                  ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), Trips)),
                                  I.getDebugLoc().getAsMDNode()}));
  };
  for (Instruction &I : instructions(F)) {
    auto *BO = dyn_cast<BinaryOperator>(&I);
    if (!BO || !I.getType()->isIntegerTy())
      continue;
    switch (BO->getOpcode()) {
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
      // A power of two is a shift in any code (collatz's n / 2, a ring
      // index % 65536): no measurement expects a divide there.
      if (auto *Lit = dyn_cast<ConstantInt>(BO->getOperand(1));
          Lit && !Lit->isZero() && !Lit->isMinusOne() && !Lit->getValue().abs().isPowerOf2())
        Add("div", Lit, 0, I);
      break;
    case Instruction::Mul: {
      // x *= 7 (or x = x * a + c) in a loop: the multiplier of a recurrence,
      // which unrolling and reassociation turn into its powers.
      Loop *L = LI.getLoopFor(I.getParent());
      BasicBlock *Latch = L ? L->getLoopLatch() : nullptr;
      for (unsigned K : {0u, 1u}) {
        auto *Phi = dyn_cast<PHINode>(BO->getOperand(K));
        auto *Lit = dyn_cast<ConstantInt>(BO->getOperand(1 - K));
        if (!Latch || !Phi || !Lit || Phi->getParent() != L->getHeader() || Lit->getValue().ule(1) ||
            Lit->getValue().isPowerOf2())
          continue;
        Value *Next = Phi->getIncomingValueForBlock(Latch);
        auto *Step = dyn_cast<BinaryOperator>(Next);
        if (Next == BO || (Step && Step->getOpcode() == Instruction::Add && is_contained(Step->operands(), BO) &&
                           any_of(Step->operands(), [](const Value *V) { return isa<ConstantInt>(V); })))
          Add("mul", Lit, timesRun(*L, SE), I);
        break;
      }
      break;
    }
    default:
      break;
    }
  }
  return MDNode::get(C, Ops);
}

namespace {

// The constant operand of I (scalar, or a splat), if I is Opcode with one.
const APInt *constantOperand(const Instruction &I, unsigned Opcode, unsigned Index) {
  if (I.getOpcode() != Opcode || I.getNumOperands() <= Index)
    return nullptr;
  auto *C = dyn_cast<Constant>(I.getOperand(Index));
  if (C && C->getType()->isVectorTy())
    C = C->getSplatValue();
  auto *CI = dyn_cast_or_null<ConstantInt>(C);
  return CI ? &CI->getValue() : nullptr;
}

bool sameValue(const APInt &A, const APInt &B) {
  unsigned W = std::min(A.getBitWidth(), B.getBitWidth());
  return A.trunc(W) == B.trunc(W);
}

// Does the optimized code still divide by Lit (an integer division, which
// code generation turns into a multiplication and shifts)?
bool dividesBy(const Function &F, const APInt &Lit) {
  for (const Instruction &I : instructions(F))
    for (unsigned Op : {Instruction::UDiv, Instruction::SDiv, Instruction::URem, Instruction::SRem})
      if (const APInt *D = constantOperand(I, Op, 1); D && sameValue(*D, Lit))
        return true;
  return false;
}

// The power of Lit the optimized code multiplies by (7^10 after unrolling
// `x *= 7` ten times), at most Trips (0: unknown); 0 if none.
unsigned powerMultiplied(const Function &F, const APInt &Lit, unsigned Trips) {
  unsigned Limit = Trips ? Trips : 1024;
  for (const Instruction &I : instructions(F))
    for (unsigned Index : {0u, 1u}) {
      const APInt *K = constantOperand(I, Instruction::Mul, Index);
      if (!K)
        continue;
      APInt C = Lit.sextOrTrunc(K->getBitWidth()), P = C;
      for (unsigned N = 2; N <= Limit; ++N)
        if ((P *= C) == *K)
          return N;
    }
  return 0;
}

} // namespace

SmallVector<Finding, 2> foldedLiterals(Function &F, const MDNode *Ops) {
  SmallVector<Finding, 2> Out;
  if (!Ops)
    return Out;
  std::set<std::pair<std::string, std::string>> Told; // one finding per operation and literal
  for (const MDOperand &Op : Ops->operands()) {
    auto *N = cast<MDNode>(Op.get());
    bool Div = cast<MDString>(N->getOperand(0))->getString() == "div";
    const APInt &Lit = mdconst::extract<ConstantInt>(N->getOperand(1))->getValue();
    unsigned Trips = mdconst::extract<ConstantInt>(N->getOperand(2))->getZExtValue();
    Finding Fd(Defect::FoldedLiteral, nullptr, DebugLoc(cast_or_null<DILocation>(N->getOperand(3).get())),
               Div ? "division" : "multiplication");
    Fd.Literals.push_back({toString(Lit, 10, /*Signed=*/true), Fd.Loc});
    if (!Div)
      Fd.Power = powerMultiplied(F, Lit, Trips);
    if (Div ? !dividesBy(F, Lit) : Fd.Power < 2)
      continue;
    Fd.Trips = Trips;
    if (Told.insert({Fd.What, Fd.Literals.front().Value}).second)
      Out.push_back(std::move(Fd));
  }
  return Out;
}

} // namespace steady
