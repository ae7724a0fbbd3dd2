//===- Wording.cpp - how the findings are said ----------------------------===//
//
// The words of every finding, in the audit's voice (a clang warning to the
// author of a benchmark, with the fix in its framework) and in the runner's
// (a note next to a payload's result). What is wrong is decided in Checks.cpp.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cstdlib>

#include "Checks.h"
#include "Protect.h"
#include "TimedLoop.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace steady {

std::string userName(const Function &F) {
  // The qualified name without return type and parameters, as the user wrote
  // it (`(anonymous namespace)` contains a '(' itself: no cutting at one).
  // The plugin's copies (NAME.steady.payload, ...) are named as what they copy.
  std::string Mangled = F.getName().split(".steady.").first.str(), N;
  ItaniumPartialDemangler D;
  if (!D.partialDemangle(Mangled.c_str())) {
    char *S = D.getFunctionName(nullptr, nullptr);
    N = S ? S : "";
    std::free(S);
  }
  if (N.empty())
    N = demangle(Mangled); // not a C++ name
  // steady payloads are `(anonymous namespace)::steady_bench_NAME::payload()`.
  size_t B = N.find("steady_bench_");
  if (B != std::string::npos) {
    size_t E = N.find("::payload", B);
    return N.substr(B + 13, E == std::string::npos ? std::string::npos : E - B - 13);
  }
  // An anonymous namespace is no part of the name a reader looks for.
  for (size_t A; (A = N.find("(anonymous namespace)::")) != std::string::npos;)
    N.erase(A, 23);
  return N;
}

