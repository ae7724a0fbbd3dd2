//===- OpaqueInputs.cpp - CF/CP mitigation through volatile loads ---------===//
//
// AutoJMH's constant folding / constant propagation mitigation, for C/C++:
// values the optimizer could know at compile time are read through a volatile
// load of a private global holding the constant. The load is placed once in
// the entry block, so it costs one load per invocation and can neither be
// folded nor hoisted out of the harness loop the payload is inlined into (in a
// Google Benchmark function: at the header of its measurement loop, once per
// iteration, for the same reason).
//
//===----------------------------------------------------------------------===//
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#define DEBUG_TYPE STEADY_PASS_NAME

using namespace llvm;

namespace steady {

CxxName CxxName::of(const Function &F) {
  CxxName Name;
  // The demangler's results point into the mangled string: keep it alive.
  std::string Mangled = F.getName().str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()))
    return Name;
  auto Take = [](char *S) {
    std::string R = S ? S : "";
    std::free(S);
    return R;
  };
  Name.Context = Take(D.getFunctionDeclContextName(nullptr, nullptr));
  Name.Base = Take(D.getFunctionBaseName(nullptr, nullptr));
  Name.IsDestructor = D.isCtorOrDtor() && !Name.Base.empty() && Name.Base[0] == '~';
  return Name;
}

bool isSteadyPrimitive(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return false;
  CxxName Name = CxxName::of(*Callee);
  return Name.Context == "steady" && is_contained({"fold", "sink", "opaque", "clobber_memory"}, StringRef(Name.Base));
}

bool isLibraryCode(const Function &F) {
  StringRef Name = F.getName();
  if (Name.starts_with("llvm.") || Name.starts_with("__"))
    return true;
  CxxName N = CxxName::of(F);
  StringRef C(N.Context);
  return C == "std" || C.starts_with("std::") || C.starts_with("__gnu_cxx") || C.starts_with("__cxxabiv1") ||
         C == "steady" || C.starts_with("steady::");
}

namespace {

// Loads of scalar values are what constant folding feeds on.
bool isFoldableScalar(Type *T) { return T->isIntegerTy() || T->isFloatingPointTy(); }

bool isLiteral(Value *V) { return (isa<ConstantInt>(V) || isa<ConstantFP>(V)) && isFoldableScalar(V->getType()); }

// True if the global's contents can change: any use other than reading it
// through loads (directly or through address arithmetic) counts as a write.
bool mayBeWritten(const Value *Ptr, unsigned Depth = 0) {
  if (Depth > 8)
    return true;
  for (const User *U : Ptr->users()) {
    if (isa<LoadInst>(U))
      continue;
    if (isa<GEPOperator>(U) || isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
      if (mayBeWritten(U, Depth + 1))
        return true;
      continue;
    }
    return true;
  }
  return false;
}

// A global whose value the optimizer may assume: `const` globals and internal
// globals nothing writes (globalopt turns the latter into constants).
bool isCompileTimeKnown(const GlobalVariable &G) {
  if (!G.hasDefinitiveInitializer() || G.isThreadLocal() || G.getName().starts_with("llvm.") ||
      G.getName().starts_with("steady."))
    return false;
  return G.isConstant() || (G.hasLocalLinkage() && !mayBeWritten(&G));
}

// Data the optimizer can read at compile time through a pointer: string
// literals, constant tables and internal arrays of numbers (globalopt turns an
// internal array that is only read into a constant once it has seen every
// use). Arrays of numbers only: vtables, typeinfo and other tables of pointers
// are how the program works, not inputs.
bool isReadableData(const GlobalVariable &G) {
  if (!G.hasDefinitiveInitializer() || G.isThreadLocal() || G.getName().starts_with("llvm.") ||
      G.getName().starts_with("steady.") || !(G.isConstant() || G.hasLocalLinkage()))
    return false;
  Type *T = G.getValueType();
  while (auto *AT = dyn_cast<ArrayType>(T))
    T = AT->getElementType();
  return T != G.getValueType() && isFoldableScalar(T);
}

// Intrinsics whose scalar operands are user inputs (sqrt, pow, fma, ...), as
// opposed to sizes and flags of memory intrinsics and the like.
bool takesUserInputs(const CallBase &CB) {
  if (CB.isInlineAsm() || isSteadyPrimitive(CB))
    return false;
  // llvm.fmuladd is clang's contraction of `x * 3.5 + y`: operators, not a call.
  if (auto *II = dyn_cast<IntrinsicInst>(&CB))
    return II->getIntrinsicID() != Intrinsic::fmuladd && isTriviallyVectorizable(II->getIntrinsicID());
  if (const Function *Callee = CB.getCalledFunction()) {
    // Sizes passed to allocation functions and C++ runtime helpers come from
    // sizeof, not from the user.
    if (Callee->hasFnAttribute(Attribute::AllocSize) || Callee->getName().starts_with("__cxa_"))
      return false;
  }
  return true;
}

std::string describe(Constant *C) {
  std::string S;
  raw_string_ostream OS(S);
  C->getType()->print(OS);
  OS << " ";
  if (auto *CI = dyn_cast<ConstantInt>(C))
    OS << CI->getValue();
  else if (auto *CF = dyn_cast<ConstantFP>(C))
    OS << format("%g", CF->getValueAPF().convertToDouble());
  else
    C->printAsOperand(OS, false);
  return S;
}

std::string calleeName(const CallBase &CB) {
  if (const Function *Callee = CB.getCalledFunction())
    return demangle(Callee->getName());
  return "an indirect callee";
}

// The first free name of Prefix, Prefix.1, ...: numbered by what is there,
// not by the module's symbol table counter, which every other name collision
// (the audit's copies of functions) advances: the generated code's names are
// then the same with and without the audit.
std::string opaqueGlobalName(const Module &M, StringRef Prefix) {
  std::string N = Prefix.str();
  for (unsigned I = 1; M.getNamedValue(N); ++I)
    N = (Prefix + "." + Twine(I)).str();
  return N;
}

} // namespace

