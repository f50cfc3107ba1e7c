// LF016 empty-init-false-stage-3: drop `empty_init=False`. ZeRO stage 3
// then initialises real weights, partitioned: safe. Where DeepSpeed is only
// possible it is unsafe, as FSDP reads no value as "on the meta device".

#include "matchers/empty_init_false_stage_3.h"
#include "edit/insertion.h"
#include "fixers/arguments.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixEmptyInitFalseStage3(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<EmptyInitFalseStage3Match>();
  if (!match) return std::nullopt;
  auto edit = removeArgument(ctx.file, match->argument);
  if (!edit) return std::nullopt;
  Fix fix;
  fix.message = "Remove `empty_init=False`";
  if (finding.severity == Severity::Warning) fix.applicability = Applicability::Unsafe;
  if (!addEdit(fix.edits, *edit)) return std::nullopt;
  return fix;
}

}  // namespace lightfix
