#include "batch_handoff.h"

#include <algorithm>

namespace steady {

std::uint64_t batch_to_hand(bool self_timed, const RunConfig &cfg, const std::vector<ForkResult> &forks,
                            std::uint64_t decided) {
  if (!self_timed || cfg.batch_size || cfg.mode == Mode::SingleShot)
    return 0;
  if (decided)
    return decided;
  for (const ForkResult &f : forks)
    if (f.batch_size > 0)
      return f.batch_size;
  return 0;
}

std::uint64_t decided_batch_size(std::uint64_t handed, const std::vector<ForkResult> &forks) {
  const bool all = std::all_of(forks.begin(), forks.end(),
                               [&](const ForkResult &f) { return f.batch_size == 0 || f.batch_size == handed; });
  return all ? handed : 0;
}

} // namespace steady
