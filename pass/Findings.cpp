//===- Findings.cpp - what the optimizer did to each payload, for the runner ===//
//
// steady-findings runs at the end of the optimization pipeline of every
// compile with the plugin (not only the audit). It looks at the optimized
// payload and at the loop that measures it (the runtime's run_batch<B>,
// tagged by steady-protect) and records what makes a measurement wrong
// (judged in Checks.cpp, worded in Wording.cpp):
//
//  - folded:  the payload's result (returned or sunk) is a compile-time constant;
//  - deleted: the measured loop does no work at all;
//  - hoisted: payload work runs once before the measured loop, not per invocation;
//  - mutated: the payload writes data it also reads (a global or a member of
//             its fixture), so later invocations measure another case;
//  - literal: a literal operand of its own folded into the code (a divisor
//             into a multiplication, a multiplier in a loop into its power);
//  - restarts: a pointer chase from the same start every invocation.
//
// The findings go into the payload's registration data: a C string
// ("kind\tmessage\n" per finding) that the global named by the payload's
// annotation (STEADY_BENCH's compile_findings) points to. The runner prints
// them next to the result. Each is also a remark (-Rpass=steady).
//
//===----------------------------------------------------------------------===//
#include "Checks.h"
#include "Protect.h"
#include "SteadyPass.h"
#include "TimedLoop.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

ALWAYS_ENABLED_STATISTIC(NumFolded, "Payloads whose result is folded to a constant");
ALWAYS_ENABLED_STATISTIC(NumDeleted, "Payloads whose measured loop does nothing");
ALWAYS_ENABLED_STATISTIC(NumHoisted, "Payloads with work hoisted out of the measured loop");
ALWAYS_ENABLED_STATISTIC(NumMutated, "Data written and read again by a payload");

namespace steady {

namespace {

class Recorder {
  Module &M;
  FunctionAnalysisManager &FAM;

public:
  Recorder(Module &M, ModuleAnalysisManager &MAM)
      : M(M), FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()) {}

  // A Google Benchmark function: judged as the audit judges it (its result
  // consumed in the loop folded, work hoisted out of the loop, the loop
  // emptied, data its loop writes and reads again), by the TimedRegion
  // steady-protect recorded before inlining.
  SmallVector<Finding, 4> timedLoop(Function &F) {
    TimedRegion Timed = TimedRegion::fromMD(F.getMetadata(TimedMD));
    SmallVector<Finding, 4> Out;
    if (!callsFold(F))
      if (SmallVector<Finding, 2> Fs = foldedResults(F, &Timed); !Fs.empty()) {
        Fs.front().Literals = literalsOf(Timed.Inputs);
        Out.push_back(Fs.front());
      }
    for (Finding Fd : timedLoopFindings(F, Timed, /*DeadReported=*/false)) {
      if (Fd.Kind == Defect::EmptyLoop)
        Fd.Kind = Defect::Deleted; // the runner's word for a loop that does nothing
      Out.push_back(Fd);
    }
    return Out;
  }

  SmallVector<Finding, 4> findings(Function &F) {
    SmallVector<Finding, 4> Out;
    SmallVector<Function *, 2> Harnesses;
    for (Function &H : M)
      if (H.getFnAttribute(HarnessAttr).getValueAsString() == F.getName() && !H.isDeclaration())
        Harnesses.push_back(&H);

    // A constant result next to work that stays (a payload returning 1 after
    // doing something) still measures that work.
    bool Folded = false, Hoisted = false;
    if (!callsFold(F) && !payloadWorks(F))
      if (SmallVector<Finding, 2> Fs = foldedResults(F); !Fs.empty()) {
        Fs.front().Literals = literalsOf(F.getMetadata(InputsMD));
        Out.push_back(Fs.front());
        Folded = true;
      }
    for (Function *H : Harnesses)
      if (std::optional<Finding> Fd = hoistedOutOfHarness(F, *H)) {
        Out.push_back(*Fd);
        Hoisted = true;
        break;
      }
    // A loop left empty by hoisting measures nothing, like a deleted one
    // (the runner flags MEASURES NOTHING on "deleted"): worded with its cause.
    if (!Folded && !measuredLoopWorks(F, Harnesses)) {
      if (Hoisted)
        Out.back().Kind = Defect::Deleted; // What: the hoisted computation
      else
        Out.push_back({Defect::Deleted});
    }
    append_range(Out, mutatedPayloadInputs(F));
    // What the measured code still does, but not as written: only worth
    // saying when it does something.
    if (!Folded && measuredLoopWorks(F, Harnesses)) {
      append_range(Out, foldedLiterals(F, F.getMetadata(LiteralOpsMD)));
      if (std::optional<Finding> Fd = restartingChase(F))
        Out.push_back(*Fd);
    }
    return Out;
  }

  void record(const Payload &P, ArrayRef<Finding> Found) {
    auto *ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(*P.F);
    std::string Text;
    for (const Finding &Fd : Found) {
      count(Fd.Kind);
      std::string Kind = findingKind(Fd.Kind),
                  Message = findingMessage(Fd, P.GBench ? Subject::GBench : Subject::Payload);
      Text += Kind + "\t" + Message + "\n";
      // At the finding, else at the payload's first instruction.
      const Instruction *At = Fd.At && Fd.At->getDebugLoc() ? Fd.At : &*P.F->getEntryBlock().getFirstNonPHIOrDbg();
      ORE->emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Finding", At)
               << (P.GBench ? "benchmark '" : "payload '") << userName(*P.F) << "': " << Kind << ": " << Message;
      });
    }
    if (!P.Findings || Found.empty() || !P.Findings->getValueType()->isPointerTy())
      return;
    Constant *Str = ConstantDataArray::getString(M.getContext(), Text);
    // Named after the payload's variable: no name collision, so the name does
    // not depend on what else (the audit's temporaries) is in the module.
    auto *G = new GlobalVariable(M, Str->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage, Str,
                                 P.Findings->getName() + ".text");
    G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    P.Findings->setInitializer(G);
  }

private:
  static void count(Defect D) {
    switch (D) {
    case Defect::FoldedResult:
    case Defect::FoldedConsumed:
      ++NumFolded;
      break;
    case Defect::Deleted:
      ++NumDeleted;
      break;
    case Defect::Hoisted:
      ++NumHoisted;
      break;
    case Defect::Mutated:
      ++NumMutated;
      break;
    case Defect::FoldedLiteral:
    case Defect::Restarts:
    case Defect::DeadCode:
    case Defect::EmptyLoop:
    case Defect::FoldedCall:
      break;
    }
  }
};

} // namespace

PreservedAnalyses FindingsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Recorder R(M, MAM);
  bool Changed = false;
  SmallPtrSet<Function *, 8> Judged;
  for (const Payload &P : MAM.getResult<PayloadsAnalysis>(M)) {
    if (!P.F->hasFnAttribute(ProtectedAttr))
      continue; // not protected: findings would blame the user for what steady-protect handles
    SmallVector<Finding, 4> Found = P.GBench ? R.timedLoop(*P.F) : R.findings(*P.F);
    R.record(P, Found);
    if (P.GBench)
      Judged.insert(P.F);
    Changed |= !Found.empty();
  }
  // The region and the lines steady-protect made up, if it did, once every
  // registration of the function is judged: nothing of them reaches the object.
  for (Function *F : Judged) {
    F->setMetadata(TimedMD, nullptr);
    dropLineTables(*F);
  }
  return Changed || !Judged.empty() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace steady