namespace {

// Code inlined into the payload is shown at its call site in the payload.
std::string where(const DebugLoc &Loc) {
  DILocation *L = Loc.get();
  while (L && L->getInlinedAt())
    L = L->getInlinedAt();
  if (!L || L->getFilename() == SyntheticFile) // a line made up for code without debug info
    return "";
  return (L->getFilename() + ":" + Twine(L->getLine())).str();
}

// The literals a folded result depends on, where they are written (Prefix:
// "literal " in the runner's voice), for the advice.
std::string culprits(ArrayRef<Literal> Literals, bool Audit, const std::string &Prefix) {
  std::string Out;
  for (const Literal &L : Literals) {
    Out += (Out.empty() ? "" : ", ") + Prefix + L.Value;
    const DILocation *Loc = L.Loc.get();
    if (!Loc || Loc->getFilename() == SyntheticFile) // a line made up for code without debug info
      continue;
    Out += Audit ? " at line " + std::to_string(Loc->getLine()) + ":" + std::to_string(Loc->getColumn())
                 : " at " + where(L.Loc);
  }
  return Out;
}

// The advice for a folded payload result, naming the literals it depends on.
std::string opaqueAdvice(ArrayRef<Literal> Literals, bool Audit) {
  std::string Culprits = culprits(Literals, Audit, Audit ? "" : "literal ");
  return Culprits.empty() ? "make its inputs opaque with steady::opaque()"
                          : "make its input opaque with steady::opaque(): " + Culprits;
}

// The advice for a folded value a Google Benchmark loop consumes: its
// constants named, and to be hidden only if they stand for input data (a
// benchmark of a constant by intent, Offset<3, 5, 7>(), measures what it means to).
std::string consumeAdvice(ArrayRef<Literal> Literals, bool Audit) {
  std::string Culprits = culprits(Literals, Audit, "");
  if (Culprits.empty())
    return "pass its inputs through benchmark::DoNotOptimize() first";
  return "it is computed from " + Culprits +
         (Literals.size() == 1 ? ": if it stands for input data, pass it through benchmark::DoNotOptimize() first"
                               : ": if these stand for input data, pass them through benchmark::DoNotOptimize() first");
}

// What the optimizer made of a literal operand, and the advice if it stands
// for input data ("the division by the literal 10 ... compiles to ...").
std::string literalFolded(const Finding &Fd, const std::string &Where) {
  const std::string &L = Fd.Literals.front().Value;
  std::string Done;
  if (Fd.What == "division")
    Done = " compiles to a multiplication by its reciprocal and shifts: no divide instruction runs";
  else
    Done = " in a loop is folded into multiplications by " + L + "^" + std::to_string(Fd.Power) +
           ": one multiplication does the work of " + std::to_string(Fd.Power) +
           (Fd.Trips ? " (" + std::to_string(std::max(1u, Fd.Trips / Fd.Power)) + " of the " +
                           std::to_string(Fd.Trips) + " multiplications written run)"
                     : "");
  return "the " + Fd.What + " by the literal " + L + Where + Done + "; if " + L +
         " stands for input data, read it through steady::opaque()";
}

// Output appended without end (seqan3's ostreambuf_iterator into an
// ostringstream): its growth is in an out-of-line call, so both cases are
// told; restoring it under PauseTiming or copying it would cost more than
// the append.
const char *const OutputGrows =
    " and never rewinds it (a write position that only moves forward; at the end of its buffer an out-of-line call "
    "takes over, such as a stream buffer's overflow): the output keeps growing (a string stream reallocates and "
    "writes to fresh memory, a file gets longer), so the time per iteration depends on how many iterations run; "
    "bound it in the loop (rewind or clear it every few thousand iterations)";

// Why a walk that restarts is a different measurement, and what to do.
const char *const RestartCost =
    "after the first invocation its nodes come from the cache, so it measures cache hits; if it means to measure "
    "memory latency, keep the position between invocations (a member or global the walk continues from) or make "
    "the ring larger than the cache that matters";

// The calls of a loop computed before it runs, and when: "'isalpha'
// (computed once, before the loop) and 'isdigit' (computed at compile time)".
std::string foldedCalls(const Finding &Fd, const std::string &Of) {
  auto When = [](bool Once) { return Once ? "computed once, before the loop" : "computed at compile time"; };
  bool Same = all_of(Fd.Calls, [&](const Finding::Call &C) { return C.Once == Fd.Calls.front().Once; });
  std::string Names;
  for (size_t I = 0; I != Fd.Calls.size(); ++I) {
    Names += I == 0 ? "" : I + 1 == Fd.Calls.size() ? " and " : ", ";
    Names += "'" + Fd.Calls[I].Name + "'" + (Same ? "" : std::string(" (") + When(Fd.Calls[I].Once) + ")");
  }
  bool One = Fd.Calls.size() == 1;
  std::string Input =
      Fd.What.empty()
          ? consumeAdvice(Fd.Literals, true)
          : "the input is read from the constant array '" + Fd.What +
                "', whose elements are all the same: if it stands for input data, read it through a pointer "
                "passed through benchmark::DoNotOptimize() (the compiler knows what a constant array holds)";
  return (One ? "the call of " : "the calls of ") + Names + " in the measurement loop of " + Of +
         (One ? " gets only inputs known at compile time and is " : " get only inputs known at compile time and are ") +
         (Same ? std::string(When(Fd.Calls.front().Once)) : "computed before the loop runs") +
         ": the loop does not run " + (One ? "it" : "them") + " and measures only the rest of its body; " + Input;
}

} // namespace

const char *auditKind(Defect D) {
  switch (D) {
  case Defect::DeadCode:
    return "dead-code";
  case Defect::FoldedResult:
  case Defect::FoldedConsumed:
  case Defect::FoldedCall:
    return "folded-result";
  case Defect::Deleted:
    return "deleted";
  case Defect::Hoisted:
    return "hoisted";
  case Defect::Mutated:
    return "mutated-input";
  case Defect::EmptyLoop:
    return "empty-loop";
  case Defect::FoldedLiteral:
    return "folded-literal";
  case Defect::Restarts:
    return "restarting-walk";
  }
  llvm_unreachable("every defect has a kind");
}

