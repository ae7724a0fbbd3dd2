// The machine a run measured on and its load, for the result file.
#include <fstream>
#include <sys/utsname.h>
#include <thread>

#include "outputs.h"

namespace steady {
namespace {

std::string first_line(const char *path) {
  std::ifstream in(path);
  std::string s;
  std::getline(in, s);
  return s;
}

} // namespace

MachineLoad read_machine_load() {
  MachineLoad l;
  std::ifstream("/proc/loadavg") >> l.load1 >> l.load5 >> l.load15;
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice";
  // guest time is already counted in user and nice.
  std::ifstream stat("/proc/stat");
  std::string cpu;
  stat >> cpu;
  double v[8] = {};
  for (double &x : v)
    stat >> x;
  if (cpu == "cpu") {
    l.steal_jiffies = v[7];
    for (double x : v)
      l.total_jiffies += x;
  }
  return l;
}

Machine describe_machine() {
  Machine m;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      m.cpu = line.substr(line.find(':') + 2);
      break;
    }
  utsname u;
  if (uname(&u) == 0) {
    m.kernel = std::string(u.sysname) + " " + u.release;
    m.hostname = u.nodename;
  }
  m.governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  m.cores = int(std::thread::hardware_concurrency());
  return m;
}

} // namespace steady
