// LF019 precision-unsupported-deepspeed: a `precision=` that DeepSpeed's
// precision plugin rejects (64-bit, Transformer Engine) on a Fabric or a
// Trainer whose strategy is DeepSpeed.

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/fabric_calls.h"
#include "matchers/yaml_findings.h"
#include "model/construction_arguments.h"
#include "model/dict_values.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kPrecisionUnsupportedDeepspeed{
    "LF019",
    "precision-unsupported-deepspeed",
    "a `precision=` DeepSpeed does not support (64-bit, Transformer Engine)",
    "`precision='64-true')` is not supported in DeepSpeed. `precision` must be one of: "
    "('32-true', '16-true', 'bf16-true', '16-mixed', 'bf16-mixed').",
    // `Trainer`: its precision may come from a YAML file the script loads
    // (`**cfg.trainer`).
    {"precision", "Trainer"},
    {},
    // Fabric's text, then the Trainer's.
    R"(`precision='[^']*'\)` is not supported in DeepSpeed\.|`Trainer\(strategy='deepspeed', precision='[^']*'\)` is not supported\.)",
    {{"supported", "'32-true', '16-true', 'bf16-true', '16-mixed', 'bf16-mixed'"},
     {"Fabric", "`precision='{}')` is not supported in DeepSpeed."},
     {"Trainer", "`Trainer(strategy='deepspeed', precision='{}')` is not supported."}}};

// The precision Lightning's connector makes of a value as written (`64` and
// `"64"` are "64-true"), when DeepSpeed rejects it; empty otherwise.
static std::string unsupportedDeepSpeedPrecision(std::string text) {
  if (text == "64") text = "64-true";
  if (text == "64-true" || text == "transformer-engine" || text == "transformer-engine-float16")
    return text;
  return {};
}

static std::string unsupportedDeepSpeedPrecision(Node value, std::string_view source) {
  std::string text;
  if (is(value, "integer"))
    text = std::string(textOf(value, source));
  else if (!stringLiteral(value, source, text))
    return {};
  return unsupportedDeepSpeedPrecision(text);
}

// Lightning's plugins of the other kinds, which the connector files apart
// from a precision plugin: checkpoint IO, cluster environments, layer syncs.
constexpr std::string_view kOtherPlugins[] = {
    "CheckpointIO",        "TorchCheckpointIO",  "AsyncCheckpointIO",
    "XLACheckpointIO",     "ClusterEnvironment", "LightningEnvironment",
    "SLURMEnvironment",    "LSFEnvironment",     "TorchElasticEnvironment",
    "KubeflowEnvironment", "MPIEnvironment",     "XLAEnvironment",
    "LayerSync",           "TorchSyncBatchNorm"};

// Whether a `plugins=` value may hold a precision plugin: unless every
// plugin it holds is made by one of `others`, kOtherPlugins and the classes
// of this file deriving from one (`CustomCheckpointIO()`, through a name or
// a list).
static bool mayHoldPrecisionPlugin(Node value, Node scope, const FileModel& model,
                                   const std::vector<std::string>& others, int depth = 0) {
  constexpr int kMaxDepth = 4;
  if (depth > kMaxDepth) return true;
  std::string_view source = model.file().text();
  if (is(value, "list") || is(value, "tuple")) {
    for (Node element : namedChildren(value))
      if (!is(element, "comment") &&
          mayHoldPrecisionPlugin(element, scope, model, others, depth + 1))
        return true;
    return false;
  }
  if (is(value, "call")) {
    Node callee = field(value, "function");
    if (is(callee, "attribute")) callee = field(callee, "attribute");
    if (!is(callee, "identifier")) return true;
    return std::find(others.begin(), others.end(), textOf(callee, source)) == others.end();
  }
  if (!is(value, "identifier")) return true;
  std::vector<Origin> origins = model.bindings().originsReaching(value, scope);
  if (origins.empty()) return true;
  for (const Origin& o : origins)
    if (o.kind != Origin::Expression || sameNode(o.expr, value) ||
        mayHoldPrecisionPlugin(o.expr, o.scope, model, others, depth + 1))
      return true;
  return false;
}

// Whether the construction may be given a precision plugin through
// `plugins=` (written, or carried by its `**kwargs` or parsed arguments),
// which then stands in for `precision=`.
static bool givesPlugins(const FileContext& ctx, Node construction) {
  std::optional<std::vector<std::string>> others;  // built once, when a plugin is read
  for (const KeyValue& v : constructionKeyword(construction, "plugins", ctx.model).values) {
    if (isNull(v.node)) continue;
    if (v.model != &ctx.model) return true;
    if (!others)
      others = subclassNames({std::begin(kOtherPlugins), std::end(kOtherPlugins)},
                             ctx.model.classBaseNames());
    Node scope = isNull(v.scope) ? ctx.model.bindings().scopeOf(v.node) : v.scope;
    if (mayHoldPrecisionPlugin(v.node, scope, ctx.model, *others)) return true;
  }
  return false;
}

