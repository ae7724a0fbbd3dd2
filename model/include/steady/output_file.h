// Files a command was asked to write (the runner's --json/--csv, compare's
// --json/--markdown, ab's --json-a/--json-b, analyze's --json and plots):
// checked before any work and written so that nothing is lost.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>

namespace steady {

// Throws std::runtime_error "cannot write 'PATH': <errno text>" when PATH
// cannot be written: its directory is missing or not writable, it is a
// directory, or it exists and is not writable. Called before any work, so
// that a typo in an output path costs nothing.
void check_output(const std::string &path);

// Writes PATH. A regular file (or a new one) is written through a temporary
// file renamed over it, so that a reader never sees half a file and an
// interrupted writer leaves the last complete one; anything else (a device
// such as /dev/null, a FIFO, through symbolic links) is written in place,
// never replaced by a file; a directory is refused. Every write is checked:
// throws std::runtime_error "cannot write 'PATH': <errno text>".
void write_output(const std::string &path, const std::function<void(std::ostream &)> &write);

// Whether PATH is written in place (it exists and is not a regular file: a
// FIFO, a device). Files written again as a run goes on (checkpoints) are
// written to such a target only once, at the end: a FIFO's reader takes one
// document.
bool written_in_place(const std::string &path);

} // namespace steady
