// A program exercising many C++ constructs, printing deterministic results.
// Protected as a whole (every function a payload), it must print exactly what
// the unprotected program prints.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};
struct Square : Shape {
  double s;
  explicit Square(double s) : s(s) {}
  double area() const override { return s * s; }
};
struct Circle : Shape {
  double r;
  explicit Circle(double r) : r(r) {}
  double area() const override { return 3.141592653589793 * r * r; }
};

std::uint64_t fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int parse_or_throw(const std::string &s) {
  std::size_t used = 0;
  int v = std::stoi(s, &used);
  if (used != s.size())
    throw std::invalid_argument("trailing characters in '" + s + "'");
  return v;
}

std::uint32_t fnv1a(const std::string &s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

int classify(int x) {
  switch (x % 5) {
  case 0: return 10;
  case 1: return 11;
  case 2: return x * 2;
  case 3: return -x;
  default: return 0;
  }
}

double accumulate_unused_partials(const std::vector<double> &v) {
  double total = 0, unused = 0;
  for (double x : v) {
    unused += std::sqrt(x); // dead: the plugin sinks it, the output must not change
    total += x * 0.5;
  }
  return total;
}

} // namespace

int main() {
  // arithmetic, recursion, constants
  std::printf("fib(25)=%llu\n", static_cast<unsigned long long>(fib(25)));
  int a = 1000003;
  std::printf("div=%d mod=%d\n", a / 7, a % 7);
  std::printf("log=%.12f pow=%.12f\n", std::log(2.5), std::pow(1.5, 7.25));

  // containers and algorithms
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; ++i)
    v[i] = (i * 7919) % 1009;
  std::sort(v.begin(), v.end());
  std::printf("sorted: %d %d %d sum=%lld\n", v.front(), v[500], v.back(),
              std::accumulate(v.begin(), v.end(), 0LL));
  std::map<std::string, int> counts;
  std::unordered_map<int, int> squares;
  const char *words[] = {"alpha", "beta", "gamma", "beta", "alpha", "beta"};
  for (const char *w : words)
    ++counts[w];
  for (int i = 0; i < 100; ++i)
    squares[i] = i * i;
  for (const auto &[w, c] : counts)
    std::printf("%s:%d ", w.c_str(), c);
  std::printf("sq[77]=%d\n", squares[77]);

  // strings, formatting, parsing, hashing
  std::ostringstream os;
  for (int i = 0; i < 5; ++i)
    os << i << ',' << i * 1.5 << ';';
  std::string s = os.str();
  std::printf("%s len=%zu fnv=%08x\n", s.c_str(), s.size(), fnv1a(s));
  int local_array[] = {3, 1, 2, 9, 7};
  std::sort(std::begin(local_array), std::end(local_array));
  std::printf("arr=%d%d%d%d%d\n", local_array[0], local_array[1], local_array[2], local_array[3],
              local_array[4]);

  // exceptions
  for (const char *in : {"42", "17x", "-5"}) {
    try {
      std::printf("parsed %d\n", parse_or_throw(in));
    } catch (const std::exception &e) {
      std::printf("error: %s\n", e.what());
    }
  }

  // virtual calls, smart pointers, std::function, lambdas
  std::vector<std::unique_ptr<Shape>> shapes;
  for (int i = 1; i <= 4; ++i) {
    shapes.push_back(std::make_unique<Square>(i));
    shapes.push_back(std::make_unique<Circle>(i * 0.5));
  }
  double total = 0;
  for (const auto &sh : shapes)
    total += sh->area();
  std::function<int(int)> twice = [](int x) { return 2 * x; };
  int acc = 0;
  for (int i = 0; i < 50; ++i)
    acc += classify(twice(i));
  std::printf("area=%.9f classify=%d\n", total, acc);

  // floating-point accumulation with dead partials
  std::vector<double> d(257);
  for (std::size_t i = 0; i < d.size(); ++i)
    d[i] = static_cast<double>(i) / 3.0;
  std::printf("acc=%.9f\n", accumulate_unused_partials(d));

  // raw memory
  char buf[64];
  std::memset(buf, 'x', sizeof buf);
  std::memcpy(buf, "steady", 6);
  buf[20] = '\0';
  std::printf("buf=%s\n", buf);
  return 0;
}
