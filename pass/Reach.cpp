//===- Reach.cpp - what each payload can reach, and a fingerprint of it ----===//
//
// For regression test selection (`steady select`, `steady ab --changed-only`):
// which functions each payload (STEADY_BENCH, a Google Benchmark function) can
// reach, and a fingerprint of each function's code, so that two builds can be
// compared without running anything.
//
//  - steady-reach<start> runs before inlining: the call edges of every defined
//    function, by symbol (so a function later inlined is still named, and a
//    call to a declaration can be continued in another translation unit by
//    the driver), functions whose address is taken (`&`: a table of function
//    pointers), indirect calls (`*`), and a fingerprint of the function as
//    clang emitted it. Kept in the module as named metadata until the end.
//    Also its source lines (from its debug locations, with -g).
//  - steady-reach<end> runs at the end of the pipeline: the fingerprint of each
//    function that survived, from its optimized IR and the constant data it
//    reads (an inlined-away function keeps its unoptimized fingerprint), and
//    the records as text in the `steady_reach` section, one NUL-terminated
//    string per translation unit, which the runtime prints (--list-reach):
//      P <tab> payload name <tab> symbol
//      F <tab> symbol <tab> fingerprint <tab> callee,&address,*  (comma-separated)
//        <tab> own <tab> file:first-last <tab> symbol*inlined*calls,...
//    own: the fingerprint as clang emitted it (its own code: a function whose
//    optimized code changed only because a changed callee was inlined into it
//    keeps it); file:first-last: its source lines ("" without debug
//    information); then, for a function that survived, the functions whose
//    code is in it: the number of inlined copies (from the debug locations'
//    inlined-at chains: "" without debug information) and of calls left. With
//    them `steady select --traced` tells a test that ran the inlined copy of a
//    changed function from one that only ran its caller (driver/selection.h).
//    A symbol of internal linkage is prefixed with its source file's name
//    (not its path: two checkouts compare) so that two translation units'
//    `static` helpers stay apart.
//
//===----------------------------------------------------------------------===//
#include <map>

#include "Protect.h"
#include "SteadyPass.h"
#include "TimedLoop.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/AssemblyAnnotationWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace steady {

