// Regression test selection (issue 29): which payloads of two builds can reach
// code that differs, from the plugin's reach records (pass/Reach.cpp, printed
// by a runner's --list-reach). Decides only; select.cpp renders.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "executed.h"

namespace steady::driver {

// One build's records, joined across its translation units by symbol.
struct ReachRecords {
  struct Function {
    std::string fingerprint;
    std::vector<std::string> edges; // callee, "&address-taken", "*" (an indirect call)
    std::string own;                // its own code's fingerprint, before inlining ("": records without it)
    std::string file;               // its source file and lines, before inlining ("": unknown)
    int first = 0, last = 0;
    // Optimized, the functions whose code is in it: {inlined copies, calls left}.
    std::map<std::string, std::pair<int, int>> code;
  };
  std::map<std::string, std::string> payloads; // payload name -> symbol
  std::map<std::string, Function> functions;   // symbol -> its record
};

// Parses --list-reach output; a malformed line is an error naming its number.
ReachRecords parse_reach(const std::string &text, std::string &error);

// What one payload can reach in one build.
struct Reach {
  std::set<std::string> functions; // defined in code compiled with the plugin
  std::set<std::string> external;  // called, defined elsewhere (a library without the plugin)
  bool indirect = false;           // calls through a pointer (functions whose address is taken are followed)
};
Reach reach_of(const ReachRecords &r, const std::string &symbol);

struct Selected {
  std::string payload;
  bool is_new = false;              // only in the new build
  std::vector<std::string> changed; // symbols whose fingerprint differs, or that one build lacks
  bool indirect = false;
  std::size_t external = 0; // calls not followed (new build)
  // --traced (executed.h): the changed functions it executed on the old
  // build; nullopt when not traced (the static selection holds).
  std::optional<std::vector<std::string>> executed;
  bool run() const { return is_new || (!changed.empty() && (!executed || !executed->empty())); }
};

// When `f` changed only where changed functions are inlined into it, those
// functions: f's own code is the same in both builds, and every function it
// reaches whose own code changed is inlined into it, the same number of
// copies in both builds, with no call to it left. nullopt otherwise (its own
// code changed, a changed callee is called or was folded away, records
// without the information): then f's change is wherever f runs.
std::optional<std::vector<std::string>> changed_inlined(const ReachRecords &old_build, const ReachRecords &new_build,
                                                        const std::string &f);

// Sets s.executed to the changed symbols its old run executed (`trace`, by
// the name callgrind gives a symbol: `name_of`, demangled). A function that
// changed only through inlined copies (changed_inlined) counts when the run
// executed one of their source lines in it (callgrind's lines of inlined
// code are the inlined function's), or it has no lines to tell; the inlined
// function is listed with it then.
void refine_by_execution(Selected &s, const Executed &trace, const ReachRecords &old_build,
                         const ReachRecords &new_build, const std::function<std::string(const std::string &)> &name_of);
// Every payload of the new build, in name order.
std::vector<Selected> select_changed(const ReachRecords &old_build, const ReachRecords &new_build);

} // namespace steady::driver
