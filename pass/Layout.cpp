//===- Layout.cpp - where a payload's timed code sits ---------------------===//
//
// The same machine code measures up to 18 % apart in two binaries because of
// the address it was linked at (issue 27; Mytkowicz et al. 2009). Pinned
// layout starts every function the plugin owns (the measured loop
// run_batch<B>, the payload and its payload-private callee clones) on a
// -steady-align boundary: the code inside keeps its offsets from that
// boundary, so its loop headers and branches sit at the same offsets modulo
// the boundary in every binary. LLVM 22 has no per-function loop alignment
// (-align-loops is global), and the user's other code is left as compiled.
//
//===----------------------------------------------------------------------===//
#include "Protect.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"

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

} // namespace

namespace steady {

void pinLayout(Function &F) {
  if (ClLayout != LayoutMode::Pinned || F.isDeclaration() || !isPowerOf2_32(ClAlign))
    return;
  MaybeAlign Old = F.getAlign();
  if (!Old || *Old < Align(ClAlign))
    F.setAlignment(Align(ClAlign));
}

} // namespace steady