namespace {

constexpr const char *ReachMD = "steady.reach";
constexpr const char *ReachSection = "steady_reach";

std::string symbolOf(const GlobalValue &G) {
  if (G.hasLocalLinkage())
    return sys::path::filename(G.getParent()->getSourceFileName()).str() + ":" + G.getName().str();
  return G.getName().str();
}

// Functions whose address a constant (a table's initializer) holds.
void addressesIn(const Constant *C, SetVector<const Function *> &Out, SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  if (auto *F = dyn_cast<Function>(C)) {
    Out.insert(F);
    return;
  }
  if (auto *G = dyn_cast<GlobalVariable>(C)) {
    if (G->hasInitializer())
      addressesIn(G->getInitializer(), Out, Seen);
    return;
  }
  for (const Use &U : C->operands())
    if (auto *Op = dyn_cast<Constant>(U.get()))
      addressesIn(Op, Out, Seen);
}

// NAME's uses as an operand ("@NAME" followed by no further name character).
void replaceOperand(std::string &Line, StringRef Name, StringRef With) {
  std::string Ref = ("@" + Name).str();
  for (size_t At = Line.find(Ref); At != std::string::npos; At = Line.find(Ref, At + With.size())) {
    size_t End = At + Ref.size();
    if (End < Line.size() && (isAlnum(Line[End]) || StringRef("._$").contains(Line[End]))) {
      At = End - With.size();
      continue;
    }
    Line.replace(At, Ref.size(), With.str());
  }
}

// Metadata operands (`metadata !143` of a noalias scope declaration) are
// numbered across the module: the other functions' scopes and the reach
// records themselves shift them. Numbered instead in their order of first use
// in this function.
void renumberMetadata(std::string &Line, DenseMap<unsigned, unsigned> &Local) {
  std::string Out;
  for (size_t I = 0; I < Line.size(); ++I) {
    Out += Line[I];
    if (Line[I] != '!' || I + 1 >= Line.size() || !isDigit(Line[I + 1]))
      continue;
    unsigned N = 0;
    while (I + 1 < Line.size() && isDigit(Line[I + 1]))
      N = N * 10 + (Line[++I] - '0');
    Out += utostr(Local.try_emplace(N, Local.size()).first->second);
  }
  Line = std::move(Out);
}

// Where each instruction's text (several lines for an invoke or a switch)
// starts and ends when the whole function is printed.
class InstructionSpans : public AssemblyAnnotationWriter {
  const std::string &Text;

public:
  DenseMap<const Value *, std::pair<size_t, size_t>> At;
  explicit InstructionSpans(const std::string &Text) : Text(Text) {}
  void emitInstructionAnnot(const Instruction *I, formatted_raw_ostream &OS) override {
    OS.flush();
    At[I].first = Text.size();
  }
  void printInfoComment(const Value &V, formatted_raw_ostream &OS) override {
    OS.flush();
    At[&V].second = Text.size();
  }
};

// Each instruction's text as Instruction::print writes it, from one print of
// the module. Printing function by function builds a slot tracker each time,
// which walks the module's globals, functions and named metadata (these
// records), and instruction by instruction a writer each time, which walks
// the globals: quadratic in the translation unit (spdlog's formatter-bench.cpp
// spent 84 s, then 2.8 s, in this pass, for 3 s of optimization).
class ModuleText {
  std::string Storage;
  DenseMap<const Instruction *, StringRef> Lines;

public:
  explicit ModuleText(const Module &M) {
    InstructionSpans Spans(Storage);
    {
      raw_string_ostream OS(Storage);
      M.print(OS, &Spans);
    }
    for (auto [V, Span] : Spans.At)
      if (auto *I = dyn_cast<Instruction>(V))
        Lines[I] = StringRef(Storage).slice(Span.first, Span.second);
  }
  ModuleText(const ModuleText &) = delete;
  StringRef of(const Instruction &I) const { return Lines.lookup(&I); }
};

// The instructions without what differs between compiles of unchanged code:
// metadata attachments (debug locations and their numbering), the numbers of
// attribute groups (a call's `#12` counts the module's other functions: the
// attributes themselves are written instead) and the names of private
// constants (`@.str.4` counts the string literals before it: their data is
// written instead) and of metadata operands. The constant data the
// instructions read is included.
uint64_t fingerprint(const Function &F, const ModuleText &Printed) {
  std::string Text;
  raw_string_ostream OS(Text);
  SmallPtrSet<const GlobalVariable *, 4> Data;
  DenseMap<unsigned, unsigned> Metadata;
  OS << *F.getFunctionType() << "\n";
  for (const BasicBlock &BB : F) {
    OS << "bb\n";
    for (const Instruction &I : BB) {
      std::string Line = Printed.of(I).split(", !").first.str();
      renumberMetadata(Line, Metadata);
      if (const auto *CB = dyn_cast<CallBase>(&I)) {
        // The group ends the call's first line (an invoke's labels follow).
        auto [First, Rest] = StringRef(Line).split('\n');
        StringRef Head = First.rtrim("0123456789");
        if (Head.ends_with(" #"))
          Line = Head.drop_back(2).str() + " " + CB->getAttributes().getFnAttrs().getAsString() +
                 (First.size() < Line.size() ? "\n" + Rest.str() : "");
      }
      for (const Use &U : I.operands())
        if (auto *G = dyn_cast<GlobalVariable>(U.get()->stripPointerCasts()))
          if (G->isConstant() && G->hasInitializer()) {
            if (G->hasPrivateLinkage())
              replaceOperand(Line, G->getName(), "@<private>");
            if (Data.insert(G).second)
              OS << *G->getInitializer() << "\n";
          }
      OS << Line << "\n";
    }
  }
  return xxh3_64bits(Text);
}

// The edges of F before inlining: "callee", "&function" and "*".
SmallVector<std::string, 8> edgesOf(const Function &F) {
  SmallVector<std::string, 8> Out;
  StringSet<> Added;
  auto Add = [&](std::string E) {
    if (Added.insert(E).second)
      Out.push_back(std::move(E));
  };
  SetVector<const Function *> Addresses;
  SmallPtrSet<const Constant *, 8> Seen;
  for (const Instruction &I : instructions(F)) {
    const auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (CB && !Callee && !CB->isInlineAsm())
      Add("*");
    else if (Callee && !Callee->isIntrinsic())
      Add(symbolOf(*Callee));
    for (const Use &U : I.operands()) {
      if (CB && &U == &CB->getCalledOperandUse())
        continue;
      if (auto *C = dyn_cast<Constant>(U.get()))
        addressesIn(C, Addresses, Seen);
    }
  }
  for (const Function *A : Addresses)
    if (!A->isIntrinsic())
      Add("&" + symbolOf(*A));
  return Out;
}

std::string payloadName(const Function &F) { return userName(F); }

// "file:first-last": the lines of F's own code as clang emitted it (before
// inlining, every debug location is F's own); "" without debug information.
std::string sourceSpan(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return "";
  unsigned First = SP->getLine(), Last = SP->getLine();
  for (const Instruction &I : instructions(F))
    if (const DILocation *L = I.getDebugLoc(); L && L->getLine() && L->getScope()->getSubprogram() == SP) {
      First = First ? std::min(First, L->getLine()) : L->getLine();
      Last = std::max(Last, L->getLine());
    }
  if (!First)
    return "";
  return (SP->getFilename() + ":" + Twine(First) + "-" + Twine(Last)).str();
}

// The functions whose code is in F, optimized: "symbol*copies*calls" with the
// copies inlined into it (each distinct inlined-at chain of a subprogram is
// one copy, however deep) and the direct calls left. `Symbols` names a
// subprogram (the start stage's records keep each function's).
std::string codeOf(const Function &F, const DenseMap<const DISubprogram *, std::string> &Symbols) {
  std::map<std::string, std::pair<unsigned, unsigned>> In;
  DenseSet<std::pair<const DISubprogram *, const DILocation *>> Copies;
  for (const Instruction &I : instructions(F)) {
    for (const DILocation *L = I.getDebugLoc(); L && L->getInlinedAt(); L = L->getInlinedAt()) {
      const DISubprogram *SP = L->getScope()->getSubprogram();
      if (!Copies.insert({SP, L->getInlinedAt()}).second)
        continue;
      auto It = Symbols.find(SP);
      StringRef Name = It != Symbols.end()             ? StringRef(It->second)
                       : !SP->getLinkageName().empty() ? SP->getLinkageName()
                                                       : SP->getName();
      ++In[Name.str()].first;
    }
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction(); Callee && !Callee->isIntrinsic())
        ++In[symbolOf(*Callee)].second;
  }
  std::string Out;
  for (const auto &[Name, Counts] : In)
    Out += (Out.empty() ? "" : ",") + Name + "*" + utostr(Counts.first) + "*" + utostr(Counts.second);
  return Out;
}

} // namespace

