// Hardware and software event counters (SPEC §3.4): names resolved by libpfm4
// (loaded at run time, so a program links with -lsteady alone), opened with
// perf_event_open as one group per PMU, enabled once per fork and read around
// every iteration — through rdpmc on the mmap page when the kernel allows it,
// else read(). Context switches come from getrusage.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace steady {

struct CounterSnapshot {
  std::vector<double> values;          // one per open event, in names() order
  std::uint64_t time_enabled = 0;      // summed over groups
  std::uint64_t time_running = 0;
  bool multiplexed = false;            // some group ran less than it was enabled
  double context_switches = 0;         // getrusage: voluntary + involuntary
};

class Counters {
public:
  Counters() = default;
  Counters(const Counters &) = delete;
  Counters &operator=(const Counters &) = delete;
  ~Counters();

  // Every name must be known to libpfm4; returns the error otherwise (checked
  // before anything runs).
  static std::optional<std::string> validate(const std::vector<std::string> &names);

  // Opens what can be opened; what cannot is listed in unavailable() with the
  // reason, and summary() says so in one line.
  void open(const std::vector<std::string> &names);
  void enable();
  CounterSnapshot read() const;

  const std::vector<std::string> &names() const { return names_; }
  struct Unavailable {
    std::string name, reason;
  };
  const std::vector<Unavailable> &unavailable() const { return unavailable_; }
  // One line for the user when something requested is missing; empty otherwise.
  std::string summary() const;

private:
  struct Event {
    int fd = -1;
    void *page = nullptr; // perf_event_mmap_page, for rdpmc
    std::string name;
  };
  struct Group {
    std::uint32_t pmu_type;
    std::vector<Event> events;
  };
  std::vector<Group> groups_;
  std::vector<std::string> names_;
  std::vector<Unavailable> unavailable_;
};

} // namespace steady
