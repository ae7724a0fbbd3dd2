// libFuzzer target: any bytes given to the result-file readers (the one
// reader of steady results, and compare's reader of steady or Google
// Benchmark JSON, which also builds the series the statistics use) either
// read or are refused with std::runtime_error naming the file. Any other
// exception, a crash or a sanitizer report is a finding.
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "comparison.h"
#include "steady/results_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  // Through a file, as the commands read them (read_json_file's errors too).
  static const std::string path = "/tmp/read_results_fuzzer." + std::to_string(getpid()) + ".json";
  if (FILE *f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  try {
    steady::read_results(path);
  } catch (const std::runtime_error &) {
  }
  try {
    for (const auto &[name, series] : steady::driver::load_side(path).series)
      steady::driver::compare_series(name, series, series, {});
  } catch (const std::runtime_error &) {
  }
  return 0;
}
