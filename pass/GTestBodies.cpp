//===- GTestBodies.cpp - GoogleTest test bodies as payloads ----------------===//
//
// steady gtest measures each test's body (runtime/gtest). Every
// `Class::TestBody()` defined in the module is a payload: it gets a mark and
// a findings pointer of its own (as STEADY_BENCH's annotation carries), and
// an entry { "Class", &mark, &findings } in the section steady_gtest_bodies,
// which the adapter reads through __start_/__stop_ to tell, per test, whether
// it was protected and what was found.
//
// The audit promises that looking changes no code: under -steady-audit a body
// is neither protected nor listed (a `steady gtest` run then says its tests
// are not protected); its stand-in, a copy the audit makes, is the payload.
//
//===----------------------------------------------------------------------===//
#include "SteadyPass.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace steady {

// "ns::Suite_Name_Test<int>::TestBody()" -> "ns::Suite_Name_Test"; "" for
// any other function.
static std::string testClass(const Function &F) {
  if (!F.getName().ends_with("8TestBodyEv"))
    return "";
  std::string D = demangle(F.getName().str());
  constexpr StringRef Suffix = "::TestBody()";
  if (!StringRef(D).ends_with(Suffix))
    return "";
  std::string Out;
  int Depth = 0;
  for (char C : StringRef(D).drop_back(Suffix.size())) {
    Depth += C == '<';
    if (Depth == 0)
      Out += C;
    Depth -= C == '>';
  }
  return Out;
}

bool isTestBody(const Function &F) {
  StringRef Name = F.getName().split(".steady.").first; // the audit's copies too
  return Name.ends_with("8TestBodyEv") && StringRef(demangle(Name.str())).ends_with("::TestBody()");
}

void addTestBodies(Module &M, SmallVectorImpl<Payload> &Payloads) {
  for (Function &F : M) {
    if (F.isDeclaration() || any_of(Payloads, [&](const Payload &P) { return P.F == &F; }))
      continue;
    if (auditRequested()) {
      if (F.getName().ends_with(StandInSuffix) && isTestBody(F))
        Payloads.push_back({&F});
      continue;
    }
    std::string Class = testClass(F);
    if (Class.empty())
      continue;
    const std::string Base = ("steady.gtest." + F.getName()).str();
    Constant *Name = ConstantDataArray::getString(M.getContext(), Class);
    GlobalVariable *NameVar = M.getNamedGlobal(Base + ".class");
    if (!NameVar)
      NameVar = new GlobalVariable(M, Name->getType(), true, GlobalValue::PrivateLinkage, Name, Base + ".class");
    Payloads.push_back(listedPayload(M, F, Base, NameVar, "steady_gtest_bodies"));
  }
}

} // namespace steady
