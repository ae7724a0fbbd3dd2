#include "reentry.h"

#include "steady/registry.h"

extern char **environ;

namespace steady {

static std::vector<char *> pointers(std::vector<std::string> &v) {
  std::vector<char *> p;
  for (std::string &s : v)
    p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

std::vector<char *> Reentry::c_argv() { return pointers(argv); }
std::vector<char *> Reentry::c_env() { return pointers(env); }

Reentry reentry_command(std::vector<std::string> argv) {
  Reentry r{std::move(argv), {}};
  for (char **e = environ; *e; ++e)
    r.env.emplace_back(*e);
  if (ReentryFn fn = reentry())
    fn(r.argv, r.env);
  return r;
}

} // namespace steady