BasicBlock *ProtectedScope::inputsBlock(const Instruction &I) const {
  return &const_cast<Function *>(I.getFunction())->getEntryBlock();
}

// The start of a block where inputs are read: after the entry block's allocas.
static BasicBlock::iterator inputsPoint(BasicBlock &BB) {
  return &BB == &BB.getParent()->getEntryBlock() ? BB.getFirstNonPHIOrDbgOrAlloca() : BB.getFirstInsertionPt();
}

namespace {

class OpaqueInputs {
  Function &F;
  Module &M;
  OptimizationRemarkEmitter *ORE;
  StringRef GlobalName; // of the globals read
  const ProtectedScope &Scope;
  // Where each block's reads go, fixed before the first: they keep their order.
  DenseMap<BasicBlock *, Instruction *> Points;
  DenseMap<std::tuple<Constant *, Type *, BasicBlock *>, Value *> Loaded;
  DenseMap<std::pair<GlobalVariable *, BasicBlock *>, Value *> Laundered;
  // Erased at the end: an insertion point may be one of them.
  SmallVector<Instruction *, 8> Replaced;
  unsigned Count = 0;

  // A builder at the start of the block that reads At's inputs.
  IRBuilder<> readsFor(const Instruction &At) {
    BasicBlock *BB = Scope.inputsBlock(At);
    Instruction *&P = Points[BB];
    if (!P)
      P = &*inputsPoint(*BB);
    return IRBuilder<>(P);
  }

public:
  OpaqueInputs(Function &F, OptimizationRemarkEmitter *ORE, StringRef GlobalName, const ProtectedScope &Scope)
      : F(F), M(*F.getParent()), ORE(ORE), GlobalName(GlobalName), Scope(Scope) {}

  unsigned run() {
    SmallVector<AllocaInst *, 8> Allocas;
    SmallVector<Instruction *, 32> Others;
    for (Instruction &I : instructions(F)) {
      if (auto *AI = dyn_cast<AllocaInst>(&I))
        Allocas.push_back(AI);
      else
        Others.push_back(&I);
    }
    for (AllocaInst *AI : Allocas)
      constantLocal(*AI);
    for (Instruction *I : Others) {
      if (!Scope.contains(*I))
        continue;
      if (auto *LI = dyn_cast<LoadInst>(I))
        constantGlobalLoad(*LI);
      else if (auto *GEP = dyn_cast<GetElementPtrInst>(I))
        constantGlobalIndexing(*GEP);
      else if (auto *MCI = dyn_cast<MemCpyInst>(I); MCI && constantInitialiser(*MCI))
        continue;
      else if (auto *MSI = dyn_cast<MemSetInst>(I))
        constantFill(*MSI);
      else if (auto *CB = dyn_cast<CallBase>(I))
        literalArguments(*CB);
      dataAddresses(*I);
    }
    for (Instruction *I : Replaced)
      I->eraseFromParent();
    return Count;
  }

private:
  // One volatile load per distinct constant and type, in the block that
  // reads At's inputs (the entry block).
  Value *opaqueValue(Constant *C, const Instruction &At) { return opaqueLoad(C->getType(), C, nullptr, At); }

