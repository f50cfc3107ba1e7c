#pragma once
// What running a statement may do to the order of a training step, with the
// file's own functions it calls followed into their bodies. LF008 asks it
// twice: may this statement run a backward (then the step after it is judged
// by that backward), and may a step be moved up over it (then it must not
// touch an optimizer, leave the block early, or read a value a step would
// invalidate).

#include <set>
#include <string>
#include <string_view>

#include "python/node.h"

namespace lightfix {

class FileModel;

struct StatementEffects {
  bool backward = false;  // runs a `.backward(...)`
  // A followed helper calls `.step()` or `.zero_grad()` on anything: an
  // optimizer may be stepped or cleared there, under any name. (The
  // statement's own calls the caller sees by their receivers' names.)
  bool touchesOptimizer = false;
  // May leave the statement other than by falling through: return, break,
  // continue, raise, assert, yield, or a `try` (which may swallow them);
  // `global`/`nonlocal` too (a helper may rebind the caller's names).
  bool leavesEarly = false;
  // A helper beyond the budget, or one calling itself: anything may run.
  bool unknown = false;
  // The identifiers and dotted attributes read (`errG`, `self.netD`), those
  // of the followed helpers' bodies included, their parameters excepted;
  // not those read only through a graph-free call (`errD.item()`).
  std::set<std::string> read;
};

// The identifiers and dotted attributes `n` reads (`self.netD` as a whole
// and `self`), without the helpers it calls.
std::set<std::string> namesRead(Node n, std::string_view source);

// Whether the call `value` gives a value that holds no autograd graph:
// `.detach()`, `.item()`, `.tolist()` or `.numpy()` applied last.
bool isGraphFree(Node value, std::string_view source);

StatementEffects effectsOf(Node statement, const FileModel& model, std::string_view source);

}  // namespace lightfix
