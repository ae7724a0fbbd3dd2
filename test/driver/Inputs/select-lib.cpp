// The library of the selection tests: two builds differ in `leaf` only
// (-DCHANGED), which also moves the lines of everything after it.
#ifdef CHANGED
int leaf(int x) {
  // The changed function.
  return x * 3 + 2;
}
#else
int leaf(int x) { return x * 3 + 1; }
#endif

int other(int x) { return x ^ 0x55; }
