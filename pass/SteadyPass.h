//===- SteadyPass.h - protect benchmark payloads from the optimizer -------===//
//
// The public face of the plugin, in the style of LLVM's instrumentation passes:
// thin pass classes over implementations in
//   Payloads.cpp          discovery (the steady.payload annotation)
//   ProtectPass.cpp       steady-protect: the order of the steps below
//   OpaqueInputs.cpp      CF/CP mitigation (compile-time-known inputs made opaque)
//   SinkMaximization.cpp  DCE mitigation (dead values consumed by sinks)
//   Checks.cpp            what the optimizer did that makes a measurement wrong
//                         (one judge per defect, typed findings; Checks.h)
//   FoldedLiterals.cpp    the payload's literal operands folded into the code
//   Chase.cpp             pointer chases that restart at the same place
//   Wording.cpp           the words of each finding, in both voices below
//   Findings.cpp          steady-findings: findings recorded for the runner
//   Audit.cpp             steady-audit: differential compilation, clang warnings
//   TimedLoop.cpp         a Google Benchmark function's measurement loop
//   DataUse.cpp           whether changed data steers the work
//   Reach.cpp             steady-reach: reachable functions and their fingerprints
//   Plugin.cpp            registration in clang's and opt's pipelines
// Private interfaces: Protect.h, Checks.h, TimedLoop.h, DataUse.h; LLVM
// version shims: Compat.h. All share the name "steady-protect" as DEBUG_TYPE,
// remark name, statistics group and pipeline name.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

/// The one name of the pass: DEBUG_TYPE, remark pass name and pipeline name.
#define STEADY_PASS_NAME "steady-protect"

namespace llvm {
class Constant;
class Function;
class GlobalVariable;
class Module;
class raw_ostream;
} // namespace llvm

namespace steady {

/// The annotation string that marks a payload (see runtime/include/steady/steady.h).
inline constexpr const char *PayloadAnnotation = "steady.payload";
/// The annotation runtime/gbench's BENCHMARK macros put on the function that
/// runs a Google Benchmark function (or on a fixture's BenchmarkCase), with
/// the same mark and findings arguments as steady.payload.
inline constexpr const char *GBenchAnnotation = "steady.gbench";
/// String attribute put on every payload the plugin protected.
inline constexpr const char *ProtectedAttr = "steady-protected";

/// A function whose body is a benchmark payload.
struct Payload {
  llvm::Function *F;
  /// The runtime's "protected by the plugin" flag (an i8/bool global), if the
  /// annotation carried one; set to true once the payload is protected.
  llvm::GlobalVariable *Mark = nullptr;
  /// The runtime's compile-time findings pointer (a `const char *` global), if
  /// the annotation carried one; steady-findings points it to its findings.
  llvm::GlobalVariable *Findings = nullptr;
  /// A function holding a Google Benchmark measurement loop, reached from a
  /// steady.gbench annotation: its loop's body is the payload (TimedLoop.h).
  /// The same function may come once per registration, each with its mark.
  bool GBench = false;
};

/// Finds payloads through llvm.global.annotations (steady.payload, and
/// steady.gbench: the functions holding the measurement loop it runs).
class PayloadsAnalysis : public llvm::AnalysisInfoMixin<PayloadsAnalysis> {
  friend llvm::AnalysisInfoMixin<PayloadsAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = llvm::SmallVector<Payload, 8>;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// `F` as a payload listed in `Section` for the runtime: an entry { Key, &mark,
/// &findings } with a mark and findings of its own, named after `Base` (made
/// once: found again by name when the analysis runs again). Key is the
/// runtime's way of telling which entry is whose.
Payload listedPayload(llvm::Module &M, llvm::Function &F, const std::string &Base, llvm::Constant *Key,
                      llvm::StringRef Section);

/// Functions holding a Google Benchmark measurement loop whose address is
/// taken, in a module that includes steady's <benchmark/benchmark.h>
/// (RegisterBenchmark by address): GBench payloads listed in the section
/// steady_gbench_functions, keyed by the function (read by runtime/src/gbench.cpp).
void addRegisteredFunctions(llvm::Module &M, llvm::SmallVectorImpl<Payload> &Payloads);

/// GoogleTest test bodies (`Class::TestBody()`) as payloads, each with a mark
/// and findings of its own listed in the section steady_gtest_bodies
/// (GTestBodies.cpp; read by runtime/gtest). Under -steady-audit the bodies
/// stay the plain code: the payloads are the audit's stand-ins, unlisted.
void addTestBodies(llvm::Module &M, llvm::SmallVectorImpl<Payload> &Payloads);

/// Under -steady-audit, the copy of a test body that stands in for it as the
/// payload (`<body>.steady.payload`): the audit makes it before steady-protect
/// protects it, judges it, and deletes it before code generation (Audit.cpp).
inline constexpr const char *StandInSuffix = ".steady.payload";

/// Is F a GoogleTest `Class::TestBody()` (or the audit's copy of one)?
bool isTestBody(const llvm::Function &F);

/// print<steady-payloads>: lists the payloads found, for tests.
class PayloadsPrinterPass : public llvm::PassInfoMixin<PayloadsPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit PayloadsPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// print<steady-sinks>: the dead values of each payload, their dead cycles and
/// the minimal cover sink maximization would consume, without changing the IR.
class SinksPrinterPass : public llvm::PassInfoMixin<SinksPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit SinksPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// steady-protect: brings each payload to SSA form, reads its compile-time-known
/// inputs through volatile loads and consumes its dead values with opaque sinks.
class ProtectPass : public llvm::PassInfoMixin<ProtectPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  // Runs at -O0 too when asked for explicitly; clang only schedules it at -O1+.
  static bool isRequired() { return true; }
};

/// steady-release-inputs: after inlining, gives each opaque literal that only
/// prepares arguments of out-of-line calls its value back (ReleaseInputs.cpp).
class ReleaseInputsPass : public llvm::PassInfoMixin<ReleaseInputsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

/// steady-findings: at the end of the pipeline, records in each protected
/// payload's registration data what the optimizer did that makes its
/// measurement wrong (folded, deleted, hoisted, mutated input; Findings.cpp).
class FindingsPass : public llvm::PassInfoMixin<FindingsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// steady-layout-variants: at the very end of the pipeline, copies of each
/// measured loop (run_batch<B>) entered 16, 32, 48 bytes past its pinned
/// boundary, listed in the section steady_layout for the runner's
/// --layout=random (Layout.cpp).
class LayoutVariantsPass : public llvm::PassInfoMixin<LayoutVariantsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// steady-audit<prepare|harness|report>: differential compilation of payloads
/// and Google Benchmark functions (see Audit.cpp). clang runs the stages
/// around steady-protect and at the end of the pipeline with -mllvm -steady-audit.
class AuditPass : public llvm::PassInfoMixin<AuditPass> {
public:
  enum class Stage { Prepare, Harness, Report };
  explicit AuditPass(Stage S) : S(S) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  Stage S;
};

/// steady-reach<start|end>: what each payload can reach and a fingerprint of
/// each function, in the `steady_reach` section for `steady select` (Reach.cpp).
class ReachPass : public llvm::PassInfoMixin<ReachPass> {
public:
  enum class Stage { Start, End };
  explicit ReachPass(Stage S) : S(S) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  Stage S;
};

/// True when -steady-audit was given.
bool auditRequested();

} // namespace steady
