// Manual protection primitives. Each costs zero instructions beyond keeping the
// value in a register: an empty inline-asm statement with a register operand and
// no memory clobber for scalars (never "m"/"g": clang would spill to the stack).
// Usable with GCC and clang, with or without the plugin.
#pragma once

#include <type_traits>

namespace steady {
namespace detail {

template <class T>
inline constexpr bool in_gpr = (std::is_integral_v<T> || std::is_enum_v<T> || std::is_pointer_v<T> ||
                                std::is_member_pointer_v<T> || std::is_null_pointer_v<T>) &&
                               sizeof(T) <= sizeof(void *);

template <class T> inline constexpr bool in_fpr = std::is_same_v<T, float> || std::is_same_v<T, double>;

} // namespace detail

#if defined(__x86_64__) || defined(__i386__)
#define STEADY_FP_CONSTRAINT "x"
#elif defined(__aarch64__)
#define STEADY_FP_CONSTRAINT "w"
#endif

// Consumes v: the compiler must compute it, but nothing is stored or reloaded.
// Objects that do not fit a register escape by address with a memory clobber so
// that their contents (and what they point to) stay observable.
template <class T> [[gnu::always_inline]] inline void sink(T const &v) {
  if constexpr (detail::in_gpr<T>) {
    asm volatile("" : : "r"(v));
#ifdef STEADY_FP_CONSTRAINT
  } else if constexpr (detail::in_fpr<T>) {
    asm volatile("" : : STEADY_FP_CONSTRAINT(v));
#endif
  } else {
    asm volatile("" : : "r"(&v) : "memory");
  }
}

// Returns v unchanged, but the compiler can no longer see its value, so it can
// neither fold it into constants nor hoist work depending on it out of a loop.
template <class T> [[gnu::always_inline]] inline T opaque(T v) {
  if constexpr (detail::in_gpr<T>) {
    asm volatile("" : "+r"(v));
#ifdef STEADY_FP_CONSTRAINT
  } else if constexpr (detail::in_fpr<T>) {
    asm volatile("" : "+" STEADY_FP_CONSTRAINT(v));
#endif
  } else {
    asm volatile("" : : "r"(&v) : "memory");
  }
  return v;
}

// Says "folding v is part of what I measure": the plugin leaves v (and the
// literal passed here) as a compile-time constant instead of reading it opaquely.
template <class T> [[gnu::always_inline]] constexpr T fold(T v) noexcept { return v; }

// Makes every write to escaped memory observable up to this point.
[[gnu::always_inline]] inline void clobber_memory() { asm volatile("" : : : "memory"); }

} // namespace steady
