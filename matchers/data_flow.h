#pragma once
// Data flow the Fabric fixers share: which model's output feeds a loss, and
// which optimizer steps a model's parameters.

#include "python/node.h"

#include <string>
#include <vector>

#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

struct Assignment;

// The callables whose output flows into `expr` (evaluated at `before` in
// `scope`): `model` in `loss = criterion(model(x), y)`, `self.net` in
// `self.net(x).sum()`. Imported functions and the file's own functions and
// classes are left out. Each is a node whose text names it, once per name.
std::vector<Node> modelsFeeding(const FileContext& ctx, Node expr, Node scope, uint32_t before);

// Whether `n` runs with gradients off, so that what it computes carries no
// graph: in the body of a `with torch.no_grad():` (`inference_mode()`,
// `set_grad_enabled(False)`) or of a function decorated with one.
bool runsWithoutGradients(Node n, std::string_view source);

// The `x.step()` calls after `backward` in `scope`, up to the next
// backward: the optimizers (and schedulers) it feeds.
std::vector<MethodCall> stepsAfter(const FileContext& ctx, Node backward, Node scope);

// Whether the arguments of `call` read `model.parameters()` (or
// `named_parameters()`): an optimizer built from that model.
bool buildsFrom(Node call, std::string_view model, std::string_view source);

// The last assignment in `scope` before `before` that builds an optimizer
// from `model.parameters()`, or null.
const Assignment* optimizerBuiltFrom(const FileContext& ctx, std::string_view model, Node scope,
                                     uint32_t before);

}  // namespace lightfix
