// LF013 grad-accumulation-in-deepspeed-config: a `"gradient_accumulation_steps"`
// key in the config dict of the `DeepSpeedStrategy` a Trainer runs with.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/grad_accumulation_in_deepspeed_config.h"
#include "model/deepspeed_config.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kGradAccumulationInDeepspeedConfig{
    "LF013",
    "grad-accumulation-in-deepspeed-config",
    "`\"gradient_accumulation_steps\"` in the DeepSpeed config of a Trainer",
    "Do not set `gradient_accumulation_steps` in the DeepSpeed config as this will be set with "
    "the `accumulate_grad_batches` argument passed via the Lightning Trainer.",
    // The key, or a config file named.
    {"gradient_accumulation_steps", "config="},
    "Do not set `gradient_accumulation_steps` in the DeepSpeed config",
    R"(Do not set `gradient_accumulation_steps` in the DeepSpeed config as this will be set with the `accumulate_grad_batches` argument)"};
// file named

// The dict literal a `config=` argument surely is: written in place, or a
// name bound to one that the file names nowhere else (so nothing edits it).
// Stricter than deepSpeedConfigKey, which reads a dict however it is later
// changed: that is enough to report, but the fix deletes the key where it
// is written, so no other statement may touch the dict.
static Node literalConfig(const FileContext& ctx, Node value) {
  if (is(value, "dictionary")) return value;
  if (!is(value, "identifier")) return Node{};
  std::string_view source = ctx.file.text();
  Origin o = ctx.model.bindings().trace(value, ctx.model.bindings().scopeOf(value));
  if (o.kind != Origin::Expression || o.index >= 0 || !is(o.expr, "dictionary")) return Node{};
  std::string_view name = textOf(value, source);
  int uses = 0;
  walk(ctx.tree.root(), [&](Node n) {
    if (!is(n, "identifier") || textOf(n, source) != name) return true;
    // `config=` and `x.config` name something else.
    Node parent = parentOf(n);
    if ((is(parent, "keyword_argument") && sameNode(field(parent, "name"), n)) ||
        (is(parent, "attribute") && sameNode(field(parent, "attribute"), n)))
      return true;
    ++uses;
    return true;
  });
  return uses == 2 ? o.expr : Node{};
}

// The `"gradient_accumulation_steps": ...` pair of a dict literal, or null.
static Node gradAccumulationPair(Node dict, std::string_view source) {
  for (Node pair : namedChildren(dict)) {
    std::string key;
    if (is(pair, "pair") && stringLiteral(field(pair, "key"), source, key) &&
        key == "gradient_accumulation_steps")
      return pair;
  }
  return Node{};
}

void matchGradAccumulationInDeepspeedConfig(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const TrainerInstance& t : ctx.model.trainers()) {
    const Strategy& s = t.strategy;
    if (!s.deepSpeed() || s.evidenceFile != &ctx.file || !is(s.evidence, "call")) continue;
    // Fabric's DeepSpeedStrategy given to a Trainer fails otherwise (LF014).
    auto q = ctx.model.imports().qualify(field(s.evidence, "function"), source);
    if (q && (q->rfind("lightning.fabric", 0) == 0 || q->rfind("lightning_fabric", 0) == 0))
      continue;
    Node config = keywordArgument(field(s.evidence, "arguments"), "config", source);
    Node pair = gradAccumulationPair(literalConfig(ctx, config), source);
    if (!isNull(pair)) {
      Finding f = trainerFinding(ctx, field(pair, "key"), t,
                                 "`gradient_accumulation_steps` in a Trainer's DeepSpeed config");
      f.payload = GradAccumulationInDeepspeedConfigMatch{pair, s.evidence};
      out.push_back(std::move(f));
      continue;
    }
    // A config the program changes, or a JSON file: reported, not fixed.
    ConfigKey key = deepSpeedConfigKey(s.evidence, {"gradient_accumulation_steps"}, ctx.model);
    if (key.kind != ConfigKey::Present) continue;
    // Set in this file: reported there; in a JSON file or a module the
    // config comes from, at the `config=` argument, naming where.
    bool here = !key.file && key.python.model == &ctx.model;
    std::string where;
    if (key.file)
      where = fmt::format("({}:{})", key.file->path, key.line);
    else if (here)
      where = fmt::format("(set at line {})", ctx.file.lineOf(startOf(key.python.node)) + 1);
    else
      where = fmt::format("({}:{})", key.python.model->file().path(),
                          key.python.model->file().position(startOf(key.python.node)).row);
    out.push_back(trainerFinding(
        ctx, here ? key.python.node : key.argument, t,
        fmt::format("`gradient_accumulation_steps` in a Trainer's DeepSpeed config {}", where)));
  }
}

}  // namespace lightfix