std::string auditMessage(const Finding &Fd, Subject S, const std::string &Name) {
  bool GB = S == Subject::GBench;
  std::string Of = (GB ? "benchmark '" : "payload '") + Name + "'";
  std::string FoldFix = GB ? consumeAdvice(Fd.Literals, true) : opaqueAdvice(Fd.Literals, true);
  switch (Fd.Kind) {
  case Defect::DeadCode:
    return "the " + Fd.What + " in " + Of + " is never used" +
           (GB ? " and the optimizer deletes it: the benchmark does not measure it; consume it with "
                 "benchmark::DoNotOptimize()"
               : ": unprotected, the optimizer deletes it and the benchmark would not measure it; steady-protect "
                 "consumes it here (write steady::sink() to make that explicit)");
  case Defect::FoldedResult:
    return "the result of " + Of + " is folded to a compile-time constant: every invocation measures nothing; " +
           FoldFix;
  case Defect::FoldedConsumed:
    return "a result consumed in " + Of +
           " is folded to a compile-time constant: the benchmark does not measure its computation; " + FoldFix;
  case Defect::Deleted:
    break;
  case Defect::Hoisted:
    return GB ? "the " + Fd.What + " in the measurement loop of " + Of +
                    " gives the same result in every iteration and is hoisted out of the loop: it runs once, not "
                    "once per iteration; pass its inputs through benchmark::DoNotOptimize() in the loop"
              : "the " + Fd.What + " in " + Of +
                    " gives the same result in every invocation and is hoisted out of the measurement loop, so it "
                    "runs once per batch instead of once per invocation; read its inputs through steady::opaque()";
  case Defect::Mutated:
    if (Fd.Output)
      return Of + " appends to " + Fd.What + " every " + (GB ? "iteration" : "invocation") + OutputGrows;
    if (Fd.Grows)
      return Of + " makes " + Fd.What + " longer every " + (GB ? "iteration" : "invocation") +
             " and never empties it: each one works on a bigger container (and reallocates it now and then), so "
             "there is no steady state to measure; empty it in the loop or bound its size" +
             (GB ? " (a reset under state.PauseTiming() / state.ResumeTiming())" : " (the reset facility)");
    return GB ? Of + " modifies " + Fd.What +
                    " which its measurement loop also reads: every iteration after the first measures another case "
                    "(an array already sorted, a container that keeps growing); restore it between iterations "
                    "(state.PauseTiming() / state.ResumeTiming() around the reset) or work on a copy"
              : Of + " modifies " + Fd.What +
                    ", which it also reads: every invocation after the first measures another case (for example an "
                    "array that is already sorted); restore it with the reset facility or an invocation-level "
                    "fixture setup, or work on a copy";
  case Defect::FoldedLiteral:
    return literalFolded(Fd, " in " + Of);
  case Defect::FoldedCall:
    return foldedCalls(Fd, Of);
  case Defect::Restarts:
    return Of +
           " chases pointers from the same start every invocation and does not keep where it ended: " + RestartCost;
  case Defect::EmptyLoop:
    // Told only when no computation of the loop on run-time values was lost
    // (Audit.cpp: else that is dead code): what was deleted was unused, or
    // computed from compile-time constants (seqan3's is_alpha of a constexpr
    // array: its sum is used, but known at compile time).
    return "the measurement loop of " + Of +
           " is empty after optimization: what its body computes is unused or computed from compile-time "
           "constants, so the optimizer deletes it or computes it once, and the benchmark measures the empty loop; "
           "consume the results with benchmark::DoNotOptimize() in the loop, and pass inputs known at compile time "
           "through benchmark::DoNotOptimize() first";
  }
  llvm_unreachable("the audit tells a deleted loop by its dead code or as an empty loop");
}