PreservedAnalyses ReachPass::run(Module &M, ModuleAnalysisManager &MAM) {
  LLVMContext &C = M.getContext();
  if (S == Stage::Start) {
    NamedMDNode *N = M.getOrInsertNamedMetadata(ReachMD);
    auto Str = [&](StringRef S) { return MDString::get(C, S); };
    for (const Payload &P : MAM.getResult<PayloadsAnalysis>(M))
      if (!P.GBench) // listed below with every function holding a measurement loop
        N->addOperand(MDNode::get(C, {Str("P"), Str(payloadName(*P.F)), Str(symbolOf(*P.F))}));
    ModuleText Printed(M);
    for (Function &F : M) {
      // Not the audit's temporary copies (NAME.steady.protected, ...).
      if (F.isDeclaration() || F.getName().contains(".steady."))
        continue;
      if (holdsMeasurementLoop(F) && !F.hasLocalLinkage())
        N->addOperand(MDNode::get(C, {Str("P"), Str(payloadName(F)), Str(symbolOf(F))}));
      // The subprogram names the function's inlined copies at the end stage.
      Metadata *SP = F.getSubprogram();
      SmallVector<Metadata *, 8> Ops = {Str("F"), Str(symbolOf(F)), Str(utohexstr(fingerprint(F, Printed))),
                                        Str(sourceSpan(F)), SP ? SP : Str("")};
      for (const std::string &E : edgesOf(F))
        Ops.push_back(Str(E));
      N->addOperand(MDNode::get(C, Ops));
    }
    return PreservedAnalyses::all();
  }
  NamedMDNode *N = M.getNamedMetadata(ReachMD);
  if (!N)
    return PreservedAnalyses::all();
  StringMap<const Function *> Defined;
  for (const Function &F : M)
    if (!F.isDeclaration())
      Defined[symbolOf(F)] = &F;
  ModuleText Printed(M);
  // Operands of an F record: "F", symbol, own fingerprint, span, subprogram, edges...
  constexpr unsigned FirstEdge = 5;
  DenseMap<const DISubprogram *, std::string> Symbols;
  for (const MDNode *Rec : N->operands())
    if (Rec->getNumOperands() >= FirstEdge)
      if (auto *SP = dyn_cast<DISubprogram>(Rec->getOperand(4).get()))
        Symbols[SP] = cast<MDString>(Rec->getOperand(1))->getString().str();
  // The payload-private copies ProtectPass made (NAME.steady.protected) are
  // the code a payload runs, the original perhaps deleted: each counts with
  // the function it copies (callgrind names it so too, "[clone .steady]").
  StringMap<SmallVector<const Function *, 1>> CopiesOf;
  {
    StringMap<std::string> SymbolOfName;
    for (const MDNode *Rec : N->operands())
      if (Rec->getNumOperands() >= FirstEdge) {
        StringRef Sym = cast<MDString>(Rec->getOperand(1))->getString();
        SymbolOfName[Sym.substr(Sym.rfind(':') + 1)] = Sym.str();
      }
    for (const Function &F : M)
      if (!F.isDeclaration() && F.getName().contains(".steady."))
        if (auto It = SymbolOfName.find(F.getName().split(".steady.").first); It != SymbolOfName.end())
          CopiesOf[It->second].push_back(&F);
  }
  std::string Text;
  for (const MDNode *Rec : N->operands()) {
    auto Op = [&](unsigned I) { return cast<MDString>(Rec->getOperand(I))->getString(); };
    if (Op(0) == "P") {
      Text += ("P\t" + Op(1) + "\t" + Op(2) + "\n").str();
      continue;
    }
    auto It = Defined.find(Op(1));
    SmallVector<const Function *, 2> Bodies;
    if (It != Defined.end())
      Bodies.push_back(It->second);
    if (auto C = CopiesOf.find(Op(1)); C != CopiesOf.end())
      Bodies.append(C->second.begin(), C->second.end());
    std::string Print = It != Defined.end() ? "" : Op(2).str(), Code;
    for (const Function *B : Bodies) {
      Print += (Print.empty() ? "" : "+") + utohexstr(fingerprint(*B, Printed));
      std::string In = codeOf(*B, Symbols);
      Code += (Code.empty() || In.empty() ? "" : ",") + In;
    }
    Text += ("F\t" + Op(1) + "\t" + Print + "\t").str();
    for (unsigned I = FirstEdge; I < Rec->getNumOperands(); ++I)
      Text += (I > FirstEdge ? "," : "") + Op(I).str();
    Text += ("\t" + Op(2) + "\t" + Op(3) + "\t" + Code + "\n").str();
  }
  N->eraseFromParent();
  Constant *Str = ConstantDataArray::getString(C, Text);
  auto *G =
      new GlobalVariable(M, Str->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage, Str, "steady.reach.text");
  G->setSection(ReachSection);
  G->setAlignment(Align(1));
  appendToUsed(M, {G});
  return PreservedAnalyses::none();
}

} // namespace steady
