//===- ProtectPass.cpp - steady-protect -----------------------------------===//
#include <optional>

#include "Protect.h"
#include "SteadyPass.h"
#include "TimedLoop.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

// Counted in release builds of LLVM too (-stats, -stats-json; Debian's LLVM
// has no assertions, where STATISTIC counts nothing).
ALWAYS_ENABLED_STATISTIC(NumProtected, "Payloads protected");
ALWAYS_ENABLED_STATISTIC(NumOpaqueInputs, "Compile-time-known payload inputs read through volatile loads");
ALWAYS_ENABLED_STATISTIC(NumSinks, "Dead payload values consumed by sinks and written local objects escaped");

// Each half can be turned off to show what it protects against (AutoJMH's
// evaluation provoked DCE by turning sink maximization off).
static cl::opt<bool> ClSinks("steady-sinks", cl::init(true),
                             cl::desc("Consume dead payload values and escape written local "
                                      "objects (steady-protect)"));
static cl::opt<bool> ClCallees("steady-callees", cl::init(true),
                               cl::desc("Consume dead values in payload-private copies of the user "
                                        "functions a payload calls (steady-protect)"));
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

unsigned sinkDeadValues(Function &F, FunctionAnalysisManager &FAM, OptimizationRemarkEmitter *ORE,
                        const ProtectedScope *Scope) {
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  SinkCover Cover = computeSinkCover(F, LI, FAM.getResult<TargetLibraryAnalysis>(F));
  if (Scope)
    erase_if(Cover.Sites, [&](const SinkSite &S) { return !Scope->contains(*S.V); });
  unsigned N = insertSinks(F, Cover, DT, LI, ORE);
  N += escapeLocalObjects(F, ORE, Scope);
  FAM.invalidate(F, PreservedAnalyses::none());
  return N;
}

Function *cloneNamed(Function &F, const Twine &Name, ValueToValueMapTy *Map) {
  std::string Base = Name.str(), Unique = Base;
  for (unsigned N = 1; F.getParent()->getNamedValue(Unique); ++N)
    Unique = Base + "." + std::to_string(N);
  Function *C = Function::Create(F.getFunctionType(), F.getLinkage(), F.getAddressSpace(), Unique, F.getParent());
  ValueToValueMapTy Own;
  ValueToValueMapTy &VMap = Map ? *Map : Own;
  Function::arg_iterator To = C->arg_begin();
  for (const Argument &A : F.args()) {
    To->setName(A.getName());
    VMap[&A] = &*To++;
  }
  SmallVector<ReturnInst *, 8> Returns;
  CloneFunctionInto(C, &F, VMap, CloneFunctionChangeType::LocalChangesOnly, Returns);
  return C;
}

namespace {

void setMark(GlobalVariable &Mark) {
  Type *Ty = Mark.getValueType();
  if (Ty->isIntegerTy())
    Mark.setInitializer(ConstantInt::get(Ty, 1));
}

// How deep into the user's call graph payload-private clones go.
constexpr unsigned MaxCloneDepth = 4;

// User functions defined in this module that the payload calls, directly or
// through other such functions, are the code under test. The optimizer
// deletes what they compute on their own locals (`void touch(v) { s += ... }`)
// once it sees their body, inlined or not, so they get payload-private copies
// with their dead values consumed; the originals, which the rest of the
// program may call, are untouched. Their constants are not made opaque: they
// belong to the code under test (pow(x, 2.0) is x * x in production too); a
// result folded from them is reported instead (FindingsPass).
class CalleeClones {
  FunctionAnalysisManager &FAM;
  DenseMap<Function *, Function *> CloneOf;
  SmallVector<Function *, 8> Clones;

  Function *cloneFor(Function &Callee) {
    Function *&C = CloneOf[&Callee];
    if (!C) {
      C = cloneNamed(Callee, Callee.getName() + ".steady.protected");
      C->setLinkage(GlobalValue::InternalLinkage);
      C->setVisibility(GlobalValue::DefaultVisibility);
      C->setComdat(nullptr);
      Clones.push_back(C);
    }
    return C;
  }

public:
  explicit CalleeClones(FunctionAnalysisManager &FAM) : FAM(FAM) {}

  bool eligible(const Function *Callee, const SmallPtrSetImpl<Function *> &Payloads) const {
    return Callee && !Callee->isDeclaration() && !Callee->isIntrinsic() && !Payloads.count(Callee) &&
           !Callee->hasFnAttribute(ProtectedAttr) && !Callee->hasFnAttribute(Attribute::OptimizeNone) &&
           !Callee->isVarArg() && !isLibraryCode(*Callee) && !CloneOf.count(const_cast<Function *>(Callee));
  }

  // Redirects the payload's calls in Scope (and its clones' calls) to clones.
  void redirect(Function &Payload, const SmallPtrSetImpl<Function *> &Payloads, const ProtectedScope *Scope) {
    SmallVector<std::pair<Function *, unsigned>, 8> Work{{&Payload, 0}};
    while (!Work.empty()) {
      auto [Fn, Depth] = Work.pop_back_val();
      if (Depth >= MaxCloneDepth)
        continue;
      for (Instruction &I : instructions(*Fn)) {
        auto *CB = dyn_cast<CallBase>(&I);
        Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (!Callee || (Fn == &Payload && Scope && !Scope->contains(I)))
          continue;
        if (Function *Known = CloneOf.lookup(Callee)) {
          CB->setCalledFunction(Known);
          continue;
        }
        if (!eligible(Callee, Payloads))
          continue;
        Function *C = cloneFor(*Callee);
        CB->setCalledFunction(C);
        Work.push_back({C, Depth + 1});
      }
    }
  }

