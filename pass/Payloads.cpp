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
#include "TimedLoop.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

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

// How many calls deep from a steady.gbench function its measurement loop may
// be (a BENCHMARK_CAPTURE calls the function with its arguments; that one may
// hand the State to a helper).
constexpr unsigned MaxGBenchDepth = 3;

// The functions holding the measurement loop that a steady.gbench function
// runs: itself (a fixture's BenchmarkCase) or what it calls.
static void addMeasurementLoops(Function &Runs, const Payload &Marks, PayloadsAnalysis::Result &Payloads) {
  SmallVector<std::pair<Function *, unsigned>, 4> Work{{&Runs, 0}};
  SmallPtrSet<Function *, 8> Seen{&Runs};
  while (!Work.empty()) {
    auto [F, Depth] = Work.pop_back_val();
    // After steady-protect (at steady-findings) the loop's calls are inlined:
    // the function is known by the region protection recorded on it.
    if (F->hasMetadata(TimedMD) || holdsMeasurementLoop(*F)) {
      if (none_of(Payloads, [&](const Payload &P) { return P.F == F && P.Mark == Marks.Mark; }))
        Payloads.push_back({F, Marks.Mark, Marks.Findings, /*GBench=*/true});
      continue;
    }
    if (Depth == MaxGBenchDepth)
      continue;
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && Seen.insert(Callee).second)
          Work.push_back({Callee, Depth + 1});
  }
}

Payload listedPayload(Module &M, Function &F, const std::string &Base, Constant *Key, StringRef Section) {
  LLVMContext &Ctx = M.getContext();
  auto *Mark = M.getNamedGlobal(Base + ".mark");
  auto *Findings = M.getNamedGlobal(Base + ".findings");
  if (!Mark) {
    auto *Ptr = PointerType::getUnqual(Ctx);
    Mark = new GlobalVariable(M, Type::getInt8Ty(Ctx), false, GlobalValue::InternalLinkage,
                              ConstantInt::get(Type::getInt8Ty(Ctx), 0), Base + ".mark");
    Findings = new GlobalVariable(M, Ptr, false, GlobalValue::InternalLinkage, ConstantPointerNull::get(Ptr),
                                  Base + ".findings");
    StructType *EntryTy = StructType::get(Ptr, Ptr, Ptr);
    auto *Entry = new GlobalVariable(M, EntryTy, true, GlobalValue::InternalLinkage,
                                     ConstantStruct::get(EntryTy, {Key, Mark, Findings}), Base + ".entry");
    Entry->setSection(Section);
    Entry->setAlignment(Align(8));
    appendToUsed(M, {Entry});
  }
  return {&F, Mark, Findings};
}

// The runtime function steady's RegisterBenchmark(name, function) calls: only
// a module that includes steady's header lists its functions (a Google
// Benchmark build, which the audit reads, is left as it is).
constexpr StringLiteral RegisterByAddress = "_ZN9benchmark8internal25RegisterFunctionBenchmarkEPNS0_9BenchmarkEPKv";

void addRegisteredFunctions(Module &M, SmallVectorImpl<Payload> &Payloads) {
  if (!M.getFunction(RegisterByAddress))
    return;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // Listed at the start of the pipeline; at its end (steady-findings) the
    // loop's calls are inlined and the entry is what tells the function.
    const std::string Base = ("steady.gbench." + F.getName()).str();
    if (!M.getNamedGlobal(Base + ".mark") && !(holdsMeasurementLoop(F) && F.hasAddressTaken()))
      continue;
    Payload P = listedPayload(M, F, Base, &F, "steady_gbench_functions");
    P.GBench = true;
    Payloads.push_back(P);
  }
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
    StringRef Kind = annotationString(Entry->getOperand(1));
    if (!F || F->isDeclaration() || (Kind != PayloadAnnotation && Kind != GBenchAnnotation))
      continue;
    Constant *Args = Entry->getNumOperands() >= 5 ? Entry->getOperand(4) : nullptr;
    Payload Marks{F, Args ? globalFromArgs(Args, 0) : nullptr, Args ? globalFromArgs(Args, 1) : nullptr};
    if (Kind == GBenchAnnotation) {
      addMeasurementLoops(*F, Marks, Payloads);
      continue;
    }
    if (any_of(Payloads, [&](const Payload &P) { return P.F == F; }))
      continue;
    Payloads.push_back(Marks);
  }
  addRegisteredFunctions(M, Payloads);
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
    if (P.GBench)
      OS << " gbench";
    OS << "\n";
  }
  return PreservedAnalyses::all();
}

} // namespace steady
