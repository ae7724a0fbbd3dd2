//===- Layout.cpp - where a payload's timed code sits ---------------------===//
//
// The same machine code measures up to 18 % apart in two binaries because of
// the address it was linked at (issue 27; Mytkowicz et al. 2009). Pinned
// layout starts every function the plugin owns (the measured loop
// run_batch<B>, the payload and its payload-private callee clones) on a
// -steady-align boundary: the code inside keeps its offsets from that
// boundary, so its loop headers and branches sit at the same offsets modulo
// the boundary in every binary. Loops keep the target's own alignment:
// LLVM 22 could align one loop (!llvm.loop.align metadata), but pinning the
// entry already fixes every header's offset, and 64-byte headers would undo
// the variants' 16-byte steps below. The user's other code is left as compiled.
//
// For the runner's --layout=random, steady-layout-variants adds copies of
// each measured loop entered 16, 32 and 48 bytes past the boundary (prefix
// bytes before the entry; 16-byte steps keep the loop headers' own alignment
// padding, so every copy is the same machine code), each calling its own copies
// of the owned functions it calls, at the same offset, and lists them in the
// section steady_layout: { loop, count, copies... } per loop, which the
// runner reads through __start_/__stop_steady_layout (runtime/src/layout.cpp).
//
//===----------------------------------------------------------------------===//
#include "Protect.h"
#include "SteadyPass.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace {

enum class LayoutMode { Pinned, Native };

cl::opt<LayoutMode> ClLayout("steady-layout", cl::init(LayoutMode::Pinned),
                             cl::desc("Where the plugin places the code it owns (steady-protect)"),
                             cl::values(clEnumValN(LayoutMode::Pinned, "pinned", "aligned to -steady-align (default)"),
                                        clEnumValN(LayoutMode::Native, "native",
                                                   "as the compiler places any function (for measuring layout)")));

// 64 bytes: a cache line and Zen 4's op-cache window (scripts/bench-layout).
cl::opt<unsigned> ClAlign("steady-align", cl::init(64), cl::desc("Pinned layout's boundary in bytes (power of two)"));

// Four entry offsets, 0/16/32/48: the steps by which unrelated code moved a
// payload in issue 27's measurements (x86 aligns functions and loops to 16).
cl::opt<unsigned> ClVariants("steady-layout-variants", cl::init(4),
                             cl::desc("Entry offsets of each measured loop, 16 bytes apart, for --layout=random "
                                      "(1: the pinned loop alone)"));

constexpr unsigned kVariantStep = 16;

bool pinned() { return ClLayout == LayoutMode::Pinned && isPowerOf2_32(ClAlign); }

// A copy of F entered `Offset` bytes past its boundary, as its own symbol
// (the code fingerprint and perf name it) outside F's comdat: the layout
// table refers to it whichever copy of F the linker keeps.
Function *copyAt(Function &F, unsigned Offset) {
  ValueToValueMapTy VM;
  Function *C = CloneFunction(&F, VM);
  C->setName(F.getName() + ".steady.layout" + Twine(Offset));
  C->setLinkage(GlobalValue::InternalLinkage);
  C->setComdat(nullptr);
  C->setAlignment(Align(ClAlign));
  // int3 bytes: nothing jumps there.
  SmallVector<uint8_t, 48> Int3(Offset, 0xCC);
  C->setPrefixData(ConstantDataArray::get(F.getContext(), ArrayRef<uint8_t>(Int3)));
  return C;
}

// The functions the plugin owns that a copy calls (a payload not inlined, its
// payload-private clones, and theirs) move with it: unrelated code before a
// payload moves its callees too, and a callee's offset can matter as much as
// the loop's (vector_push_clear on an AMD EPYC: 59.2 ns natively with its
// payload at 48 mod 64, 56.0-56.5 ns at 0/16/32, and random mode's copies
// with the payload pinned at 0 read 56.2 at every offset; issue 27 session 42).
void moveOwnedCallees(Function &C, unsigned Offset, DenseMap<Function *, Function *> &Moved) {
  for (Instruction &I : instructions(C)) {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *G = CB ? CB->getCalledFunction() : nullptr;
    if (!G || G->isDeclaration() || !G->hasFnAttribute(steady::ProtectedAttr) || G->hasFnAttribute(steady::HarnessAttr))
      continue;
    Function *Copy = Moved.lookup(G);
    if (!Copy) {
      Copy = Moved[G] = copyAt(*G, Offset);
      Copy->removeFnAttr(steady::ProtectedAttr); // a copy, not another payload to audit
      moveOwnedCallees(*Copy, Offset, Moved);
    }
    CB->setCalledFunction(Copy);
  }
}

} // namespace

namespace steady {

void pinLayout(Function &F) {
  if (!pinned() || F.isDeclaration())
    return;
  MaybeAlign Old = F.getAlign();
  if (!Old || *Old < Align(ClAlign))
    F.setAlignment(Align(ClAlign));
}

PreservedAnalyses LayoutVariantsPass::run(Module &M, ModuleAnalysisManager &) {
  const unsigned Count = std::min<unsigned>(ClVariants, std::max(1u, ClAlign / kVariantStep));
  SmallVector<Function *, 8> Loops;
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(HarnessAttr) && !F.hasPrefixData())
      Loops.push_back(&F);
  if (!pinned() || Count < 2 || Loops.empty())
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx), *I64 = Type::getInt64Ty(Ctx);
  SmallVector<GlobalValue *, 8> Tables;
  for (Function *F : Loops) {
    SmallVector<Constant *, 4> Copies = {F};
    for (unsigned K = 1; K < Count; ++K) {
      Function *C = copyAt(*F, K * kVariantStep);
      C->removeFnAttr(HarnessAttr);
      DenseMap<Function *, Function *> Moved;
      moveOwnedCallees(*C, K * kVariantStep, Moved);
      Copies.push_back(C);
    }
    auto *Entry = ConstantStruct::getAnon(
        {F, ConstantInt::get(I64, Count), ConstantArray::get(ArrayType::get(Ptr, Count), Copies)});
    // Writable: the pointers are relocated at load time in a PIE.
    auto *Table = new GlobalVariable(M, Entry->getType(), /*isConstant=*/false, GlobalValue::InternalLinkage, Entry,
                                     F->getName() + ".steady.layouts");
    Table->setSection("steady_layout");
    Table->setAlignment(Align(8));
    Tables.push_back(Table);
  }
  appendToUsed(M, Tables);
  return PreservedAnalyses::none();
}

} // namespace steady