  // Consumes each clone's dead values; a clone that needed nothing, and calls
  // no clone that did, is folded back into its original.
  void protect() {
    SmallPtrSet<Function *, 8> Kept;
    for (Function *C : Clones) {
      promoteToSSA(*C, FAM);
      auto *ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(*C);
      if (sinkDeadValues(*C, FAM, ORE))
        Kept.insert(C);
    }
    auto CallsKept = [&](Function *C) {
      for (Instruction &I : instructions(*C))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *Callee = CB->getCalledFunction(); Callee && Callee != C && Kept.count(Callee))
            return true;
      return false;
    };
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (Function *C : Clones)
        if (!Kept.count(C) && CallsKept(C))
          Grew = Kept.insert(C).second;
    }
    for (auto [Orig, C] : CloneOf) {
      if (Kept.count(C)) {
        C->addFnAttr(ProtectedAttr);
        pinLayout(*C);
        continue;
      }
      FAM.clear(*C, C->getName());
      C->replaceAllUsesWith(Orig);
      C->eraseFromParent();
    }
  }
};

// The harness that runs a payload in its measured loop (the runtime's
// steady::detail::run_batch<B>) is tagged with the payload's name, so that
// FindingsPass finds the measured code at the end of the pipeline.
void tagHarnesses(Function &Payload) {
  for (User *U : Payload.users()) {
    auto *CB = dyn_cast<CallBase>(U);
    if (!CB || CB->getCalledFunction() != &Payload)
      continue;
    Function *H = CB->getFunction();
    CxxName N = CxxName::of(*H);
    if (N.Context == "steady::detail" && StringRef(N.Base).starts_with("run_batch")) {
      H->addFnAttr(HarnessAttr, Payload.getName());
      pinLayout(*H);
    }
  }
}

// The steps of protection, in order. A payload is protected whole. In a
// Google Benchmark function the body of its measurement loop is the payload
// (TimedScope, recomputed after each step that changes the function): its
// inputs are read every iteration at the loop's header, where a payload's are
// read once per invocation. It is not inlined into the function that runs it
// (one call per batch): steady-findings judges it by its TimedRegion.
void protectBody(Function &F, bool GBench, FunctionAnalysisManager &FAM, OptimizationRemarkEmitter *ORE,
                 CalleeClones &Callees, const SmallPtrSetImpl<Function *> &PayloadFns) {
  if (GBench && !F.getSubprogram())
    giveLineTables(F); // dropped by steady-findings once it has judged the function
  std::optional<TimedScope> Timed;
  auto Scope = [&]() -> const ProtectedScope * {
    if (!GBench)
      return nullptr;
    Timed.emplace(F, FAM.getResult<LoopAnalysis>(F));
    return &*Timed;
  };
  if (ClOpaqueInputs) {
    NumOpaqueInputs += makeInputsOpaque(F, ORE, "steady.opaque", Scope());
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  promoteToSSA(F, FAM);
  if (ClOpaqueInputs)
    NumOpaqueInputs += makeRecurrenceStartsOpaque(F, FAM, ORE, Scope());
  if (ClSinks) {
    NumSinks += sinkDeadValues(F, FAM, ORE, Scope());
    if (ClCallees)
      Callees.redirect(F, PayloadFns, Scope());
  }
  if (GBench) {
    TimedRegion R = TimedRegion::of(F, FAM.getResult<LoopAnalysis>(F));
    R.First = {}; // no location in a function's attachment (the verifier); the runner's findings show none
    F.setMetadata(TimedMD, R.toMD(F.getContext()));
    F.addFnAttr(Attribute::NoInline);
  }
}

} // namespace

PreservedAnalyses ProtectPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  const auto &Payloads = MAM.getResult<PayloadsAnalysis>(M);
  SmallPtrSet<Function *, 8> PayloadFns;
  for (const Payload &P : Payloads)
    PayloadFns.insert(P.F);
  CalleeClones Callees(FAM);
  for (const Payload &P : Payloads) {
    Function &F = *P.F;
    if (F.hasFnAttribute(ProtectedAttr)) {
      // A Google Benchmark function registered twice: each registration is told.
      if (P.GBench && P.Mark)
        setMark(*P.Mark);
      continue; // protection is idempotent: never sink a sink
    }
    auto *ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    protectBody(F, P.GBench, FAM, ORE, Callees, PayloadFns);
    if (!callsFold(F))
      F.setMetadata(InputsMD, constantInputsOf(F));
    // A test body's literals are its logic, not data standing in for input.
    if (!P.GBench && !callsFold(F) && !isTestBody(F))
      F.setMetadata(LiteralOpsMD,
                    literalOperandsOf(F, FAM.getResult<LoopAnalysis>(F), FAM.getResult<ScalarEvolutionAnalysis>(F)));
    tagHarnesses(F);
    F.addFnAttr(ProtectedAttr);
    pinLayout(F);
    if (P.Mark)
      setMark(*P.Mark);
    FAM.invalidate(F, PreservedAnalyses::none());
    ++NumProtected;
    Changed = true;
  }
  Callees.protect();
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
