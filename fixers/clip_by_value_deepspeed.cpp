// LF012 clip-by-value-deepspeed: clip by norm instead, the only algorithm
// DeepSpeed's engine has. Unsafe: a norm threshold is not a value threshold,
// so the same `gradient_clip_val` clips differently.

#include "matchers/clip_by_value_deepspeed.h"
#include "edit/insertion.h"
#include "fixers/arguments.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixClipByValueDeepspeed(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<ClipByValueDeepspeedMatch>();
  if (!match) return std::nullopt;
  auto edit = replaceStringValue(ctx.file, match->value, "norm");
  if (!edit) return std::nullopt;
  Fix fix;
  fix.message = "Clip by norm: `gradient_clip_algorithm=\"norm\"`";
  fix.applicability = Applicability::Unsafe;
  if (!addEdit(fix.edits, *edit)) return std::nullopt;
  return fix;
}

}  // namespace lightfix
