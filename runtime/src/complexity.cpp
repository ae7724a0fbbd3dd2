#include "complexity.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "steady/complexity.h"
#include "steady/registry.h"

namespace steady {

namespace {

const Benchmark *registered(const std::string &name) {
  for (const Benchmark &b : benchmarks())
    if (b.name == name)
      return &b;
  return nullptr;
}

} // namespace

std::vector<FamilyComplexity> complexity_fits(const std::vector<BenchmarkResult> &results) {
  struct Points {
    const Benchmark::Complexity *spec = nullptr;
    std::vector<std::int64_t> n;
    std::vector<double> ns;
    std::vector<std::string> names;
  };
  std::vector<std::string> order;
  std::map<std::string, Points> families;
  for (const BenchmarkResult &r : results) {
    const Benchmark *b = registered(r.name);
    if (!b || b->complexity.fit_name.empty())
      continue;
    auto [it, fresh] = families.try_emplace(b->complexity.fit_name);
    if (fresh)
      order.push_back(b->complexity.fit_name);
    it->second.spec = &b->complexity;
    if (!r.not_measured.empty() || r.complexity_n <= 0 || !(r.summary.ns_per_op > 0))
      continue;
    it->second.n.push_back(std::int64_t(r.complexity_n));
    it->second.ns.push_back(r.summary.ns_per_op);
    it->second.names.push_back(r.name);
  }
  std::vector<FamilyComplexity> out;
  for (const std::string &name : order) {
    const Points &p = families[name];
    if (p.n.size() < 2)
      continue;
    auto big_o = stats::BigO(p.spec->big_o);
    std::function<double(std::int64_t)> curve;
    if (big_o == stats::BigO::Lambda) {
      if (!p.spec->curve)
        continue;
      curve = p.spec->curve;
    }
    stats::ComplexityFit fit = stats::fit_complexity(p.n, p.ns, big_o, curve);
    out.push_back({name, stats::complexity_name(fit.big_o), fit.coefficient, fit.rms, p.names});
  }
  return out;
}

std::string complexity_rows(const std::vector<FamilyComplexity> &fits) {
  std::size_t width = 0;
  for (const FamilyComplexity &f : fits)
    width = std::max(width, f.name.size() + 5);
  std::string text;
  for (const FamilyComplexity &f : fits) {
    text += fmt::format("{:<{}} {:>12.2f} {:<5} ns per op, fitted to {} benchmarks by N\n", f.name + "_BigO", width,
                        f.coefficient_ns, f.big_o, f.benchmarks.size());
    text += fmt::format("{:<{}} {:>10.0f} %\n", f.name + "_RMS", width, f.rms * 100);
  }
  return text;
}

} // namespace steady