  Value *opaqueLoad(Type *Ty, Constant *Init, Constant *Addr, const Instruction &At) {
    Constant *Key = Addr ? Addr : Init;
    Value *&L = Loaded[{Key, Ty, Scope.inputsBlock(At)}];
    if (!L) {
      if (!Addr)
        Addr = new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::PrivateLinkage, Init,
                                  opaqueGlobalName(M, GlobalName));
      L = readsFor(At).CreateLoad(Ty, Addr, /*isVolatile=*/true, "steady.opaque");
    }
    return L;
  }

  // The address of G, hidden from the optimizer (zero instructions beyond
  // materialising the address once per invocation).
  Value *launder(GlobalVariable *G, const Instruction &At) {
    Value *&P = Laundered[{G, Scope.inputsBlock(At)}];
    if (!P) {
      auto *Ty = G->getType();
      auto *Asm = InlineAsm::get(FunctionType::get(Ty, {Ty}, false), "", "=r,0",
                                 /*hasSideEffects=*/true);
      P = readsFor(At).CreateCall(Asm, {G}, G->getName() + ".opaque");
    }
    return P;
  }

  void remark(Instruction &At, StringRef Kind, const Twine &What) {
    ++Count;
    if (ORE)
      ORE->emit([&] { return OptimizationRemark(DEBUG_TYPE, Kind, &At) << What.str(); });
  }

