#include "discovery.h"

#include <cstdint>
#include <cstring>
#include <typeinfo>

#include "access.h"

// UnitTestImpl, which holds the current test: GoogleTest's own internal
// header, from Debian's googletest package (the sources libgtest-dev builds).
#include "src/gtest-internal-inl.h"

namespace steady::gtest {

std::vector<TestCase> discover(const testing::UnitTest &unit) {
  std::vector<TestCase> out;
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const testing::TestSuite *suite = unit.GetTestSuite(i);
    for (int j = 0; j < suite->total_test_count(); ++j) {
      const testing::TestInfo *info = suite->GetTestInfo(j);
      if (!(info->*get(access::MatchesFilter{})))
        continue;
      TestCase c;
      c.name = std::string(info->test_suite_name()) + "." + info->name();
      c.type_param = info->type_param() ? info->type_param() : "";
      c.value_param = info->value_param() ? info->value_param() : "";
      c.file = info->file() ? info->file() : "";
      c.line = info->line();
      c.disabled = info->*get(access::Disabled{});
      c.plain = info->*get(access::FixtureId{}) == testing::internal::GetTestTypeId();
      c.info = info;
      c.suite = suite;
      out.push_back(std::move(c));
    }
  }
  return out;
}

testing::Test *create(const TestCase &c) { return (c.info->*get(access::Factory{}))->CreateTest(); }
const char *factory_type_name(const TestCase &c) {
  const testing::internal::TestFactoryBase *f = c.info->*get(access::Factory{});
  return f ? typeid(*f).name() : "";
}
namespace {

// The function a member function pointer calls on `self` (the Itanium C++
// ABI: {ptr, adj}; a virtual one's ptr is 1 + its offset in the vtable).
template <class C, class R> const void *callee(const C *self, R (C::*m)()) {
  struct Rep {
    std::uintptr_t ptr;
    std::ptrdiff_t adj;
  } r;
  static_assert(sizeof r == sizeof m);
  std::memcpy(&r, &m, sizeof r);
  if (!(r.ptr & 1))
    return reinterpret_cast<const void *>(r.ptr);
  const char *object = reinterpret_cast<const char *>(self) + r.adj;
  const char *vtable = *reinterpret_cast<const char *const *>(object);
  return *reinterpret_cast<const void *const *>(vtable + r.ptr - 1);
}

} // namespace

std::vector<const void *> test_functions(const TestCase &c, testing::Test *t) {
  const testing::internal::TestFactoryBase *f = c.info->*get(access::Factory{});
  return {callee(f, &testing::internal::TestFactoryBase::CreateTest), callee(t, get(access::TestBody{})),
          callee(t, get(access::SetUp{})), callee(t, get(access::TearDown{}))};
}

void set_up(testing::Test *t) { (t->*get(access::SetUp{}))(); }
void body(testing::Test *t) { (t->*get(access::TestBody{}))(); }
void tear_down(testing::Test *t) { (t->*get(access::TearDown{}))(); }

void make_current(const TestCase *c) {
  testing::internal::UnitTestImpl *impl = testing::internal::GetUnitTestImpl();
  impl->set_current_test_suite(c ? const_cast<testing::TestSuite *>(c->suite) : nullptr);
  impl->set_current_test_info(c ? const_cast<testing::TestInfo *>(c->info) : nullptr);
}

void set_up_suite(const TestCase &c) {
  if (auto f = c.suite->*get(access::SetUpSuite{}))
    f();
}

void tear_down_suite(const TestCase &c) {
  if (auto f = c.suite->*get(access::TearDownSuite{}))
    f();
}

void tear_down_environments() {
  std::vector<testing::Environment *> &envs = testing::internal::GetUnitTestImpl()->environments();
  for (auto e = envs.rbegin(); e != envs.rend(); ++e)
    (*e)->TearDown();
}

Reported &reported() {
  static Reported r;
  return r;
}

namespace {

class Listener : public testing::EmptyTestEventListener {
  void OnTestPartResult(const testing::TestPartResult &r) override {
    Reported &rep = reported();
    if (r.skipped()) {
      rep.skipped = true;
      if (rep.skip.empty())
        rep.skip = *r.message() ? r.message() : "skipped";
    } else if (r.failed()) {
      rep.fatal |= r.fatally_failed();
      if (rep.failure.empty())
        rep.failure = (r.file_name() ? std::string(r.file_name()) + ":" + std::to_string(r.line_number()) + ": " : "") +
                      r.message();
    }
  }
};

} // namespace

void listen_quietly(testing::UnitTest &unit) {
  testing::TestEventListeners &l = unit.listeners();
  delete l.Release(l.default_result_printer());
  delete l.Release(l.default_xml_generator());
  l.Append(new Listener);
}

} // namespace steady::gtest
