//===- Plugin.cpp - SteadyPass-22.so entry point --------------------------===//
//
// opt:   -load-pass-plugin=SteadyPass-22.so -passes=steady-protect
//        -passes=steady-release-inputs (after inlining: literals that only prepare
//        out-of-line calls' arguments fold again)
//        -passes=steady-findings (end of pipeline: what the optimizer did to payloads)
//        -passes='steady-reach<start>' / 'steady-reach<end>' (reach and fingerprints)
//        -passes=steady-layout-variants (last: the measured loop's copies at other offsets)
//        -passes='print<steady-payloads>' / 'print<steady-sinks>'
// clang: -fpass-plugin=SteadyPass-22.so runs steady-protect at the start of the
//        -O1/-O2/-O3 pipelines, before inlining, so that protected payloads are
//        then inlined and optimised like the real code; steady-findings runs
//        at the end of the pipeline.
//
//===----------------------------------------------------------------------===//
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static void registerPasses(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback(
      [](ModuleAnalysisManager &MAM) { MAM.registerPass([] { return steady::PayloadsAnalysis(); }); });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == STEADY_PASS_NAME) {
          MPM.addPass(steady::ProtectPass());
          return true;
        }
        if (Name == "steady-release-inputs") {
          MPM.addPass(steady::ReleaseInputsPass());
          return true;
        }
        if (Name == "steady-findings") {
          MPM.addPass(steady::FindingsPass());
          return true;
        }
        if (Name == "steady-layout-variants") {
          MPM.addPass(steady::LayoutVariantsPass());
          return true;
        }
        if (Name.consume_front("steady-audit<") && Name.consume_back(">")) {
          using Stage = steady::AuditPass::Stage;
          std::optional<Stage> S = StringSwitch<std::optional<Stage>>(Name)
                                       .Case("prepare", Stage::Prepare)
                                       .Case("harness", Stage::Harness)
                                       .Case("report", Stage::Report)
                                       .Default(std::nullopt);
          if (S)
            MPM.addPass(steady::AuditPass(*S));
          return S.has_value();
        }
        if (Name == "steady-reach<start>" || Name == "steady-reach<end>") {
          using Stage = steady::ReachPass::Stage;
          MPM.addPass(steady::ReachPass(Name == "steady-reach<start>" ? Stage::Start : Stage::End));
          return true;
        }
        if (Name == "print<steady-payloads>") {
          MPM.addPass(steady::PayloadsPrinterPass(outs()));
          return true;
        }
        if (Name == "print<steady-sinks>") {
          MPM.addPass(steady::SinksPrinterPass(outs()));
          return true;
        }
        return false;
      });
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel Level) {
    if (Level == OptimizationLevel::O0)
      return;
    // Before the audit, steady-protect and inlining: the source-level call
    // edges, recorded from the code the audit has not touched yet (an audited
    // compile's records are a plain compile's).
    MPM.addPass(steady::ReachPass(steady::ReachPass::Stage::Start));
    bool Audit = steady::auditRequested();
    if (Audit)
      MPM.addPass(steady::AuditPass(steady::AuditPass::Stage::Prepare));
    MPM.addPass(steady::ProtectPass());
    if (Audit)
      MPM.addPass(steady::AuditPass(steady::AuditPass::Stage::Harness));
  });
  // After inlining and IPSCCP, before the optimizations that fold: an opaque
  // literal that only prepares out-of-line calls' arguments is released. Not
  // before an LTO link, which may see the callee.
  PB.registerOptimizerEarlyEPCallback([](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase Phase) {
    if (Level != OptimizationLevel::O0 && Phase == ThinOrFullLTOPhase::None)
      MPM.addPass(steady::ReleaseInputsPass());
  });
  PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
    if (Level == OptimizationLevel::O0)
      return;
    MPM.addPass(steady::FindingsPass());
    if (steady::auditRequested())
      MPM.addPass(steady::AuditPass(steady::AuditPass::Stage::Report));
    // After the audit has deleted its twins and harnesses: the code that is
    // generated.
    MPM.addPass(steady::ReachPass(steady::ReachPass::Stage::End));
    // Last: the copies are of the measured loop as it will be compiled, and
    // no part of the reach (they run instead of the loop, never with it).
    MPM.addPass(steady::LayoutVariantsPass());
  });
}

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "steady", LLVM_VERSION_STRING, registerPasses};
}
