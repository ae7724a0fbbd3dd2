// The library of the inlined selection test: two builds differ in `inner`
// only (-DCHANGED); `outer` inlines it on a branch only large inputs take.
int inner(int x) {
  int s = 0;
  for (int i = 0; i < x; ++i)
    s = s * 31 + i;
#ifdef CHANGED
  return s + 2;
#else
  return s + 1;
#endif
}

int outer(int x) {
  if (x > 100)
    return inner(x);
  return x ^ 0x55;
}
