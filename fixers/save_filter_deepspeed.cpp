// LF017 save-filter-deepspeed: drop the filter. Unsafe: DeepSpeed then
// writes the whole state, not the part the filter kept, so the checkpoint
// is larger and holds what the filter left out.

#include "matchers/save_filter_deepspeed.h"
#include "edit/insertion.h"
#include "fixers/arguments.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixSaveFilterDeepspeed(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<SaveFilterDeepspeedMatch>();
  if (!match) return std::nullopt;
  auto edit = removeArgument(ctx.file, match->argument);
  if (!edit) return std::nullopt;
  Fix fix;
  fix.message = "Remove `filter=`: DeepSpeed saves the whole state";
  fix.applicability = Applicability::Unsafe;
  if (!addEdit(fix.edits, *edit)) return std::nullopt;
  return fix;
}

}  // namespace lightfix
