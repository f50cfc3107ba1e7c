// LF007 backward-model-not-set-up: `model=` names the set-up model, the name
// `fabric.setup(...)` bound it to.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "matchers/backward_model_not_set_up.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixBackwardModelNotSetUp(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<BackwardModelNotSetUpMatch>();
  if (!match) return std::nullopt;
  std::string target(textOf(match->target, ctx.file.text()));
  Fix fix;
  fix.message = fmt::format("Pass the set-up model: `model={}`", target);
  if (!addEdit(fix.edits, replaceNode(ctx.file, match->value, target))) return std::nullopt;
  return fix;
}

}  // namespace lightfix
