//===- Audit.cpp - steady-audit: what would the optimizer remove? ---------===//
//
// At the pipeline start each audited function (a steady payload, or a
// function running a Google Benchmark measurement loop: a
// `void(benchmark::State&)` benchmark, a helper taking the State& and more, a
// lambda) has its dead computations tagged with metadata. A Google Benchmark
// function is judged in place: the code the plain build compiles, in itself or
// in the function it is inlined into (read in its frame: FrameScope); the audit
// only reads an SSA copy of it, deleted at once, and adds metadata and (at -g0)
// line tables that report() removes. Differential compilation for payloads:
// each gets an unprotected twin and a protected sibling. After protection,
// each payload also gets a synthetic measurement loop
// (a harness calling a copy of the protected payload). A GoogleTest body is
// judged as a payload, on a stand-in (SteadyPass.h): the body stays plain.
// Everything goes through the same optimization pipeline; at its end the
// versions are compared (the judges are Checks.cpp's, shared with
// steady-findings; the words Wording.cpp's):
//
//  - dead-code:     a tagged computation is gone from the unprotected twin
//                   (a Google Benchmark function: from the function itself);
//  - folded-result: the protected payload still returns a compile-time constant;
//  - hoisted:       work present in the payload is outside the harness loop;
//  - mutated-input: the optimized payload writes global data it also reads;
//  - empty-loop:    nothing of a Google Benchmark loop's body is left;
//  - folded-result: also a call of a Google Benchmark loop on inputs known at
//                   compile time that no longer runs in it (FoldedCalls.cpp).
// For Google Benchmark functions only the measurement loop is the payload
// (TimedLoop.cpp).
//
// Findings are clang warnings at file:line:col (-Wpass-failed, so -Werror makes
// them errors) and, with -steady-audit-json=FILE, a JSON summary. The twins and
// harnesses are deleted before code generation: the real code is unchanged.
//
//===----------------------------------------------------------------------===//
#include <map>
#include <set>

#include "Checks.h"
#include "Protect.h"
#include "SteadyPass.h"
#include "TimedLoop.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

static cl::opt<bool> ClAudit("steady-audit", cl::init(false),
                             cl::desc("Warn about what the optimizer removes from or hoists out of "
                                      "benchmark payloads and Google Benchmark functions"));
static cl::opt<std::string> ClAuditJSON("steady-audit-json", cl::init(""), cl::value_desc("file"),
                                        cl::desc("With -steady-audit, also write the findings as JSON to this file "
                                                 "(a directory when it ends with '/': one file per translation unit)"));

ALWAYS_ENABLED_STATISTIC(NumAuditedPayloads, "Payloads audited");
ALWAYS_ENABLED_STATISTIC(NumAuditedGBench, "Google Benchmark functions audited");
ALWAYS_ENABLED_STATISTIC(NumWarnings, "Audit findings");

