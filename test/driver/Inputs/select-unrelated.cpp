// A payload whose code is the same in both builds while -DUNRELATED adds
// other functions before it: their noalias scopes and attribute groups shift
// the module-wide numbers (`metadata !143`, an invoke's `#24`) in the printed
// IR of `work`, which must not change its fingerprint.
#include <steady/steady.h>
#include <stdexcept>
#include <string>

static inline void scale(int *__restrict a, const int *__restrict b, int n) {
  for (int i = 0; i < n; ++i)
    a[i] = b[i] * 3;
}

#ifdef UNRELATED
void unrelated(int *a, const int *b, int n) {
  scale(a, b, n);
  scale(a + 1, b, n);
}
int unrelated_throws(int n) {
  std::string s(n, 'a');
  if (n > 100)
    throw std::runtime_error(s);
  return static_cast<int>(s.size());
}
#endif

__attribute__((noinline)) int work(int n) {
  int a[64], b[64] = {};
  scale(a, b, n & 63);
  std::string s(n, 'x');
  if (n > 1000)
    throw std::runtime_error(s); // an invoke: s is destroyed on unwinding
  return a[0] + static_cast<int>(s.size());
}

STEADY_BENCH(kept) { return work(steady::opaque(8)); }
