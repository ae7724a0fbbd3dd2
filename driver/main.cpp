// steady: the command-line tool.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "steady/suggest.h"

int main(int argc, char **argv) {
  // CLI11 would read what follows `--` as positionals; it belongs to the
  // command being wrapped instead. `steady c++ ARGS` passes everything on.
  std::vector<std::string> after_dashes;
  int own = argc;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--" || (i == 1 && a == "c++")) {
      after_dashes.assign(argv + i + 1, argv + argc);
      own = a == "--" ? i : i + 1;
      break;
    }
  }
  CLI::App app{"steady: compiler-assisted microbenchmarking for C and C++"};
  app.require_subcommand(1);
  steady::driver::add_audit(app, after_dashes);
  steady::driver::add_cxx(app, after_dashes);
  steady::driver::add_gtest(app, after_dashes);
  steady::driver::add_evaluate(app);
  steady::driver::add_compare(app);
  steady::driver::add_analyze(app);
  steady::driver::add_ab(app, after_dashes);
  steady::driver::add_slurm(app, after_dashes);
  steady::driver::add_report(app);
  steady::driver::add_select(app);
  steady::driver::add_cause(app);
  app.set_version_flag("--version", "steady " STEADY_VERSION);
  try {
    app.parse(own, argv);
  } catch (const CLI::ExtrasError &e) {
    // CLI11 names the unknown option; the closest known one of the command
    // it was given to is the likely intent.
    std::vector<std::string> known;
    for (const CLI::App *sub : app.get_subcommands())
      for (const CLI::Option *o : sub->get_options())
        for (const std::string &n : o->get_lnames())
          known.push_back("--" + n);
    std::string hint;
    for (const CLI::App *sub : app.get_subcommands())
      for (const std::string &extra : sub->remaining())
        if (std::string near = steady::closest_name(extra, known); !near.empty() && hint.empty())
          hint = "; did you mean " + near + "?";
    std::fprintf(stderr, "error: %s%s\n", e.what(), hint.c_str());
    return 2;
  } catch (const CLI::ValidationError &e) { // a value out of its range: bad input, like every other
    app.exit(e);
    return 2;
  } catch (const CLI::ConversionError &e) {
    app.exit(e);
    return 2;
  } catch (const CLI::ParseError &e) { // also a command's CLI::RuntimeError(status)
    return app.exit(e);
  } catch (const std::exception &e) { // no command lets an exception escape; this is the net
    std::fprintf(stderr, "steady: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