// `Trainer(**cfg.trainer)` with `cfg` a YAML file the script loads: the
// file's `precision:` when DeepSpeed rejects it and the section brings no
// `plugins:`, unless the YAML side reports it; with the `**` argument.
static std::optional<LoadedYamlValue> rejectedInLoadedYaml(const FileContext& ctx,
                                                           Node construction, Node& splat,
                                                           std::string& precision) {
  if (givesPlugins(ctx, construction)) return std::nullopt;
  std::optional<LoadedYamlValue> yaml =
      constructionYamlKeyword(construction, "precision", ctx.model, &splat);
  if (!yaml || yaml->entry.kind != YamlEntry::Scalar) return std::nullopt;
  std::optional<LoadedYamlValue> plugins =
      constructionYamlKeyword(construction, "plugins", ctx.model, nullptr);
  if (plugins && plugins->entry.kind != YamlEntry::Absent) return std::nullopt;
  precision = unsupportedDeepSpeedPrecision(yaml->entry.scalar.value);
  if (precision.empty() ||
      reportedInYaml(*yaml, "precision", ctx.project.options().targetDeepSpeed))
    return std::nullopt;
  return yaml;
}

// `python train.py --strategy deepspeed_stage_2 --precision 64`: a launcher
// running this script gives a Trainer made from parsed arguments a precision
// DeepSpeed rejects, under a DeepSpeed it runs (launchedTrainer); with the
// precision Lightning makes of it.
static std::optional<std::pair<const LauncherFlag*, TrainerInstance>> rejectedByLauncher(
    const FileContext& ctx, const TrainerInstance& t, std::string& precision) {
  if (givesPlugins(ctx, t.construction)) return std::nullopt;
  for (const LauncherFlag* flag :
       constructionLauncherKeyword(t.construction, "precision", ctx.model)) {
    std::optional<TrainerInstance> launched = launchedTrainer(t, *flag, ctx.model);
    precision = unsupportedDeepSpeedPrecision(flag->value);
    if (launched && !precision.empty()) return std::pair{flag, std::move(*launched)};
  }
  return std::nullopt;
}

void matchPrecisionUnsupportedDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  // The precision value of a construction (written in the call, carried by
  // its `**kwargs` dict or an argparse default, in this file), when DeepSpeed
  // rejects it and no `plugins=` brings a precision plugin of its own.
  auto rejected = [&](Node construction, Node& value) {
    if (givesPlugins(ctx, construction)) return std::string();
    for (const KeyValue& v : constructionKeyword(construction, "precision", ctx.model).values) {
      if (v.model != &ctx.model || isNull(v.node)) continue;
      std::string precision = unsupportedDeepSpeedPrecision(v.node, source);
      if (precision.empty()) continue;
      value = v.node;
      return precision;
    }
    return std::string();
  };
  for (const FabricInstance& fabric : ctx.model.fabrics()) {
    Node value{};
    std::string precision;
    if (!fabric.strategy.deepSpeed() || (precision = rejected(fabric.construction, value)).empty())
      continue;
    out.push_back(fabricFinding(ctx, parentOf(value), fabric,
                                fmt::format("{} under DeepSpeed, which supports only {}",
                                            writtenAt(value, source), ctx.rule.quoted("supported")),
                                fmt::format(fmt::runtime(ctx.rule.quoted("Fabric")), precision)));
  }
  for (const TrainerInstance& trainer : ctx.model.trainers()) {
    Node value{};
    std::string precision;
    if (!trainer.strategy.deepSpeed()) continue;
    if ((precision = rejected(trainer.construction, value)).empty()) {
      Node splat{};
      std::optional<LoadedYamlValue> yaml =
          rejectedInLoadedYaml(ctx, trainer.construction, splat, precision);
      if (yaml)
        out.push_back(trainerFinding(
            ctx, splat, trainer,
            fmt::format("`precision: {}` ({}:{}) under DeepSpeed, which supports only {}",
                        yaml->entry.scalar.value, yaml->path, yaml->entry.scalar.line,
                        ctx.rule.quoted("supported")),
            fmt::format(fmt::runtime(ctx.rule.quoted("Trainer")), precision)));
      else if (auto launched = rejectedByLauncher(ctx, trainer, precision))
        out.push_back(trainerFinding(
            ctx, keywordPlace(trainer.construction, "precision", source), launched->second,
            fmt::format("`{} {}` ({}:{}) under DeepSpeed, which supports only {}",
                        launched->first->flag, launched->first->value, launched->first->path,
                        launched->first->line, ctx.rule.quoted("supported")),
            fmt::format(fmt::runtime(ctx.rule.quoted("Trainer")), precision)));
      continue;
    }
    out.push_back(
        trainerFinding(ctx, parentOf(value), trainer,
                       fmt::format("{} under DeepSpeed, which supports only {}",
                                   writtenAt(value, source), ctx.rule.quoted("supported")),
                       fmt::format(fmt::runtime(ctx.rule.quoted("Trainer")), precision)));
  }
}

}  // namespace lightfix
