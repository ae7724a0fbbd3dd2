// "Did you mean": the known name closest to a mistyped one, for the runner's
// and the tool's command lines (CLI11 reports an unknown option but does not
// suggest one).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace steady {

// Levenshtein distance.
inline std::size_t edit_distance(const std::string &a, const std::string &b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The closest of `known` to `typed` (its "=value" ignored), or "" when none is
// within a third of its length (at least 2 edits) and no known name starts with it.
inline std::string closest_name(std::string typed, const std::vector<std::string> &known) {
  typed = typed.substr(0, typed.find('='));
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, typed.size() / 3) + 1;
  for (const std::string &k : known) {
    std::size_t d = edit_distance(typed, k);
    if (k.rfind(typed, 0) == 0 && typed.size() > 3)
      d = std::min<std::size_t>(d, 1);
    if (d < best_distance) {
      best_distance = d;
      best = k;
    }
  }
  return best;
}

} // namespace steady