  // double x = 2.5; — a local whose every store is a constant.
  void constantLocal(AllocaInst &AI) {
    if (!isFoldableScalar(AI.getAllocatedType()) || AI.isArrayAllocation())
      return;
    SmallVector<StoreInst *, 4> Stores;
    bool Read = false;
    for (User *U : AI.users()) {
      if (auto *SI = dyn_cast<StoreInst>(U);
          SI && SI->getPointerOperand() == &AI && SI->isSimple() && isLiteral(SI->getValueOperand())) {
        if (Scope.contains(*SI))
          Stores.push_back(SI);
      } else if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->isSimple())
        Read = true;
      else if (!(isa<IntrinsicInst>(U) && cast<IntrinsicInst>(U)->isLifetimeStartOrEnd()))
        return;
    }
    if (!Read || Stores.empty())
      return;
    for (StoreInst *SI : Stores) {
      auto *C = cast<Constant>(SI->getValueOperand());
      SI->setOperand(0, opaqueValue(C, *SI));
      remark(*SI, "OpaqueLocal", "local initialised with constant " + describe(C) + " is read through a volatile load");
    }
  }

  // int a[] = {3, 1, 2}; — clang copies the initialiser from a constant global.
  // The copy reads from the global's address made opaque: the loads stay
  // ordinary (SROA still splits small arrays into registers and the backend
  // still merges them into wide moves), but their values are unknown. A
  // volatile load of the whole array would cost one load per element.
  bool constantInitialiser(MemCpyInst &MCI) {
    auto *Src = dyn_cast<GlobalVariable>(MCI.getSource()->stripPointerCasts());
    if (!Src || !isCompileTimeKnown(*Src) || !isa<AllocaInst>(getUnderlyingObject(MCI.getDest())))
      return false;
    MCI.setSource(launder(Src, MCI));
    remark(MCI, "OpaqueLocal",
           "local initialised from constant '" + Src->getName() + "' is copied from an opaque address");
    return true;
  }

  // hash("a literal"), strlen(s), memcpy(buf, zeros, n), const char *p = "...":
  // the address of readable data passed to a call, copied from or stored
  // becomes opaque, so what is read through it is not known at compile time
  // (the reads themselves stay ordinary loads).
  void dataAddresses(Instruction &I) {
    auto *CB = dyn_cast<CallBase>(&I);
    auto *MTI = dyn_cast<MemTransferInst>(&I);
    if (CB && !MTI && !takesUserInputs(*CB))
      return;
    if (CB && !MTI && isa<IntrinsicInst>(CB))
      return;
    // printf's format is the program's, not an input (and printf -> puts
    // stays). Library code is measured as it ships: std::string("literal")
    // knows its length at compile time in production too.
    if (CB &&
        (CB->getFunctionType()->isVarArg() || (CB->getCalledFunction() && !CB->getCalledFunction()->isDeclaration() &&
                                               isLibraryCode(*CB->getCalledFunction()))))
      return;
    for (Use &U : I.operands()) {
      if (CB && !MTI && !CB->isArgOperand(&U))
        continue;
      if (MTI && U.getOperandNo() != 1) // only the source
        continue;
      if (auto *SI = dyn_cast<StoreInst>(&I); !CB && (!SI || U.getOperandNo() != 0))
        continue;
      auto *C = dyn_cast<Constant>(U.get());
      if (!C || !C->getType()->isPointerTy())
        continue;
      const DataLayout &DL = M.getDataLayout();
      APInt Off(DL.getIndexTypeSizeInBits(C->getType()), 0);
      auto *G = dyn_cast<GlobalVariable>(C->stripAndAccumulateConstantOffsets(DL, Off, true));
      if (!G || !isReadableData(*G))
        continue;
      Value *P = launder(G, I);
      if (!Off.isZero()) {
        IRBuilder<> B(&I);
        P = B.CreatePtrAdd(P, B.getInt(Off), G->getName() + ".opaque.at");
      }
      U.set(P);
      remark(I, "OpaqueData",
             "the contents of '" + G->getName() + "' are read through an opaque address " +
                 (CB ? "by the call to '" + calleeName(*CB) + "'" : std::string("from here on")));
    }
  }

  // int a[100] = {}; — a constant fill.
  void constantFill(MemSetInst &MSI) {
    auto *C = dyn_cast<ConstantInt>(MSI.getValue());
    if (!C || !isa<AllocaInst>(getUnderlyingObject(MSI.getDest())))
      return;
    MSI.setValue(opaqueValue(C, MSI));
    remark(MSI, "OpaqueLocal", "local filled with constant byte " + describe(C) + " is filled from a volatile load");
  }

  // static const double k = 3.0; ... k — a load at a constant address.
  void constantGlobalLoad(LoadInst &LI) {
    auto *Addr = dyn_cast<Constant>(LI.getPointerOperand());
    auto *G = dyn_cast_or_null<GlobalVariable>(getUnderlyingObject(LI.getPointerOperand()));
    if (!Addr || !G || !LI.isSimple() || !isFoldableScalar(LI.getType()) || !isCompileTimeKnown(*G))
      return;
    LI.replaceAllUsesWith(opaqueLoad(LI.getType(), nullptr, Addr, LI));
    remark(LI, "OpaqueGlobal", "load of constant global '" + G->getName() + "' is read through a volatile load");
    Replaced.push_back(&LI);
  }

  // table[i] with table constant: the index is not known, but would be once
  // a loop over it is unrolled; the table's address is made opaque instead.
  void constantGlobalIndexing(GetElementPtrInst &GEP) {
    auto *G = dyn_cast<GlobalVariable>(GEP.getPointerOperand());
    if (!G || GEP.hasAllConstantIndices() || !isCompileTimeKnown(*G))
      return;
    GEP.setOperand(0, launder(G, GEP));
    remark(GEP, "OpaqueGlobal", "constant global '" + G->getName() + "' is indexed through an opaque address");
  }

  // fib(30), std::log(2.5) — literal scalar arguments.
  void literalArguments(CallBase &CB) {
    if (!takesUserInputs(CB))
      return;
    for (unsigned I = 0, E = CB.arg_size(); I != E; ++I) {
      Value *Arg = CB.getArgOperand(I);
      if (!isLiteral(Arg) || CB.paramHasAttr(I, Attribute::ImmArg))
        continue;
      CB.setArgOperand(I, opaqueValue(cast<Constant>(Arg), CB));
      remark(CB, "OpaqueArgument",
             "literal argument " + describe(cast<Constant>(Arg)) + " of call to '" + calleeName(CB) +
                 "' is read through a volatile load");
    }
  }
};

} // namespace

