// Lockstep (steady ab, issue 27, docs/compare-and-ab.md): the two forks of an
// ab round run at once, pinned to one CPU, and take turns through a socket
// ab hands them: the batch calibration is one turn, each iteration another.
// Whatever state the CPU is in for tens of milliseconds or longer (a
// neighbour on the host's sibling hyperthread, a frequency step) then meets
// both versions alike, and cancels in the round's ratio; forks run one after
// the other met different states (paired ratios 0.63-1.64 for identical code
// on the AMD EPYC VM of sessions 43-45).
#pragma once

#include <chrono>
#include <optional>
#include <utility>

#include "steady/results.h"
#include "steady/runner_args.h"

namespace steady {

class Lockstep {
public:
  // From kLockstepEnv, which the runner's fork process inherits with the
  // descriptor (none when unset, or when the descriptor is no socket); pins
  // this process to the CPU and keeps the variable and the descriptor from
  // what the payload may start.
  static std::optional<Lockstep> from_environment();
  Lockstep(int fd, int cpu);
  Lockstep(Lockstep &&o) noexcept
      : fd_(std::exchange(o.fd_, -1)), partner_done_(o.partner_done_), turn_start_(o.turn_start_),
        longest_turn_ms_(o.longest_turn_ms_), report_(o.report_) {}
  Lockstep(const Lockstep &) = delete;
  Lockstep &operator=(const Lockstep &) = delete;
  ~Lockstep() { finish(); } // a fork that failed does not hold its partner up
  // Blocks until it is this fork's turn. The partner's end of the socket
  // closed (it ended or died) or a turn not passed within the wait limit
  // (a partner that never reached lockstep: an older runner) lets this fork
  // run on alone (`alone` in the report).
  void wait();
  // The turn to the partner.
  void pass();
  // This fork measured its last: the partner runs on alone, and this one
  // waits until it has finished too (its exit would share the CPU with the
  // partner's last iterations). Once; later calls do nothing.
  void finish();
  ForkLockstep report() const { return report_; }

private:
  bool receive(int timeout_ms);
  int fd_;
  bool partner_done_ = false;
  std::chrono::steady_clock::time_point turn_start_;
  int longest_turn_ms_ = 0; // of this fork's own turns: the partner's last about as long
  ForkLockstep report_;
};

} // namespace steady
