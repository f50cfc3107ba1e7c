#include "fixers/launch_insertion.h"

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

std::string launchTarget(const FileContext& ctx, const FabricInstance& fabric) {
  if (fabric.file->path() != ctx.file.path() || isNull(fabric.statement)) return {};
  std::string target;
  for (const Assignment& a : ctx.model.bindings().assignments())
    if (sameNode(a.value, fabric.construction) && a.index < 0) target = a.target;
  return target;
}

}  // namespace lightfix