namespace steady {

namespace {

constexpr const char *DeadTag = "steady.dead";
// The audit's private copies of internal functions its copies call.
constexpr const char *PrivateSuffix = ".steady.private";
constexpr const char *AuditNodes = "steady.audit";
// Functions taking a State whose measurement loop was not found: their names.
constexpr const char *NotAuditedNodes = "steady.audit.not_audited";
constexpr const char *NotAuditedReason = "it takes a State and has a loop, but no loop in it (or in a helper it "
                                         "calls) asks the State for the next iteration (the State's iterator's "
                                         "operator!= or KeepRunning)";

// Operands of one !steady.audit node.
enum Field : unsigned {
  FKind,
  FOrig,
  FTwin,
  FProtected,
  FMeasured,
  FHarness,
  FDead,
  FInputs,
  FName,  // the user's name for it, kept: a helper may be inlined and deleted
  FTimed, // Google Benchmark: the measurement loop (TimedRegion)
  FFrame, // judged in place: the function's DISubprogram, wherever its code was inlined
  FCalls, // judged in place: its loop's calls on inputs known at compile time (callsOnKnownInputs)
  FNumFields
};

// Projections and conversions of a value (the unused bool of set::insert's
// pair, a cast) are not work the benchmark loses when they are deleted, and
// neither is a read whose value nothing uses (a field an iterator loads).
bool isBookkeeping(const Instruction &I) {
  return isa<ExtractValueInst>(I) || isa<InsertValueInst>(I) || isa<CastInst>(I) || isa<PHINode>(I) ||
         isa<FreezeInst>(I) || isa<GetElementPtrInst>(I) || isa<LoadInst>(I);
}

// Is Pred true of the dead code a site keeps alive (IsDead) or of a value
// it reads that is not dead code (!IsDead)?
bool anyDeadCode(const SinkCover &Cover, const SinkSite &S, function_ref<bool(const Value &, bool IsDead)> Pred) {
  SmallPtrSet<const Instruction *, 16> Dead(Cover.Dead.begin(), Cover.Dead.end()), Seen;
  SmallVector<const Instruction *, 16> Work(Cover.members(S).begin(), Cover.members(S).end());
  while (!Work.empty()) {
    const Instruction *I = Work.pop_back_val();
    if (!Seen.insert(I).second)
      continue;
    if (Pred(*I, true))
      return true;
    for (const Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op); OpI && Dead.count(OpI))
        Work.push_back(OpI);
      else if (Pred(*Op, false))
        return true;
  }
  return false;
}

// Does the dead code a site keeps alive contain real computation?
bool computes(const SinkCover &Cover, const SinkSite &S) {
  return anyDeadCode(Cover, S,
                     [](const Value &V, bool IsDead) { return IsDead && !isBookkeeping(cast<Instruction>(V)); });
}

// Does it read a value known only at run time (an argument, memory, a call's
// result, a loop's value), not only literals? Else the optimizer would fold
// it even if it were used: no work is lost.
bool onRunTimeValues(const SinkCover &Cover, const SinkSite &S) {
  return anyDeadCode(Cover, S,
                     [](const Value &V, bool IsDead) { return !IsDead && (isa<Argument>(V) || isa<Instruction>(V)); });
}

// A Google Benchmark function that steady-protect leaves alone (not one of
// steady's BENCHMARK macros) is judged in place: as the plain build compiles
// it, in itself or in the function it was inlined into.
bool judgedInPlace(const Function &F, ArrayRef<Payload> Payloads) {
  return none_of(Payloads, [&](const Payload &P) { return P.F == &F; });
}

// Without debug info: line tables for F and the functions calling it (where
// it is inlined, code without a location is F's: FrameScope).
void giveLineTablesWhereInlined(Function &F) {
  if (!F.getSubprogram())
    giveLineTables(F);
  for (User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == &F && !CB->getFunction()->getSubprogram())
      giveLineTables(*CB->getFunction());
}

// The first function holding code of each frame (a function's DISubprogram),
// inlined or its own.
DenseMap<const DISubprogram *, Function *> hostsOf(Module &M, const SmallPtrSetImpl<const DISubprogram *> &Frames) {
  DenseMap<const DISubprogram *, Function *> Hosts;
  if (Frames.empty())
    return Hosts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      for (const DILocation *L = I.getDebugLoc(); L; L = L->getInlinedAt())
        if (const DISubprogram *SP = L->getScope()->getSubprogram(); Frames.count(SP))
          Hosts.try_emplace(SP, &F);
  return Hosts;
}

MDNode *node(LLVMContext &C, ArrayRef<Metadata *> Ops) { return MDNode::get(C, Ops); }

Metadata *fn(Function *F) { return F ? ValueAsMetadata::get(F) : nullptr; }

Function *fnAt(MDNode *N, unsigned I) {
  if (auto *V = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(I).get()))
    return dyn_cast<Function>(V->getValue());
  return nullptr;
}

// Keep: held alive until the report (the audited copies); the private
// callee copies below must not be, or their one use would be two.
Function *cloneFunction(Function &F, StringRef Suffix, bool Keep = true, ValueToValueMapTy *VMap = nullptr) {
  Function *C = cloneNamed(F, F.getName().split(".steady.").first + Suffix, VMap);
  C->setLinkage(GlobalValue::InternalLinkage);
  C->setComdat(nullptr);
  C->removeFnAttr(ProtectedAttr);
  if (Keep)
    appendToCompilerUsed(*F.getParent(), {C});
  return C;
}

// The functions the audit compares (not the private callee copies).
bool isAuditCopy(const Function &F) {
  StringRef N = F.getName();
  return N.ends_with(".steady.unprotected") || N.ends_with(".steady.protected") || N.ends_with(".steady.measured") ||
         N.ends_with(".steady.harness") || N.ends_with(StandInSuffix);
}

