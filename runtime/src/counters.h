// Hardware and software event counters: names resolved by libpfm4
// (loaded at run time, so a program links with -lsteady alone), opened with
// perf_event_open as one group per PMU, enabled once per fork and read around
// every iteration — through rdpmc on the mmap page when the kernel allows it
// (cap_user_rdpmc), else read(). Never multiplexed silently: a group larger
// than its PMU's counters is reported when it is opened, and a window in
// which a group ran less than it was enabled is flagged (values scaled by
// time_enabled / time_running, as perf stat does). Context switches come from
// getrusage.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "steady/results.h"

namespace steady {

struct CounterSnapshot {
  std::vector<double> values;  // one per open event, in names() order
  std::vector<double> enabled; // per event: its group's time_enabled (ns)
  std::vector<double> running; // per event: its group's time_running (ns)
  double context_switches = 0; // getrusage: voluntary + involuntary
};

// What the counters counted between two snapshots.
struct CounterDelta {
  std::vector<double> values; // scaled when the group was multiplexed
  bool multiplexed = false;   // some group ran less than it was enabled
  bool unscheduled = false;   // some group never ran (its values read 0)
  double context_switches = 0;
  CounterDelta &operator+=(const CounterDelta &other);
};

CounterDelta counter_delta(const CounterSnapshot &before, const CounterSnapshot &after);

namespace perf {
// The arithmetic of the perf mmap page (linux/perf_event.h), testable without
// a PMU. A raw rdpmc value is `width` bits wide: sign-extend it and add the
// kernel's offset.
std::uint64_t pmc_count(std::int64_t offset, std::uint64_t raw_pmc, unsigned width);
// Time since the page's time_enabled/time_running were updated, from a TSC
// value (cap_user_time): time_offset + cyc * time_mult >> time_shift.
std::uint64_t time_delta(std::uint64_t cyc, std::uint16_t time_shift, std::uint32_t time_mult,
                         std::uint64_t time_offset);
// A count over a window in which its group ran `running` of `enabled` ns.
double scale(double count, double enabled, double running);
} // namespace perf

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
  // reason, and summary() says so in one line. Groups larger than their PMU's
  // counters are listed in warnings().
  void open(const std::vector<std::string> &names);
  // After open(): when something requested is unavailable, counts the
  // software events task-clock and page-faults instead (those not already
  // counted), so that a run without a PMU still reports time and software events.
  void add_fallback();
  void enable();
  CounterSnapshot read() const;

  const std::vector<std::string> &names() const { return names_; }
  using Unavailable = UnavailableCounter;
  const std::vector<Unavailable> &unavailable() const { return unavailable_; }
  const std::vector<std::string> &warnings() const { return warnings_; }
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
    std::string pmu_name; // libpfm4's PMU of the first event
    int pmu_counters = 0; // generic + fixed counters of that PMU, 0 if unknown
    std::vector<Event> events;
  };
  bool read_group_rdpmc(const Group &g, CounterSnapshot &s) const;
  void read_group_syscall(const Group &g, CounterSnapshot &s) const;

  std::vector<Group> groups_;
  std::vector<std::string> names_;
  std::vector<Unavailable> unavailable_;
  std::vector<std::string> warnings_;
  std::vector<std::string> fallback_; // added by add_fallback()
};

} // namespace steady
