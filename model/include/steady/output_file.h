// Files a command was asked to write (the runner's --json/--csv/--markdown,
// compare's and ab's --json/--markdown/--html, ab's --json-a/--json-b,
// analyze's and audit's --json): checked before any work and written so that
// nothing is lost.
#pragma once

#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace steady {

// Throws std::runtime_error "cannot write 'PATH': <errno text>" when PATH
// cannot be written: its directory is missing or refuses a new file (tried:
// root passes access() on /proc and /sys), it is a directory, or it exists
// and is not writable. Called before any work, so that a typo in an output
// path costs nothing.
void check_output(const std::string &path);

// A command's outputs as (flag, path) pairs, empty paths left out: "" when
// each can be written (check_output) and no two are one regular file (the
// same inode, or the same path not yet created; a device such as /dev/null
// may be named twice), else the first problem as one line starting with the
// flag ("--csv: 'a.json' is also the file of --json: ...").
std::string outputs_problem(const std::vector<std::pair<std::string, std::string>> &outputs);

// Thrown by write_output when what it wrote to a FIFO was not read: a signal
// arrived while it waited for the FIFO's reader (see on_output_interrupt), or
// the reader closed the FIFO before the end. `kept`: where write_or_keep put
// the data instead.
struct OutputNotRead : std::runtime_error {
  explicit OutputNotRead(const std::string &what, std::string kept_in = "")
      : std::runtime_error(what), kept(std::move(kept_in)) {}
  std::string kept;
};

// Writes PATH. A regular file (or a new one) is written through a temporary
// file renamed over it, so that a reader never sees half a file and an
// interrupted writer leaves the last complete one; anything else (a device
// such as /dev/null, a FIFO, through symbolic links) is written in place,
// never replaced by a file; a directory is refused. A FIFO is waited for
// until it has a reader (one that comes later is a legitimate use). Every
// write is checked: throws std::runtime_error "cannot write 'PATH': <errno
// text>", OutputNotRead for a FIFO nobody read.
void write_output(const std::string &path, const std::function<void(std::ostream &)> &write);

// What a command that handles SIGINT and SIGTERM (the runner, steady ab)
// asks to know whether it was interrupted: write_output's wait for a FIFO's
// reader, and for room in it, then ends (OutputNotRead). Without it the wait
// ends only with the signal's default action.
void on_output_interrupt(bool (*interrupted)());

// Calls write_to(PATH), a function that writes PATH with write_output; when
// PATH is a FIFO nobody read (OutputNotRead), what was measured is kept:
// write_to(KEPT), KEPT a new file in $TMPDIR (default /tmp) named
// "steady-<pid>-<PATH's stem><extension>", then throws OutputNotRead "cannot
// write 'PATH': <why>; kept in KEPT" with `kept` set. Throws as write_output
// otherwise (and when KEPT cannot be written either).
void write_or_keep(const std::string &path, const std::string &extension,
                   const std::function<void(const std::string &)> &write_to);

// Whether PATH is written in place (it exists and is not a regular file: a
// FIFO, a device). Files written again as a run goes on (checkpoints) are
// written to such a target only once, at the end: a FIFO's reader takes one
// document.
bool written_in_place(const std::string &path);

} // namespace steady
