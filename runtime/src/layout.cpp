#include "layout.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "steady/stats.h"

// The plugin's tables (pass/Layout.cpp): { loop, count, copies[count] } one
// after the other in the section steady_layout; the linker defines its bounds.
// This library puts an empty entry there itself, so that the section (and
// the bounds) exist in a binary built without the plugin.
extern "C" {
[[gnu::visibility("hidden")]] extern const std::uintptr_t __start_steady_layout[];
[[gnu::visibility("hidden")]] extern const std::uintptr_t __stop_steady_layout[];
}

namespace steady {
namespace {

[[gnu::used, gnu::retain, gnu::section("steady_layout")]] std::uintptr_t g_empty_entry[2] = {0, 0};

} // namespace

std::vector<RunFn> code_variants(RunFn run) {
  const std::uintptr_t key = reinterpret_cast<std::uintptr_t>(run);
  for (const std::uintptr_t *p = __start_steady_layout; p + 2 <= __stop_steady_layout;) {
    const std::uintptr_t count = p[1];
    if (p + 2 + count > __stop_steady_layout)
      break;
    if (p[0] == key && count > 0) {
      std::vector<RunFn> out;
      for (std::uintptr_t i = 0; i < count; ++i)
        out.push_back(reinterpret_cast<RunFn>(p[2 + i]));
      return out;
    }
    p += 2 + count;
  }
  return {run};
}

LayoutChoice choose_layout(std::uint64_t seed, std::size_t bench_index, int fork, std::size_t variants) {
  const std::size_t k = std::max<std::size_t>(variants, 1), f = std::size_t(std::max(fork, 1) - 1);
  // One generator per block of forks for the code copies (a permutation), one
  // per fork for the offsets; odd multipliers keep the streams apart.
  const std::uint64_t base = seed ^ (bench_index * 0xD1B54A32D192ED03ull);
  stats::Rng block(base ^ ((f / k + 1) * 0x9E3779B97F4A7C15ull));
  std::vector<std::size_t> order(k);
  for (std::size_t i = 0; i < k; ++i)
    order[i] = i;
  for (std::size_t i = k; i > 1; --i) // Fisher-Yates
    std::swap(order[i - 1], order[block.below(i)]);
  stats::Rng own(base ^ ((f + 1) * 0xAEF17502108EF2D9ull));
  constexpr std::uint64_t kSteps = kLayoutSpan / 16;
  return {order[f % k], int(16 * own.below(kSteps)), int(16 * own.below(kSteps))};
}

std::string layout_spec(const LayoutChoice &c) {
  return std::to_string(c.variant) + "," + std::to_string(c.stack) + "," + std::to_string(c.heap);
}

std::optional<LayoutChoice> parse_layout_spec(const std::string &spec) {
  LayoutChoice c;
  if (std::sscanf(spec.c_str(), "%zu,%d,%d", &c.variant, &c.stack, &c.heap) != 3 || c.stack < 0 ||
      c.stack >= kLayoutSpan || c.heap < 0 || c.heap >= kLayoutSpan)
    return std::nullopt;
  return c;
}

ForkLayout describe(const LayoutChoice &c, const std::vector<RunFn> &variants) {
  const auto entry = reinterpret_cast<std::uintptr_t>(variants.at(c.variant));
  return {int(entry % 64), c.stack, c.heap};
}

std::size_t stack_pad(std::uintptr_t frame, int offset) {
  return std::size_t((frame + std::uintptr_t(offset)) % kLayoutSpan);
}

void apply_heap_offset(int bytes) {
  // Above glibc's tcache and fast-bin sizes, so that it comes from the top of
  // the heap (where the fixture's buffers will come from) rather than from a
  // freed block; never freed.
  constexpr std::size_t kAboveBins = 2048;
  static void *kept = nullptr;
  kept = std::malloc(kAboveBins + std::size_t(bytes));
  asm volatile("" : : "r"(kept) : "memory");
}

} // namespace steady
