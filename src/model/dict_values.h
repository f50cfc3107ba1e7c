#pragma once
// What a key of a dict holds where the dict is used: a dict written as a
// literal or `dict(...)`, then changed by `d["k"] = v`, `d["a"]["b"] = v`,
// `d.update(...)`, `d.pop("k")` and `del d["k"]` before that point; the
// keywords a function's `**kwargs` receives from its callers; what callers
// pass for a parameter holding a dict; or what `self.kwargs`, set once and
// only unpacked, was set to. So that `Trainer(**trainer_kwargs)` is read
// like `Trainer(strategy=...)`.

#include "python/node.h"

#include <string>
#include <vector>

namespace lightfix {

class FileModel;

// One value the key may hold on some path; a null `node` means the key is
// absent on that path (the callee's default applies).
struct KeyValue {
  Node node{};
  Node scope{};  // where `node` is evaluated
  const FileModel* model = nullptr;
};

struct KeyValues {
  std::vector<KeyValue> values;  // in the order the paths were found
  // False when something lightfix cannot read (a dict from elsewhere, a
  // call that may change it, a computed key) may give the key another value.
  bool complete = false;
};

// The values `path` (`{"strategy"}`, or `{"zero_optimization", "stage"}`)
// may have in the dict `dict` evaluates to when `point` runs; `dict` is
// evaluated in `scope` of `model`'s file.
KeyValues keyValuesAt(Node dict, const std::vector<std::string>& path, Node point, Node scope,
                      const FileModel& model);

// The values the keyword `name` may have in the call `call`: written there,
// or carried by its `**` arguments.
KeyValues keywordValues(Node call, const std::string& name, const FileModel& model);

}  // namespace lightfix
