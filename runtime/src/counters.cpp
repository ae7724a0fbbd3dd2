#include "counters.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <perfmon/pfmlib_perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace steady {
namespace {

// libpfm4, resolved once with dlopen.
struct Pfm {
  decltype(&pfm_initialize) initialize = nullptr;
  decltype(&pfm_get_os_event_encoding) encode = nullptr;
  decltype(&pfm_strerror) strerror = nullptr;
  std::string error;

  static const Pfm &get() {
    static const Pfm pfm = [] {
      Pfm p;
      void *h = dlopen("libpfm.so.4", RTLD_NOW | RTLD_LOCAL);
      if (!h) {
        p.error = std::string("libpfm4 is not installed (") + dlerror() + ")";
        return p;
      }
      p.initialize = reinterpret_cast<decltype(p.initialize)>(dlsym(h, "pfm_initialize"));
      p.encode = reinterpret_cast<decltype(p.encode)>(dlsym(h, "pfm_get_os_event_encoding"));
      p.strerror = reinterpret_cast<decltype(p.strerror)>(dlsym(h, "pfm_strerror"));
      if (!p.initialize || !p.encode || !p.strerror)
        p.error = "libpfm4 lacks pfm_get_os_event_encoding";
      else if (int r = p.initialize(); r != PFM_SUCCESS)
        p.error = std::string("libpfm4 failed to initialise: ") + p.strerror(r);
      return p;
    }();
    return pfm;
  }
};

// User-space only, disabled until enable(); read as a group with times.
std::optional<std::string> encode(const std::string &name, perf_event_attr &attr) {
  const Pfm &pfm = Pfm::get();
  if (!pfm.error.empty())
    return pfm.error;
  std::memset(&attr, 0, sizeof attr);
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.attr = &attr;
  arg.size = sizeof arg;
  if (int r = pfm.encode(name.c_str(), PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg); r != PFM_SUCCESS)
    return std::string(pfm.strerror(r));
  attr.size = sizeof attr;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return std::nullopt;
}

int paranoid_level() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  int level = 2;
  in >> level;
  return level;
}

std::string open_error(int err) {
  switch (err) {
  case ENOENT:
  case EOPNOTSUPP:
    return std::string("perf_event_open: ") + std::strerror(err) + " (no hardware PMU: a VM or container?)";
  case EACCES:
  case EPERM:
    return std::string("perf_event_open: ") + std::strerror(err) + " (kernel.perf_event_paranoid=" +
           std::to_string(paranoid_level()) + "; user-space counting needs <= 2 or CAP_PERFMON)";
  default:
    return std::string("perf_event_open: ") + std::strerror(err);
  }
}

#if defined(__x86_64__)
// The perf mmap page's seqlock protocol: retry while the kernel updates it.
bool rdpmc_read(void *page_ptr, double &value) {
  auto *pc = static_cast<volatile perf_event_mmap_page *>(page_ptr);
  std::uint32_t seq;
  std::uint64_t count;
  do {
    seq = pc->lock;
    asm volatile("" ::: "memory");
    std::uint32_t idx = pc->index;
    const bool cap_user_rdpmc = (pc->capabilities >> 2) & 1; // bit 2 in every header version
    if (!cap_user_rdpmc || idx == 0)
      return false;
    std::uint32_t lo, hi;
    asm volatile("rdpmc" : "=a"(lo), "=d"(hi) : "c"(idx - 1));
    std::int64_t pmc = std::int64_t((std::uint64_t(hi) << 32) | lo);
    unsigned width = pc->pmc_width;
    pmc <<= 64 - width;
    pmc >>= 64 - width;
    count = std::uint64_t(pc->offset + pmc);
    asm volatile("" ::: "memory");
  } while (pc->lock != seq);
  value = double(count);
  return true;
}
#endif

} // namespace

Counters::~Counters() {
  for (Group &g : groups_)
    for (Event &e : g.events) {
      if (e.page)
        munmap(e.page, size_t(sysconf(_SC_PAGESIZE)));
      if (e.fd >= 0)
        close(e.fd);
    }
}

std::optional<std::string> Counters::validate(const std::vector<std::string> &names) {
  for (const std::string &name : names) {
    perf_event_attr attr;
    if (auto err = encode(name, attr))
      return "unknown counter '" + name + "': " + *err;
  }
  return std::nullopt;
}

void Counters::open(const std::vector<std::string> &names) {
  for (const std::string &name : names) {
    perf_event_attr attr;
    if (auto err = encode(name, attr)) {
      unavailable_.push_back({name, *err});
      continue;
    }
    auto g = std::find_if(groups_.begin(), groups_.end(),
                          [&](const Group &grp) { return grp.pmu_type == attr.type; });
    int leader = g == groups_.end() ? -1 : g->events.front().fd;
    attr.disabled = leader < 0;
    int fd = int(syscall(SYS_perf_event_open, &attr, 0, -1, leader, 0));
    if (fd < 0) {
      unavailable_.push_back({name, open_error(errno)});
      continue;
    }
    Event e{fd, nullptr, name};
    void *page = mmap(nullptr, size_t(sysconf(_SC_PAGESIZE)), PROT_READ, MAP_SHARED, fd, 0);
    if (page != MAP_FAILED)
      e.page = page;
    if (g == groups_.end())
      groups_.push_back({attr.type, {e}});
    else
      g->events.push_back(e);
  }
  // read() reports group by group.
  for (const Group &grp : groups_)
    for (const Event &e : grp.events)
      names_.push_back(e.name);
}

void Counters::enable() {
  for (Group &g : groups_)
    ioctl(g.events.front().fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

CounterSnapshot Counters::read() const {
  CounterSnapshot s;
  for (const Group &g : groups_) {
    // [nr, time_enabled, time_running, value...]
    std::vector<std::uint64_t> buf(3 + g.events.size());
    ssize_t n = ::read(g.events.front().fd, buf.data(), buf.size() * sizeof(std::uint64_t));
    if (n < ssize_t(3 * sizeof(std::uint64_t)))
      continue;
    s.time_enabled += buf[1];
    s.time_running += buf[2];
    s.multiplexed |= buf[2] < buf[1];
    for (size_t i = 0; i < g.events.size(); ++i) {
      double v = double(buf[3 + i]);
#if defined(__x86_64__)
      double fast;
      if (g.events[i].page && rdpmc_read(g.events[i].page, fast))
        v = fast;
#endif
      s.values.push_back(v);
    }
  }
  rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0)
    s.context_switches = double(ru.ru_nvcsw + ru.ru_nivcsw);
  return s;
}

std::string Counters::summary() const {
  if (unavailable_.empty())
    return "";
  std::string missing, reason = unavailable_.front().reason;
  bool same = true;
  for (const Unavailable &u : unavailable_) {
    missing += (missing.empty() ? "" : ", ") + u.name;
    same &= u.reason == reason;
  }
  std::string still = names_.empty() ? "TSC time" : "TSC time and";
  for (size_t i = 0; i < names_.size(); ++i)
    still += (i ? ", " : " ") + names_[i];
  still += ", context switches (getrusage)";
  return "counters " + missing + " unavailable: " + (same ? reason : "see the JSON for each reason") +
         "; still measuring " + still;
}

} // namespace steady
