//===- Payloads.cpp - find benchmark payloads -----------------------------===//
//
// clang records STEADY_PAYLOAD_ATTR, __attribute__((annotate("steady.payload",
// &mark, &findings))), in @llvm.global.annotations as
// { ptr fn, ptr str, ptr file, i32 line, ptr args }, where args points to a
// constant struct holding &mark (STEADY_BENCH's protected_by_plugin) and
// &findings (its compile_findings). -steady-all-payloads treats every defined
// function as a payload, without either.
//
//===----------------------------------------------------------------------===//
#include "SteadyPass.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

// For testing that protection preserves semantics: protect a whole real
// program, every function as if it were a payload, and compare its output.
static cl::opt<bool> ClAllPayloads("steady-all-payloads", cl::init(false), cl::Hidden,
                                   cl::desc("Treat every defined function as a payload"));

namespace steady {

AnalysisKey PayloadsAnalysis::Key;

static StringRef annotationString(Constant *C) {
  auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return {};
  auto *Data = dyn_cast<ConstantDataArray>(GV->getInitializer());
  return Data && Data->isCString() ? Data->getAsCString() : StringRef();
}

// The annotation's I-th argument: 0 the mark, 1 the findings pointer (an
// annotation written without it has only the mark).
static GlobalVariable *globalFromArgs(Constant *Args, unsigned I) {
  auto *GV = dyn_cast<GlobalVariable>(Args->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return nullptr;
  auto *S = dyn_cast<ConstantStruct>(GV->getInitializer());
  if (!S || S->getNumOperands() <= I)
    return nullptr;
  return dyn_cast<GlobalVariable>(S->getOperand(I)->stripPointerCasts());
}

PayloadsAnalysis::Result PayloadsAnalysis::run(Module &M, ModuleAnalysisManager &) {
  Result Payloads;
  if (ClAllPayloads) {
    for (Function &F : M)
      if (!F.isDeclaration())
        Payloads.push_back({&F});
    return Payloads;
  }
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  auto *Entries =
      Annotations && Annotations->hasInitializer() ? dyn_cast<ConstantArray>(Annotations->getInitializer()) : nullptr;
  for (Value *Op : Entries ? Entries->operands() : ArrayRef<Use>()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    if (!F || F->isDeclaration() || annotationString(Entry->getOperand(1)) != PayloadAnnotation)
      continue;
    if (any_of(Payloads, [&](const Payload &P) { return P.F == F; }))
      continue;
    Constant *Args = Entry->getNumOperands() >= 5 ? Entry->getOperand(4) : nullptr;
    Payloads.push_back({F, Args ? globalFromArgs(Args, 0) : nullptr, Args ? globalFromArgs(Args, 1) : nullptr});
  }
  addTestBodies(M, Payloads);
  return Payloads;
}

PreservedAnalyses PayloadsPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  OS << "steady payloads in '" << M.getModuleIdentifier() << "':\n";
  for (const Payload &P : MAM.getResult<PayloadsAnalysis>(M)) {
    OS << "  payload @" << P.F->getName();
    if (P.Mark)
      OS << " mark @" << P.Mark->getName();
    if (P.Findings)
      OS << " findings @" << P.Findings->getName();
    OS << "\n";
  }
  return PreservedAnalyses::all();
}

} // namespace steady