const char *findingKind(Defect D) {
  switch (D) {
  case Defect::FoldedResult:
  case Defect::FoldedConsumed:
    return "folded";
  case Defect::Deleted:
    return "deleted";
  case Defect::Hoisted:
    return "hoisted";
  case Defect::Mutated:
    return "mutated";
  case Defect::FoldedLiteral:
    return "literal";
  case Defect::Restarts:
    return "restarts";
  case Defect::DeadCode:
  case Defect::EmptyLoop:
  case Defect::FoldedCall:
    break;
  }
  llvm_unreachable("protected payloads keep their dead code; their empty loop is Deleted; their inputs are opaque");
}

std::string findingMessage(const Finding &Fd, Subject S) {
  std::string At = Fd.At ? where(Fd.At->getDebugLoc()) : "";
  std::string Place = where(Fd.Loc);
  bool GB = S == Subject::GBench;
  switch (Fd.Kind) {
  case Defect::FoldedResult:
  case Defect::FoldedConsumed:
    return (GB ? "a result its loop consumes" : "its result") + (At.empty() ? "" : " (" + At + ")") +
           " is a compile-time constant: it measures nothing; " +
           (GB ? consumeAdvice(Fd.Literals, false) : opaqueAdvice(Fd.Literals, false));
  case Defect::Deleted:
    if (!Fd.What.empty()) // all of its work hoisted (Findings.cpp)
      return "its work (the " + Fd.What + (Place.empty() ? "" : " at " + Place) + ") gives the same result in every " +
             (GB ? "iteration" : "invocation") +
             " and is hoisted out of the measured loop, which is left doing nothing: it runs once per batch; " +
             (GB ? "pass its inputs through benchmark::DoNotOptimize() in the loop"
                 : "read its inputs through steady::opaque()");
    return GB ? "its loop's work is deleted by the optimizer: the measured loop does nothing; consume the results "
                "with benchmark::DoNotOptimize()"
              : "its work is deleted by the optimizer: the measured loop does nothing (a result that is never used, "
                "or computed from compile-time constants inside a callee); return the result, or make its inputs "
                "opaque with steady::opaque()";
  case Defect::Hoisted:
    return "the " + Fd.What + (Place.empty() ? "" : " at " + Place) +
           (GB ? " gives the same result in every iteration and is hoisted out of the loop: it runs once per batch, "
                 "not per iteration; pass its inputs through benchmark::DoNotOptimize() in the loop"
               : " gives the same result in every invocation and is hoisted out of the measured loop: it runs once "
                 "per batch, not per invocation; read its inputs through steady::opaque()");
  case Defect::Mutated:
    if (Fd.Output)
      return "it appends to " + Fd.What + " every " + (GB ? "iteration" : "invocation") +
             (At.empty() ? "" : " (" + At + ")") + OutputGrows;
    if (Fd.Grows)
      return "it makes " + Fd.What + " longer every " + (GB ? "iteration" : "invocation") +
             (At.empty() ? "" : " (" + At + ")") +
             " and never empties it: no steady state; empty it in the loop or bound its size";
    return "it modifies " + Fd.What + ", which " + (GB ? "its loop" : "it") + " also reads" +
           (At.empty() ? "" : " (" + At + ")") +
           (GB ? ": every iteration after the first measures another case (an array already sorted); restore it "
                 "between iterations (state.PauseTiming() / state.ResumeTiming() around the reset), or work on a copy"
               : ": every invocation after the first measures another case (an array already sorted); restore it "
                 "with reset() / setup_invocation(), or work on a copy");
  case Defect::FoldedLiteral:
    return literalFolded(Fd, Place.empty() ? "" : " at " + Place);
  case Defect::Restarts:
    return std::string("it chases pointers") + (At.empty() ? "" : " (the load at " + At + ")") +
           " from the same start every invocation and does not keep where it ended: " + RestartCost;
  case Defect::DeadCode:
  case Defect::EmptyLoop:
  case Defect::FoldedCall:
    break;
  }
  llvm_unreachable("protected payloads keep their dead code; their empty loop is Deleted; their inputs are opaque");
}

} // namespace steady
