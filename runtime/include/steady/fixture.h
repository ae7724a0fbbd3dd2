// Fixtures and parameters (JMH's @State with Level.Trial/Iteration/Invocation,
// and @Param).
//
//   struct Sorted : steady::Fixture {
//     std::vector<int> data;
//     void setup() override { data = make_input(param_int("size")); }  // once per fork
//     void setup_invocation() override { shuffle(data); }               // untimed, before each call
//   };
//   STEADY_BENCH_F(Sorted, sort, steady::param("size", {64, 1024, 16384})) {
//     std::sort(data.begin(), data.end());
//   }
//
// Each combination of parameter values (the cartesian product of the axes) is
// its own benchmark, named "sort/size=64". Invocation-level setup runs outside
// the timed region, which forces one invocation per timed batch: use it for
// payloads of microseconds, not nanoseconds. For payloads that mutate their
// input, reset() every reset_every() invocations is the cheaper alternative
// (AutoJMH's smart reset): it also runs untimed, between batches.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace steady {

class Fixture {
public:
  virtual ~Fixture() = default;

  virtual void setup() {} // trial: once per fork, before warmup
  virtual void teardown() {}
  virtual void setup_iteration() {} // before each iteration, untimed
  virtual void teardown_iteration() {}
  virtual void setup_invocation() {} // before each invocation, untimed
  virtual void teardown_invocation() {}
  virtual void reset() {} // every reset_every() invocations, untimed
  virtual std::uint64_t reset_every() const { return 0; }
  // What one invocation processes, for a throughput column (B/s, items/s);
  // 0: not declared. May depend on the parameters.
  virtual double bytes_per_op() const { return 0; }
  virtual double items_per_op() const { return 0; }

  // This instance's parameter values; an unknown name throws std::out_of_range.
  const std::string &param(std::string_view name) const;
  long long param_int(std::string_view name) const;
  double param_double(std::string_view name) const;

  std::vector<std::pair<std::string, std::string>> params_; // set by the runner
};

// One parameter axis: a name and its values, written as strings or numbers.
struct ParamAxis {
  std::string name;
  std::vector<std::string> values;
};

ParamAxis param(std::string name, std::initializer_list<std::string_view> values);
ParamAxis param(std::string name, std::initializer_list<int> values);
ParamAxis param(std::string name, std::initializer_list<long long> values);
ParamAxis param(std::string name, std::initializer_list<double> values);

} // namespace steady