// A copy calls copies of the user's internal functions (transitively), not the
// functions themselves: a function with local linkage and one caller is
// inlined with a bonus, and specialised for its arguments, which a second
// caller would take away, and the real code would change by being audited.
// Shared: private copies already made, for copies that call them together as
// the functions they copy do (null: the copy's own).
void privatizeCallees(Function &Copy, DenseMap<Function *, Function *> *Shared = nullptr) {
  DenseMap<Function *, Function *> Own;
  DenseMap<Function *, Function *> &Copies = Shared ? *Shared : Own;
  SmallVector<Function *, 8> Work{&Copy};
  while (!Work.empty()) {
    Function *G = Work.pop_back_val();
    for (Instruction &I : instructions(*G))
      for (Use &U : I.operands()) {
        auto *Callee = dyn_cast<Function>(U.get());
        if (!Callee || !Callee->hasLocalLinkage() || Callee->isDeclaration() || Callee == &Copy || isAuditCopy(*Callee))
          continue;
        auto [It, New] = Copies.try_emplace(Callee, nullptr);
        if (New) {
          It->second = cloneFunction(*Callee, PrivateSuffix, /*Keep=*/false);
          Work.push_back(It->second);
        }
        U.set(It->second);
      }
  }
}

// A finding as the audit tells it: where, what, and how to fix it.
struct Warning {
  StringRef Kind;
  const Function *In; // for the diagnostic; the twin when a helper was inlined away
  std::string Name;
  DebugLoc Loc;
  std::string Message;
};

