// LF013 grad-accumulation-in-deepspeed-config: move the value from the
// DeepSpeed config to `Trainer(accumulate_grad_batches=N)`, where Lightning
// takes it from to fill the config in. Safe: the engine accumulates the same
// number of batches. Only for one Trainer and an integer literal (or
// "auto", which is dropped); never over a different `accumulate_grad_batches`.

#include <fmt/format.h>

#include "edit/insertion.h"
#include "fixers/arguments.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/source_file.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixGradAccumulationInDeepspeedConfig(const FileContext& ctx,
                                                        const Finding& finding) {
  std::string_view source = ctx.file.text();
  TSNode pair = finding.node("pair");
  if (isNull(pair)) return std::nullopt;  // a JSON file, or a dict the program changes
  TSNode value = field(pair, "value");
  auto remove = removeArgument(ctx.file, pair);
  if (!remove) return std::nullopt;
  Fix fix;
  if (!addEdit(fix.edits, *remove)) return std::nullopt;
  std::string text;
  if (stringLiteral(value, source, text) && text == "auto") {
    fix.message = "Remove `\"gradient_accumulation_steps\"` from the DeepSpeed config";
    return fix;
  }

  std::vector<const TrainerInstance*> trainers;
  for (const TrainerInstance& t : ctx.model.trainers())
    if (sameNode(t.strategy.evidence, finding.node("strategy"))) trainers.push_back(&t);
  if (trainers.size() != 1) return std::nullopt;
  TSNode arguments = field(trainers[0]->construction, "arguments");
  if (hasSplat(arguments)) return std::nullopt;
  std::string number(textOf(value, source));
  TSNode given = keywordArgument(arguments, "accumulate_grad_batches", source);
  if (!isNull(given)) {
    if (textOf(given, source) != number) return std::nullopt;  // which one is meant?
  } else {
    if (!is(value, "integer")) return std::nullopt;
    auto append = appendArgument(ctx.file, arguments, "accumulate_grad_batches=" + number);
    if (!append || !addEdit(fix.edits, *append)) return std::nullopt;
  }
  fix.message = fmt::format("Pass `accumulate_grad_batches={}` to the Trainer instead", number);
  return fix;
}

}  // namespace lightfix
