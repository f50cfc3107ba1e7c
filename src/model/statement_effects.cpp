#include "model/statement_effects.h"

#include <algorithm>
#include <map>
#include <vector>

#include "core/budgets.h"
#include "model/file_model.h"
#include "python/node.h"
#include "semantics/bindings.h"

namespace lightfix {

namespace {

// A name or dotted attribute that reads a value: not the `b` of `a.b`, nor
// the keyword of `f(k=v)`.
bool isRead(Node n) {
  if (is(n, "attribute")) return true;
  if (!is(n, "identifier")) return false;
  Node parent = parentOf(n);
  return !(is(parent, "attribute") && sameNode(field(parent, "attribute"), n)) &&
         !(is(parent, "keyword_argument") && sameNode(field(parent, "name"), n));
}

struct Collector {
  const FileModel& model;
  std::string_view source;
  StatementEffects out;
  std::vector<const FunctionInfo*> following;  // helpers being followed, for recursion
  // What each helper's body reads, once: a helper called many times (and
  // calling others many times) is walked once per statement.
  std::map<const FunctionInfo*, std::set<std::string>> readBy;

  // Whether `jump` (break/continue) leaves `root`: no loop of root's own
  // holds it.
  static bool jumpsOut(Node jump, Node root) {
    for (Node p = parentOf(jump); !isNull(p); p = parentOf(p)) {
      if (is(p, "for_statement") || is(p, "while_statement")) return false;
      if (sameNode(p, root)) break;
    }
    return true;
  }

  // The statement (or a followed helper's body, `inHelper`): its own
  // returns are the helper's, not the caller's.
  void collect(Node root, bool inHelper, std::set<std::string>& read) {
    walk(root, [&](Node n) {
      if (is(n, "raise_statement") || is(n, "assert_statement") || is(n, "yield") ||
          is(n, "global_statement") || is(n, "nonlocal_statement") ||
          (!inHelper && (is(n, "return_statement") || is(n, "try_statement"))) ||
          (!inHelper && (is(n, "break_statement") || is(n, "continue_statement")) &&
           jumpsOut(n, root)))
        out.leavesEarly = true;
      if (isRead(n)) read.insert(std::string(textOf(n, source)));
      if (!is(n, "call")) return true;
      MethodCall mc;
      if (isGraphFree(n, source) && asMethodCall(n, source, mc)) {
        // `loss.item()`: what the receiver reads holds no graph after it.
        std::set<std::string> detached;
        collect(mc.receiver, inHelper, detached);
        collect(mc.arguments, inHelper, read);
        return false;
      }
      if (asMethodCall(n, source, mc)) {
        if (mc.method == "backward") out.backward = true;
        if (inHelper && (mc.method == "step" || mc.method == "zero_grad"))
          out.touchesOptimizer = true;
      }
      if (const FunctionInfo* helper = model.bindings().functionRunBy(n)) follow(*helper, read);
      return true;
    });
  }

  void follow(const FunctionInfo& helper, std::set<std::string>& read) {
    if (auto done = readBy.find(&helper); done != readBy.end()) {
      read.insert(done->second.begin(), done->second.end());
      return;
    }
    if (isNull(helper.body) || static_cast<int>(following.size()) >= kMaxCallDepth ||
        std::find(following.begin(), following.end(), &helper) != following.end()) {
      out.unknown = true;
      return;
    }
    following.push_back(&helper);
    std::set<std::string> own;
    collect(helper.body, true, own);
    following.pop_back();
    // Its parameters are what the call passes, read at the call already.
    for (const std::string& p : helper.params) own.erase(p);
    read.insert(own.begin(), own.end());
    readBy.emplace(&helper, std::move(own));
  }
};

}  // namespace

std::set<std::string> namesRead(Node n, std::string_view source) {
  std::set<std::string> names;
  walk(n, [&](Node c) {
    if (isRead(c)) names.insert(std::string(textOf(c, source)));
    return true;
  });
  return names;
}

bool isGraphFree(Node value, std::string_view source) {
  MethodCall mc;
  return is(value, "call") && asMethodCall(value, source, mc) &&
         (mc.method == "detach" || mc.method == "item" || mc.method == "tolist" ||
          mc.method == "numpy");
}

StatementEffects effectsOf(Node statement, const FileModel& model, std::string_view source) {
  Collector c{model, source, {}, {}, {}};
  c.collect(statement, false, c.out.read);
  return std::move(c.out);
}

}  // namespace lightfix
