// Kept in its own object so that linking -lsteady supplies `main` only to
// programs that do not define one.
#include "steady/registry.h"

int main(int argc, char **argv) { return steady::run_main(argc, argv); }
