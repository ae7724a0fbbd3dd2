#include "steady/registry.h"

#include <charconv>
#include <sstream>
#include <stdexcept>

namespace steady {

static std::vector<Benchmark> &registry() {
  // Function-local so registration from static initialisers in any order works.
  static std::vector<Benchmark> all;
  return all;
}

const std::vector<Benchmark> &benchmarks() { return registry(); }

std::unique_ptr<Fixture> create_fixture(const Benchmark &b) {
  if (!b.create)
    return nullptr;
  std::unique_ptr<Fixture> f(b.create(b));
  f->params_ = b.params;
  return f;
}

static ReentryFn g_reentry = nullptr;
void set_reentry(ReentryFn fn) { g_reentry = fn; }
ReentryFn reentry() { return g_reentry; }

// One benchmark per element of the cartesian product of the axes.
bool detail::add_benchmark(Benchmark b, const std::vector<ParamAxis> &axes) {
  std::vector<Benchmark> out{std::move(b)};
  for (const ParamAxis &axis : axes) {
    std::vector<Benchmark> next;
    for (const Benchmark &partial : out)
      for (const std::string &v : axis.values) {
        Benchmark c = partial;
        c.name += "/" + axis.name + "=" + v;
        c.params.emplace_back(axis.name, v);
        next.push_back(std::move(c));
      }
    out.swap(next);
  }
  for (Benchmark &c : out)
    registry().push_back(std::move(c));
  return true;
}

static std::vector<void (*)()> &deferred() {
  static std::vector<void (*)()> all;
  return all;
}

void detail::defer_registration(void (*expand)()) { deferred().push_back(expand); }

static std::vector<std::string> &notes() {
  static std::vector<std::string> all;
  return all;
}
void detail::registration_note(std::string note) { notes().push_back(std::move(note)); }
const std::vector<std::string> &detail::registration_notes() { return notes(); }

void detail::run_deferred_registrations() {
  // Moved out first: an expansion may defer another.
  while (!deferred().empty()) {
    std::vector<void (*)()> now;
    now.swap(deferred());
    for (auto expand : now)
      expand();
  }
}

const std::string &Fixture::param(std::string_view name) const {
  for (const auto &[k, v] : params_)
    if (k == name)
      return v;
  throw std::out_of_range("no parameter '" + std::string(name) + "' in this benchmark");
}

long long Fixture::param_int(std::string_view name) const {
  const std::string &s = param(name);
  long long v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    throw std::invalid_argument("parameter '" + std::string(name) + "' = '" + s + "' is not an integer");
  return v;
}

double Fixture::param_double(std::string_view name) const {
  const std::string &s = param(name);
  std::size_t used = 0;
  double v = std::stod(s, &used);
  if (used != s.size())
    throw std::invalid_argument("parameter '" + std::string(name) + "' = '" + s + "' is not a number");
  return v;
}

ParamAxis param(std::string name, std::initializer_list<std::string_view> values) {
  ParamAxis a{std::move(name), {}};
  for (std::string_view v : values)
    a.values.emplace_back(v);
  return a;
}

ParamAxis param(std::string name, std::initializer_list<int> values) {
  ParamAxis a{std::move(name), {}};
  for (int v : values)
    a.values.push_back(std::to_string(v));
  return a;
}

ParamAxis param(std::string name, std::initializer_list<long long> values) {
  ParamAxis a{std::move(name), {}};
  for (long long v : values)
    a.values.push_back(std::to_string(v));
  return a;
}

ParamAxis param(std::string name, std::initializer_list<double> values) {
  ParamAxis a{std::move(name), {}};
  for (double v : values) {
    std::ostringstream os;
    os << v;
    a.values.push_back(os.str());
  }
  return a;
}

} // namespace steady