class Auditor {
  Module &M;
  FunctionAnalysisManager &FAM;
  std::vector<Warning> Warnings;
  json::Array Audited, NotAudited;
  std::string Name;                    // of the function being reported on
  const DISubprogram *Frame = nullptr; // its frame, when judged where it was inlined
  std::set<std::string> Compared;      // functions a benchmark of the module computes from opaque inputs

public:
  Auditor(Module &M, ModuleAnalysisManager &MAM)
      : M(M), FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()) {}

  void prepare(ArrayRef<Payload> Payloads) {
    unsigned NextId = 0;
    SmallVector<std::pair<Function *, bool>, 8> Audited;
    for (const Payload &P : Payloads)
      if (!P.GBench) // a Google Benchmark function is audited as one, below
        Audited.push_back({P.F, false});
    SmallVector<Function *, 8> TestBodies;
    for (Function &F : M) {
      if (holdsMeasurementLoop(F) && !F.hasFnAttribute(ProtectedAttr) &&
          none_of(Payloads, [&](const Payload &P) { return P.F == &F && !P.GBench; }))
        Audited.push_back({&F, true});
      if (!F.isDeclaration() && isTestBody(F) && !F.getName().contains(".steady."))
        TestBodies.push_back(&F);
    }
    // A GoogleTest body stays the code the user's build runs: a stand-in of
    // it is the payload that steady-protect protects, judged and deleted like
    // the audit's other copies. The stand-ins share private copies of their
    // static callees as the bodies share the callees (a `steady gtest` build's
    // bodies, steady-protect's copies of them): a helper three tests call is
    // not inlined into each for a one-caller bonus it does not have.
    DenseMap<Function *, Function *> SharedCallees;
    for (Function *F : TestBodies) {
      Function *StandIn = cloneFunction(*F, StandInSuffix);
      privatizeCallees(*StandIn, &SharedCallees);
      Audited.push_back({StandIn, false});
    }

    NamedMDNode *Nodes = M.getOrInsertNamedMetadata(AuditNodes);
    LLVMContext &C = M.getContext();
    listNotAudited(Audited);
    SmallPtrSet<Function *, 8> InCaller = auditedInCaller(Audited);
    for (auto [F, IsGB] : Audited) {
      if (InCaller.count(F))
        continue;
      // A Google Benchmark function that outlives the optimizer is judged as
      // it is compiled: the audit only reads a copy of it here, in SSA form,
      // and marks the function's own instructions (metadata, and line tables
      // at -g0, removed by report()). Else the audit works on a private twin
      // (with the same opaque inputs, for a payload), which steady-protect
      // leaves alone, and on a protected sibling of it.
      bool InPlace = IsGB && judgedInPlace(*F, Payloads);
      if (InPlace)
        giveLineTablesWhereInlined(*F);
      ValueToValueMapTy VMap;
      Function *Twin = cloneFunction(*F, InPlace ? ".steady.read" : ".steady.unprotected", !InPlace, &VMap);
      if (!InPlace)
        privatizeCallees(*Twin);
      if (!IsGB)
        makeInputsOpaque(*Twin, nullptr, "steady.audit.opaque"); // the real payload's keep their names
      else if (!Twin->getSubprogram())
        giveLineTables(*Twin); // in a compile unit of its own, removed by report()
      // The copy's instructions that SSA promotion keeps (the computations) are the function's.
      SmallVector<std::pair<WeakVH, Instruction *>, 0> Copies;
      if (InPlace)
        for (Instruction &I : instructions(*F))
          Copies.push_back({WeakVH(VMap.lookup(&I)), &I});
      promoteToSSA(*Twin, FAM);
      auto &LI = FAM.getResult<LoopAnalysis>(*Twin);
      SinkCover Cover = computeSinkCover(*Twin, LI, FAM.getResult<TargetLibraryAnalysis>(*Twin),
                                         /*DiscardedResults=*/false);
      // Only the measurement loop of a Google Benchmark function is timed:
      // what its set-up code leaves unused costs nothing measured.
      TimedRegion Timed;
      if (IsGB)
        Timed = TimedRegion::of(*Twin, LI);
      DenseMap<const Value *, Instruction *> Original;
      for (auto &[Copy, I] : Copies)
        if (Copy)
          Original[Copy] = I;
      SmallVector<Metadata *, 8> Dead;
      for (const SinkSite &S : Cover.Sites) {
        if (!computes(Cover, S))
          continue;
        Instruction *I = Cover.reported(S);
        if (IsGB && !Timed.inLoop(*I, LI))
          continue;
        // Without a protected sibling to show what stays when it is used:
        // only a computation on values known at run time is work lost.
        if (InPlace && (!(I = Original.lookup(I)) || !onRunTimeValues(Cover, S)))
          continue;
        auto *Id = ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), NextId++));
        I->setMetadata(DeadTag, node(C, {Id}));
        Dead.push_back(node(C, {Id, MDString::get(C, describe(*I)), I->getDebugLoc().getAsMDNode()}));
      }
      if (InPlace) {
        MDNode *Calls = callsOnKnownInputs(*Twin, Timed, LI, [&](const Instruction &I) { return Original.lookup(&I); });
        for (auto &[Copy, I] : Copies) // the loop's first line, in the function itself
          if (Copy && cast<Instruction>(Copy)->getDebugLoc() == Timed.First) {
            Timed.First = I->getDebugLoc();
            break;
          }
        FAM.clear(*Twin, Twin->getName());
        Twin->eraseFromParent();
        Metadata *Ops[FNumFields] = {MDString::get(C, "gbench"),
                                     fn(F),
                                     nullptr,
                                     nullptr,
                                     nullptr,
                                     nullptr,
                                     node(C, Dead),
                                     node(C, {}),
                                     MDString::get(C, userName(*F)),
                                     Timed.toMD(C),
                                     F->getSubprogram(),
                                     Calls};
        Nodes->addOperand(MDNode::getDistinct(C, Ops));
        continue;
      }
      // Its protected sibling keeps the tagged values alive.
      Function *Protected = cloneFunction(*Twin, ".steady.protected");
      privatizeCallees(*Protected);
      sinkDeadValues(*Protected, FAM, nullptr);
      Metadata *Ops[FNumFields] = {MDString::get(C, IsGB ? "gbench" : "payload"),
                                   fn(F),
                                   fn(Twin),
                                   fn(Protected),
                                   nullptr,
                                   nullptr,
                                   node(C, Dead),
                                   node(C, {}),
                                   MDString::get(C, userName(*F)),
                                   IsGB ? Timed.toMD(C) : nullptr,
                                   nullptr,
                                   nullptr};
      Nodes->addOperand(MDNode::getDistinct(C, Ops));
    }
  }

  // After protection: a measurement loop around a copy of each payload, and
  // the compile-time constants its result still depends on.
  void addHarnesses() {
    NamedMDNode *Nodes = M.getNamedMetadata(AuditNodes);
    if (!Nodes)
      return;
    for (MDNode *N : Nodes->operands()) {
      Function *F = fnAt(N, FOrig);
      if (cast<MDString>(N->getOperand(FKind))->getString() != "payload" || !F || F->arg_size())
        continue;
      Function *Measured = cloneFunction(*F, ".steady.measured");
      privatizeCallees(*Measured);
      Function *H = Function::Create(
          FunctionType::get(Type::getVoidTy(M.getContext()), {Type::getInt64Ty(M.getContext())}, false),
          GlobalValue::InternalLinkage, F->getName() + ".steady.harness", M);
      // Same target attributes as the payload, or the inliner refuses to inline it.
      H->setAttributes(AttributeList::get(
          M.getContext(), AttributeList::FunctionIndex,
          AttrBuilder(M.getContext(), F->getAttributes().getFnAttrs()).removeAttribute(ProtectedAttr)));
      BasicBlock *Entry = BasicBlock::Create(M.getContext(), "entry", H);
      BasicBlock *Loop = BasicBlock::Create(M.getContext(), "loop", H);
      BasicBlock *Exit = BasicBlock::Create(M.getContext(), "exit", H);
      IRBuilder<> B(Entry);
      Value *N64 = H->getArg(0);
      B.CreateCondBr(B.CreateICmpEQ(N64, B.getInt64(0)), Exit, Loop);
      B.SetInsertPoint(Loop);
      PHINode *I = B.CreatePHI(B.getInt64Ty(), 2);
      I->addIncoming(B.getInt64(0), Entry);
      CallInst *R = B.CreateCall(Measured);
      // Without a location on this call the inliner drops the payload's
      // locations, and a hoisted computation could not be shown in the source.
      if (DISubprogram *SP = F->getSubprogram()) {
        auto *HSP = MDNode::replaceWithDistinct(SP->clone());
        HSP->replaceRetainedNodes(DINodeArray(MDTuple::get(M.getContext(), {})));
        H->setSubprogram(HSP);
        R->setDebugLoc(DILocation::get(M.getContext(), SP->getLine(), 0, HSP));
      }
      if (!R->getType()->isVoidTy())
        emitSink(B, R);
      Value *Next = B.CreateAdd(I, B.getInt64(1));
      I->addIncoming(Next, Loop);
      B.CreateCondBr(B.CreateICmpEQ(Next, N64), Exit, Loop);
      B.SetInsertPoint(Exit);
      B.CreateRetVoid();
      appendToCompilerUsed(M, {H});
      N->replaceOperandWith(FMeasured, fn(Measured));
      N->replaceOperandWith(FHarness, fn(H));
      // A payload using steady::fold asked for folding: no folded-result finding.
      N->replaceOperandWith(FInputs, callsFold(*F) ? nullptr : F->getMetadata(InputsMD));
    }
  }

  void report() {
    readNotAudited();
    NamedMDNode *Nodes = M.getNamedMetadata(AuditNodes);
    if (!Nodes)
      return;
    SmallVector<Function *, 16> Temporaries;
    SmallPtrSet<const DISubprogram *, 16> Frames;
    for (MDNode *N : Nodes->operands())
      if (auto *SP = cast_or_null<DISubprogram>(N->getOperand(FFrame).get()); SP && !fnAt(N, FOrig))
        Frames.insert(SP);
    DenseMap<const DISubprogram *, Function *> Hosts = hostsOf(M, Frames);
    for (MDNode *N : Nodes->operands())
      Compared.merge(TimedRegion::fromMD(cast_or_null<MDNode>(N->getOperand(FTimed).get())).Compared);
    for (MDNode *N : Nodes->operands()) {
      Subject S = cast<MDString>(N->getOperand(FKind))->getString() == "gbench" ? Subject::GBench : Subject::Payload;
      Function *F = fnAt(N, FOrig), *Twin = fnAt(N, FTwin), *Protected = fnAt(N, FProtected);
      Function *Measured = fnAt(N, FMeasured), *Harness = fnAt(N, FHarness);
      // Judged in place: the function, or the one it was inlined into.
      Frame = cast_or_null<DISubprogram>(N->getOperand(FFrame).get());
      std::optional<FrameScope> InFrame;
      if (Frame) {
        Twin = F ? F : Hosts.lookup(Frame);
        InFrame.emplace(Frame);
      }
      if (!Twin || (!Protected && !Frame))
        continue;
      Name = cast<MDString>(N->getOperand(FName))->getString().str();
      Audited.push_back(json::Object{{"function", Name}, {"kind", S == Subject::GBench ? "gbench" : "payload"}});
      ++(S == Subject::GBench ? NumAuditedGBench : NumAuditedPayloads);
      size_t Before = Warnings.size();
      // A stand-in is shown as its test body (clang finds the declaration by name).
      Function *Body = F && F->getName().ends_with(StandInSuffix)
                           ? M.getFunction(F->getName().drop_back(StringRef(StandInSuffix).size()))
                           : nullptr;
      Function &Shown = Body ? *Body : F ? *F : *Twin;
      for (const Finding &Fd : deletedComputations(*Twin, Protected, cast<MDNode>(N->getOperand(FDead))))
        warn(Shown, Fd, S);
      if (S == Subject::GBench)
        judgeGBench(Shown, *Twin, cast_or_null<MDNode>(N->getOperand(FTimed).get()),
                    cast_or_null<MDNode>(N->getOperand(FCalls).get()), Before);
      else if (F)
        judgePayload(*F, Shown, Harness, cast_or_null<MDNode>(N->getOperand(FInputs).get()));
      if (!Frame) // judged in place: no copies
        for (Function *T : {Twin, Protected, Measured, Harness, Body ? F : nullptr})
          if (T)
            Temporaries.push_back(T);
    }
    emit();
    removeTemporaries(Temporaries);
    Nodes->eraseFromParent();
  }

  void readNotAudited() {
    NamedMDNode *Skipped = M.getNamedMetadata(NotAuditedNodes);
    if (!Skipped)
      return;
    for (const MDNode *N : Skipped->operands())
      for (const MDOperand &Op : N->operands())
        NotAudited.push_back(
            json::Object{{"function", cast<MDString>(Op.get())->getString()}, {"reason", NotAuditedReason}});
    Skipped->eraseFromParent();
  }

