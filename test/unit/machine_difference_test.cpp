// Which machine facts tell two result files' machines apart: a baseline from
// another machine gets no verdict (runtime/src/baseline.cpp), and steady
// compare says so.
#include <gtest/gtest.h>

#include "steady/results.h"

namespace steady {
namespace {

Machine vm(const std::string &cpu) { return {cpu, "Linux 6.18.44", "", "vm", 2}; }

TEST(MachineDifference, TheSameMachineIsNoDifference) {
  EXPECT_EQ(machine_difference(vm("Intel(R) Xeon(R) Processor"), 2.6, vm("Intel(R) Xeon(R) Processor"), 2.6001), "");
}

TEST(MachineDifference, NamesEveryFieldThatDiffers) {
  Machine laptop{"AMD Ryzen 7 7840U", "Linux 6.1.0", "powersave", "laptop", 16};
  EXPECT_EQ(machine_difference(vm("Intel(R) Xeon(R) Processor"), 2.6, laptop, 3.293),
            "cpu 'Intel(R) Xeon(R) Processor' vs 'AMD Ryzen 7 7840U'; 2 vs 16 cores; TSC 2.600 vs 3.293 GHz; "
            "kernel 'Linux 6.18.44' vs 'Linux 6.1.0'; host 'vm' vs 'laptop'");
}

// Cloud VMs of two generations can share a CPU name; their TSCs' rates differ.
TEST(MachineDifference, ATscRateOffByMoreThanCalibrationTellsHostsApart) {
  EXPECT_EQ(machine_difference(vm("AMD EPYC Processor"), 2.596, vm("AMD EPYC Processor"), 2.096),
            "TSC 2.596 vs 2.096 GHz");
  EXPECT_EQ(machine_difference(vm("AMD EPYC Processor"), 2.596, vm("AMD EPYC Processor"), 2.599), "");
}

// Older files and Google Benchmark JSON do not record every field.
TEST(MachineDifference, AFieldOnlyOneFileRecordsIsNoDifference) {
  EXPECT_EQ(machine_difference(Machine{}, 0, vm("Intel(R) Xeon(R) Processor"), 2.6), "");
}

} // namespace
} // namespace steady
