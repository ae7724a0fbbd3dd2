// --layout=random (issue 27, docs/layout.md): per fork, one of the copies of
// the measured loop the plugin emitted at other entry offsets
// (pass/Layout.cpp), a stack offset before the batch loop and a heap offset at
// the fork's start, so that a benchmark's mean is a mean over layouts. The
// runner chooses (choose_layout), the fork applies (apply_heap_offset; the
// stack offset in serve_fork), the result file records it (ForkLayout).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "steady/registry.h"
#include "steady/results.h"

namespace steady {

using RunFn = void (*)(Fixture *, std::uint64_t);

// The copies of `run` the plugin emitted, by entry offset (`run` first); just
// `run` when it has none (built without the plugin, with
// -steady-layout=native, or not a run_batch<B>: a Google Benchmark function).
std::vector<RunFn> code_variants(RunFn run);

// Stack and heap offsets are multiples of 16 below this: every position in a
// page (4K aliasing, cache sets), which ASLR, moving whole pages, leaves alone.
inline constexpr int kLayoutSpan = 4096;

struct LayoutChoice {
  std::size_t variant = 0; // index into code_variants
  int stack = 0, heap = 0; // bytes
};

// Fork `fork` (1-based) of the benchmark at `bench_index`: the code copies in
// shuffled blocks of `variants` forks (each copy once per block, so that a
// few forks already average over every offset), stack and heap offsets
// uniform; the same for the same seed.
LayoutChoice choose_layout(std::uint64_t seed, std::size_t bench_index, int fork, std::size_t variants);

// The hidden option that passes a choice to the fork, and back.
std::string layout_spec(const LayoutChoice &c);
std::optional<LayoutChoice> parse_layout_spec(const std::string &spec);

// What the result file says of a choice: the entry's offset modulo 64.
ForkLayout describe(const LayoutChoice &c, const std::vector<RunFn> &variants);

// The bytes to take from the stack at a frame whose address is `frame` so
// that what is below sits at `offset` bytes below a page boundary (modulo
// kLayoutSpan): the kernel starts every process's stack at a random offset in
// its page (and the environment's size moves it too), so without this every
// fork, pinned or not, would run on another stack layout.
std::size_t stack_pad(std::uintptr_t frame, int offset);

// In the fork, before anything of the benchmark allocates: moves later heap
// allocations by about `bytes` (a block taken from the top of the heap and
// kept).
void apply_heap_offset(int bytes);

} // namespace steady
