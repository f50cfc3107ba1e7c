// LF012 clip-by-value-deepspeed: `Trainer(gradient_clip_algorithm="value")`
// on a Trainer whose strategy is DeepSpeed.

#include "matchers/clip_by_value_deepspeed.h"

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/yaml_findings.h"
#include "model/construction_arguments.h"
#include "model/dict_values.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kClipByValueDeepspeed{"LF012",
                                     "clip-by-value-deepspeed",
                                     "`Trainer(gradient_clip_algorithm=\"value\")` under DeepSpeed",
                                     "DeepSpeed does not support clipping gradients by value.",
                                     // `Trainer`: its keywords may come from a YAML
                                     // file the script loads (`**cfg.trainer`).
                                     {"gradient_clip_algorithm", "Trainer"}};

namespace {

// "value" in any case, as Lightning compares the algorithm's name.
bool namesValue(std::string_view text) { return llvm::StringRef(text).equals_insensitive("value"); }

}  // namespace

void matchClipByValueDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const TrainerInstance& t : ctx.model.trainers()) {
    if (!t.strategy.deepSpeed()) continue;
    // Written in the call, carried by its `**kwargs` dict, or the default of
    // the argparse option it is made from, in this file.
    KeyValues kv = constructionKeyword(t.construction, "gradient_clip_algorithm", ctx.model);
    size_t before = out.size();
    for (const KeyValue& v : kv.values) {
      // Lightning lower-cases the name before comparing.
      if (v.model != &ctx.model || !literalIs(v.node, source, "value")) continue;
      // `gradient_clip_algorithm="value"`, a dict's pair, or `default="value"`.
      Node entry = parentOf(v.node);
      std::string written = writtenAt(v.node, source);
      Finding f = trainerFinding(ctx, entry, t, written + " under DeepSpeed");
      f.payload = ClipByValueDeepspeedMatch{v.node};
      out.push_back(std::move(f));
    }
    // `Trainer(**cfg.trainer)` with `cfg` a YAML file the script loads, or
    // `gradient_clip_algorithm=cfg["training"][...]`: the value is that
    // file's, reported here and fixed there by hand.
    Node splat{};
    bool written = !isNull(
        keywordArgument(field(t.construction, "arguments"), "gradient_clip_algorithm", source));
    std::optional<LoadedYamlValue> yaml =
        kv.values.empty() || !kv.complete || written
            ? constructionYamlKeyword(t.construction, "gradient_clip_algorithm", ctx.model, &splat)
            : std::nullopt;
    bool fromYaml =
        yaml && yaml->entry.kind == YamlEntry::Scalar && namesValue(yaml->entry.scalar.value);
    if (fromYaml &&
        !reportedInYaml(*yaml, "gradient_clip_algorithm", ctx.project.options().targetDeepSpeed))
      out.push_back(
          trainerFinding(ctx, splat, t,
                         fmt::format("`gradient_clip_algorithm: value` ({}:{}) under DeepSpeed",
                                     yaml->path, yaml->entry.scalar.line)));
    // `python train.py --strategy deepspeed --gradient_clip_algorithm value`,
    // where the strategy is DeepSpeed whatever the launcher, or that
    // launcher selects it.
    if (out.size() > before || fromYaml) continue;
    for (const LauncherFlag* flag :
         constructionLauncherKeyword(t.construction, "gradient_clip_algorithm", ctx.model)) {
      std::optional<TrainerInstance> launched = launchedTrainer(t, *flag, ctx.model);
      if (!namesValue(flag->value) || !launched) continue;
      out.push_back(trainerFinding(
          ctx, keywordPlace(t.construction, "gradient_clip_algorithm", source), *launched,
          fmt::format("`{} {}` ({}:{}) under DeepSpeed", flag->flag, flag->value, flag->path,
                      flag->line)));
      break;
    }
  }
}

}  // namespace lightfix
