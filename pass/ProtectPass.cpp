//===- ProtectPass.cpp - steady-protect -----------------------------------===//
#include "Protect.h"
#include "SteadyPass.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/SROA.h"

using namespace llvm;

// Each half can be turned off to show what it protects against (AutoJMH's
// evaluation provoked DCE by turning sink maximization off).
static cl::opt<bool> ClSinks("steady-sinks", cl::init(true),
                             cl::desc("Consume dead payload values and escape written local "
                                      "objects (steady-protect)"));
static cl::opt<bool> ClOpaqueInputs("steady-opaque-inputs", cl::init(true),
                                    cl::desc("Read compile-time-known payload inputs through "
                                             "volatile loads (steady-protect)"));

namespace steady {

// Sink maximization reasons about SSA, and the same promotion happens to the
// real code right after the pipeline start anyway.
void promoteToSSA(Function &F, FunctionAnalysisManager &FAM) {
  PreservedAnalyses PA = SROAPass(SROAOptions::ModifyCFG).run(F, FAM);
  FAM.invalidate(F, PA);
}

void sinkDeadValues(Function &F, FunctionAnalysisManager &FAM, OptimizationRemarkEmitter *ORE) {
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  SinkCover Cover = computeSinkCover(F, LI, FAM.getResult<TargetLibraryAnalysis>(F));
  insertSinks(F, Cover, DT, LI, ORE);
  escapeLocalObjects(F, ORE);
  FAM.invalidate(F, PreservedAnalyses::none());
}

namespace {

void setMark(GlobalVariable &Mark) {
  Type *Ty = Mark.getValueType();
  if (Ty->isIntegerTy())
    Mark.setInitializer(ConstantInt::get(Ty, 1));
}

} // namespace

PreservedAnalyses ProtectPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (const Payload &P : MAM.getResult<PayloadsAnalysis>(M)) {
    Function &F = *P.F;
    if (F.hasFnAttribute(ProtectedAttr))
      continue; // protection is idempotent: never sink a sink
    auto *ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    if (ClOpaqueInputs) {
      makeInputsOpaque(F, ORE);
      FAM.invalidate(F, PreservedAnalyses::none());
    }
    promoteToSSA(F, FAM);
    if (ClSinks)
      sinkDeadValues(F, FAM, ORE);
    F.addFnAttr(ProtectedAttr);
    if (P.Mark)
      setMark(*P.Mark);
    FAM.invalidate(F, PreservedAnalyses::none());
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses SinksPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (const Payload &P : MAM.getResult<PayloadsAnalysis>(M)) {
    Function &F = *P.F;
    OS << "steady sinks for @" << F.getName() << ":\n";
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    computeSinkCover(F, LI, FAM.getResult<TargetLibraryAnalysis>(F)).print(OS);
  }
  return PreservedAnalyses::all();
}

} // namespace steady