private:
  // Google Benchmark helpers audited as part of their caller's measurement
  // loop, not on their own: called once, from inside a loop of an audited
  // function (or from such a helper: abseil's chain VisitTestBody<N, I>::Run
  // calling <N, I + 1>). The plain build inlines a static helper into its one
  // caller, where the caller's audit sees its code; a copy of its own would
  // copy its callees again (on abseil's chain, 256 helpers each copied the
  // rest of the chain: variant_benchmark.cc compiled 17x slower).
  SmallPtrSet<Function *, 8> auditedInCaller(ArrayRef<std::pair<Function *, bool>> Audited) {
    SmallPtrSet<Function *, 8> GBench, Covered;
    for (auto [F, IsGB] : Audited)
      if (IsGB)
        GBench.insert(F);
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (Function *F : GBench) {
        auto *CB = F->hasOneUse() ? dyn_cast<CallBase>(F->user_back()) : nullptr;
        Function *Caller = CB && CB->getCalledFunction() == F ? CB->getFunction() : nullptr;
        if (Covered.count(F) || !Caller || Caller == F || !GBench.count(Caller))
          continue;
        if (Covered.count(Caller) || FAM.getResult<LoopAnalysis>(*Caller).getLoopFor(CB->getParent()))
          Grew |= Covered.insert(F).second;
      }
    }
    return Covered;
  }

  // A function that takes a State and loops, but whose loop is not driven by
  // the State, is not audited: said once, with the reason, and listed in the JSON.
  // Not one that calls an audited helper: its measurement loop is there
  // (abseil's BM_ConstructFromRange hands the State to BatchedBenchmark; its
  // own loop constructs an array of its elements).
  void listNotAudited(ArrayRef<std::pair<Function *, bool>> Audited) {
    SmallVector<Metadata *, 4> Names;
    std::string List;
    Function *First = nullptr;
    auto IsAudited = [&](const Function *F) { return any_of(Audited, [&](const auto &A) { return A.first == F; }); };
    auto CallsAudited = [&](Function &F) {
      return any_of(instructions(F), [&](Instruction &I) {
        auto *CB = dyn_cast<CallBase>(&I);
        return CB && IsAudited(CB->getCalledFunction());
      });
    };
    for (Function &F : M) {
      if (F.getName().contains(".steady.") || !takesState(F) || IsAudited(&F) ||
          FAM.getResult<LoopAnalysis>(F).empty() || CallsAudited(F))
        continue;
      std::string Name = userName(F);
      First = First ? First : &F;
      Names.push_back(MDString::get(M.getContext(), Name));
      List += (List.empty() ? "" : ", ") + Name;
    }
    if (Names.empty())
      return;
    M.getOrInsertNamedMetadata(NotAuditedNodes)->addOperand(MDNode::get(M.getContext(), Names));
    // A warning, like the findings (a note alone is not shown), at the first one.
    M.getContext().diagnose(
        DiagnosticInfoOptimizationFailure(*First, DiagnosticLocation(First->getSubprogram()),
                                          formatv("steady-audit: {0} function{1} not audited ({2}): {3}", Names.size(),
                                                  Names.size() == 1 ? "" : "s", List, NotAuditedReason)));
  }

  // The twin is the benchmark as written, optimized on its own: what runs.
  // Warnings from index Before on are this benchmark's dead code.
  // Shown: the function the diagnostic names (clang shows its declaration
  // when the finding has no location).
  // Calls: its loop's calls on inputs known at compile time, told only when
  // nothing else is (an emptied loop, a hoisted or folded result say it).
  void judgeGBench(Function &Shown, Function &Twin, const MDNode *TimedMD, const MDNode *Calls, size_t Before) {
    TimedRegion Timed = TimedRegion::fromMD(TimedMD);
    for (Finding Fd : foldedResults(Twin, &Timed)) {
      // The constant case of a comparison: the same function is computed
      // from opaque inputs by a benchmark of this file (abseil's
      // BM_OffsetConstant beside BM_OffsetVariable), the advice followed there.
      auto Made = Timed.Producers.find(positionOf(Fd.At->getDebugLoc()));
      if (Made != Timed.Producers.end() && Compared.count(Made->second))
        continue;
      Fd.Literals = literalsOf(Timed.Inputs);
      warn(Shown, Fd, Subject::GBench);
    }
    for (const Finding &Fd : timedLoopFindings(Twin, Timed, Warnings.size() > Before))
      warn(Shown, Fd, Subject::GBench);
    if (Warnings.size() == Before)
      if (std::optional<Finding> Fd = callsComputedBeforeLoop(Twin, Timed, Calls))
        warn(Shown, *Fd, Subject::GBench);
  }

  // Inputs: the literals its result depends on; null when it asked for folding.
  // Shown: the function the diagnostics name (a stand-in's test body).
  void judgePayload(Function &F, const Function &Shown, Function *Harness, const MDNode *Inputs) {
    if (Inputs)
      for (Finding Fd : foldedResults(F)) {
        Fd.Literals = literalsOf(Inputs);
        // A returned constant is shown where its first literal is written.
        if (Fd.Kind == Defect::FoldedResult)
          for (const Literal &L : Fd.Literals)
            if (L.Loc) {
              Fd.Loc = L.Loc;
              break;
            }
        warn(Shown, Fd, Subject::Payload);
      }
    if (Harness)
      if (std::optional<Finding> Fd = hoistedOutOfHarness(F, *Harness))
        warn(Shown, *Fd, Subject::Payload);
    for (const Finding &Fd : mutatedPayloadInputs(F))
      warn(Shown, Fd, Subject::Payload);
    for (const Finding &Fd : foldedLiterals(F, F.getMetadata(LiteralOpsMD)))
      warn(Shown, Fd, Subject::Payload);
    if (std::optional<Finding> Fd = restartingChase(F))
      warn(Shown, *Fd, Subject::Payload);
  }

  // Code inlined into the payload is reported at its call site in the payload
  // (for a harness: in the payload's own frame).
  void warn(const Function &In, const Finding &Fd, Subject S) {
    DILocation *L = Fd.Loc.get();
    while (L && L->getInlinedAt() && L->getInlinedAt()->getScope()->getSubprogram() != Fd.Frame &&
           (!Frame || L->getScope()->getSubprogram() != Frame))
      L = L->getInlinedAt();
    if (L && L->getFilename() == SyntheticFile)
      L = nullptr; // no line to show: the message names the benchmark
    Warnings.push_back({auditKind(Fd.Kind), &In, Name, DebugLoc(L), auditMessage(Fd, S, Name)});
    ++NumWarnings;
  }

  // The tagged computations the unprotected twin lost while its protected
  // sibling kept them (or lost less work). Without a sibling (a function
  // judged in place), every tagged computation it lost.
  SmallVector<Finding, 4> deletedComputations(Function &Twin, Function *Protected, MDNode *Dead) {
    auto Tags = [&](Function &Fn) {
      SmallSet<uint64_t, 8> Ids;
      for (Instruction &I : instructions(Fn))
        if (MDNode *T = I.getMetadata(DeadTag))
          Ids.insert(mdconst::extract<ConstantInt>(T->getOperand(0))->getZExtValue());
      return Ids;
    };
    SmallSet<uint64_t, 8> InTwin = Tags(Twin), InProtected;
    bool LostWork = !Protected;
    if (Protected) {
      InProtected = Tags(*Protected);
      LostWork = workOf(*Protected) > workOf(Twin);
    }
    SmallVector<Finding, 4> Out;
    for (const MDOperand &Op : Dead->operands()) {
      auto *R = cast<MDNode>(Op.get());
      uint64_t Id = mdconst::extract<ConstantInt>(R->getOperand(0))->getZExtValue();
      if (InTwin.count(Id) || !(InProtected.count(Id) || LostWork))
        continue;
      Out.push_back({Defect::DeadCode, nullptr, DebugLoc(cast_or_null<DILocation>(R->getOperand(2).get())),
                     cast<MDString>(R->getOperand(1))->getString().str()});
    }
    return Out;
  }

  void emit() {
    json::Array Out;
    for (const Warning &Fd : Warnings) {
      M.getContext().diagnose(DiagnosticInfoOptimizationFailure(*Fd.In, DiagnosticLocation(Fd.Loc), Fd.Message));
      json::Object O{{"kind", Fd.Kind}, {"function", Fd.Name}, {"message", Fd.Message}};
      if (Fd.Loc) {
        O["file"] = Fd.Loc->getFilename();
        O["line"] = Fd.Loc.getLine();
        O["column"] = Fd.Loc.getCol();
      }
      Out.push_back(std::move(O));
    }
    if (ClAuditJSON.empty())
      return;
    // A directory (a trailing '/'), for a whole build: one file per translation unit.
    std::string Path = ClAuditJSON;
    std::error_code EC;
    if (StringRef(Path).ends_with("/")) {
      EC = sys::fs::create_directories(Path);
      Path += formatv("{0}-{1:x-}.json", sys::path::filename(M.getSourceFileName()), xxh3_64bits(M.getSourceFileName()))
                  .str();
    }
    raw_fd_ostream OS(Path, EC);
    if (EC) {
      M.getContext().emitError("steady-audit: cannot write '" + Path + "': " + EC.message());
      return;
    }
    OS << formatv("{0:2}", json::Value(json::Object{{"translation_unit", M.getSourceFileName()},
                                                    {"audited", std::move(Audited)},
                                                    {"not_audited", std::move(NotAudited)},
                                                    {"findings", std::move(Out)}}))
       << "\n";
  }

  void removeTemporaries(ArrayRef<Function *> Temporaries) {
    SmallPtrSet<GlobalValue *, 16> Drop(Temporaries.begin(), Temporaries.end());
    removeFromUsedLists(M, [&](Constant *C) { return Drop.count(dyn_cast<GlobalValue>(C)); });
    SmallVector<Function *, 16> All(Temporaries.begin(), Temporaries.end());
    for (Function &F : M)
      if (F.getName().contains(PrivateSuffix) && !Drop.count(&F))
        All.push_back(&F); // what inlining left of the private callee copies
    for (Function *T : All)
      T->replaceAllUsesWith(PoisonValue::get(T->getType()));
    for (Function *T : All)
      T->eraseFromParent();
    // steady-protect's copies of callees that only the stand-ins called (a
    // test body's EqHelper::Compare): not generated, so not in the reach records.
    for (bool Erased = true; Erased;) {
      Erased = false;
      for (Function &F : make_early_inc_range(M))
        if (F.hasLocalLinkage() && F.use_empty() && F.getName().ends_with(".steady.protected")) {
          F.eraseFromParent();
          Erased = true;
        }
    }
    for (GlobalVariable &G : make_early_inc_range(M.globals()))
      if (G.getName().starts_with("steady.audit.") && G.use_empty())
        G.eraseFromParent();
    // The line tables given to functions judged in place, also where their
    // code was inlined, and the audit's own compile units (giveLineTables):
    // the real code has no debug info.
    for (Function &F : M) {
      if (DISubprogram *SP = F.getSubprogram(); SP && SP->getFilename() == SyntheticFile) {
        stripDebugInfo(F);
        continue;
      }
      for (Instruction &I : instructions(F))
        for (const DILocation *L = I.getDebugLoc(); L; L = L->getInlinedAt())
          if (L->getFilename() == SyntheticFile) {
            I.setDebugLoc(DebugLoc());
            break;
          }
    }
    eraseCompileUnits(M, [](const DICompileUnit &CU) { return CU.getFilename() == SyntheticFile; });
    unsigned Kind = M.getContext().getMDKindID(DeadTag);
    for (Function &F : M)
      for (Instruction &I : instructions(F))
        I.setMetadata(Kind, nullptr);
  }
};

} // namespace

bool auditRequested() { return ClAudit; }

PreservedAnalyses AuditPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Auditor A(M, MAM);
  switch (S) {
  case Stage::Prepare:
    A.prepare(MAM.getResult<PayloadsAnalysis>(M));
    break;
  case Stage::Harness:
    A.addHarnesses();
    break;
  case Stage::Report:
    A.report();
    break;
  }
  return PreservedAnalyses::none();
}

} // namespace steady
