// A callgrind profile (the runner's --callgrind-profile) per function: the
// instructions each executed itself (exclusive) and with its callees
// (inclusive), and where it is. Read from callgrind's documented format
// (valgrind's docs, "Callgrind Format Specification"): name compression,
// relative positions, the cost line after calls= being the call's inclusive
// cost. Code inlined into a function counts as that function's, as callgrind
// counts it.
#pragma once

#include <istream>
#include <map>
#include <set>
#include <string>

namespace steady::driver {

struct FunctionCost {
  std::string file;                    // the function's source file ("" without debug information)
  int line = 0;                        // its first line with a cost in that file (0: none known)
  double exclusive = 0, inclusive = 0; // instructions (Ir)
  // The source lines with instructions executed, by file as callgrind names
  // it: code inlined into the function at the inlined function's lines.
  std::map<std::string, std::set<int>> lines;
};

struct CallgrindProfile {
  std::map<std::string, FunctionCost> functions; // by callgrind's (demangled) name
  double total = 0;                              // every function's exclusive instructions
};

// Callgrind's function name without the suffixes it and the compiler add (a
// clone's " [clone .constprop.0]", a recursion cycle's "'2"): the demangled
// name the reach records have.
std::string plain_function_name(std::string name);

// Parses a dump; an unreadable one is an error naming the line.
CallgrindProfile parse_callgrind_profile(std::istream &in, std::string &error);

} // namespace steady::driver