unsigned makeInputsOpaque(Function &F, OptimizationRemarkEmitter *ORE, StringRef GlobalName,
                          const ProtectedScope *Scope) {
  const ProtectedScope Whole;
  return OpaqueInputs(F, ORE, GlobalName, Scope ? *Scope : Whole).run();
}

namespace {

// Is V, in loop L, computed from constants, `Phi` and induction variables
// only? Then the recurrence's every value is known once its start is: the
// optimizer can unroll the loop and fold it (an FNV hash of a counter).
bool isClosed(Value *V, PHINode *Phi, Loop *L, ScalarEvolution &SE, SmallPtrSetImpl<Value *> &Seen,
              unsigned Depth = 0) {
  if (isa<Constant>(V) || V == Phi || !Seen.insert(V).second)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Depth > 16)
    return false;
  if (auto *P = dyn_cast<PHINode>(I); P && P->getParent() == L->getHeader()) {
    InductionDescriptor ID;
    return InductionDescriptor::isInductionPHI(P, L, &SE, ID) && isa<Constant>(ID.getStartValue());
  }
  if (!isa<BinaryOperator>(I) && !isa<CastInst>(I) && !isa<SelectInst>(I) && !isa<CmpInst>(I) && !isa<PHINode>(I))
    return false;
  return all_of(I->operands(), [&](Value *Op) { return isClosed(Op, Phi, L, SE, Seen, Depth + 1); });
}

} // namespace

unsigned makeRecurrenceStartsOpaque(Function &F, FunctionAnalysisManager &FAM, OptimizationRemarkEmitter *ORE,
                                    const ProtectedScope *Scope) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  const ProtectedScope Whole;
  const ProtectedScope &S = Scope ? *Scope : Whole;
  // Where each block's reads go, fixed before the first (the entry's then
  // come in the order of the loops, as before scopes existed).
  DenseMap<BasicBlock *, Instruction *> Points;
  unsigned Count = 0;
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *Pre = L->getLoopPredecessor();
    BasicBlock *Latch = L->getLoopLatch();
    // Within the scope: a loop in a Google Benchmark function's measurement loop.
    if (!Pre || !Latch || !S.contains(*Pre->getTerminator()))
      continue;
    for (PHINode &Phi : L->getHeader()->phis()) {
      auto *Start = dyn_cast<ConstantInt>(Phi.getIncomingValueForBlock(Pre));
      if (!Start || !Phi.getType()->isIntegerTy() || Phi.getType()->isIntegerTy(1))
        continue;
      // Induction variables keep their literal start: the loop's trip count,
      // unrolling and vectorisation depend on it. Other recurrences SCEV
      // understands (s += i) are computed in closed form whatever their start:
      // what folds them is reported (steady-findings), not hidden here.
      if (isa<SCEVAddRecExpr>(SE.getSCEV(&Phi)))
        continue;
      SmallPtrSet<Value *, 16> Seen;
      if (!isClosed(Phi.getIncomingValueForBlock(Latch), &Phi, L, SE, Seen))
        continue;
      auto *G = new GlobalVariable(*F.getParent(), Start->getType(), /*isConstant=*/false, GlobalValue::PrivateLinkage,
                                   Start, opaqueGlobalName(*F.getParent(), "steady.opaque"));
      BasicBlock *Reads = S.inputsBlock(*Pre->getTerminator());
      Instruction *&P = Points[Reads];
      if (!P)
        P = &*inputsPoint(*Reads);
      IRBuilder<> B(P);
      Phi.setIncomingValueForBlock(Pre, B.CreateLoad(Start->getType(), G, /*isVolatile=*/true, "steady.opaque"));
      ++Count;
      if (ORE)
        ORE->emit([&] {
          return OptimizationRemark(DEBUG_TYPE, "OpaqueRecurrence", &Phi)
                 << "literal start " << describe(Start) << " of a recurrence that is not an induction "
                 << "variable is read through a volatile load";
        });
    }
  }
  if (Count)
    FAM.invalidate(F, PreservedAnalyses::none());
  return Count;
}

} // namespace steady
