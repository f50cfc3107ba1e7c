// LF005 launch-missing: a `fabric.launch()` line right after the statement
// that makes the Fabric. Unsafe: run through `fabric run`, the processes
// exist already and `launch()` raises.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/launch_insertion.h"
#include "model/file_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixLaunchMissing(const FileContext& ctx, const Finding& finding) {
  const SourceFile& file = ctx.file;
  const FabricInstance& fabric = *finding.fabric;
  std::string target = launchTarget(ctx, fabric);
  if (target.empty() || insideLoop(fabric.statement)) return std::nullopt;
  unsigned first = file.lineOf(startOf(fabric.statement));
  unsigned last = file.lineOf(endOf(fabric.statement) - 1);
  if (last + 1 >= file.lineCount()) return std::nullopt;
  // The statement's lines are rewritten with the launch after them, rather
  // than the launch inserted alone: LF001's fix inserts the same line at the
  // same place, and two equal insertions would merge into two launches.
  uint32_t from = file.lineStart(first);
  uint32_t to = file.lineStart(last + 1);
  std::string launch = target + ".launch()";
  std::string text = file.text().substr(from, to - from) + std::string(file.indentOf(first)) +
                     launch + std::string(file.eol());
  Fix fix;
  fix.message = fmt::format("Insert `{}`", launch);
  fix.applicability = Applicability::Unsafe;
  if (!addEdit(fix.edits, clang::tooling::Replacement(file.path(), from, to - from, text)))
    return std::nullopt;
  return fix;
}

}  // namespace lightfix
