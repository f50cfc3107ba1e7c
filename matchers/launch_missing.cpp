// LF005 launch-missing: a Fabric that runs DeepSpeed and is never launched,
// reported at its first call that checks for a launch (`setup*`,
// `init_module`, the collectives…). A script meant for `fabric run`, which
// launches for it, is left alone.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "core/source_file.h"
#include "matchers/fabric_calls.h"
#include "matchers/fabric_method_calls.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule_specs.h"

namespace lightfix {

// `Fabric(devices=1)`, `Fabric(devices=[0])`: one device, which Fabric runs
// without a launch under every strategy but DeepSpeed.
static bool oneDevice(const FabricInstance& fabric) {
  if (!fabric.file) return false;
  std::string_view source = fabric.file->text();
  Node devices = keywordArgument(field(fabric.construction, "arguments"), "devices", source);
  if (is(devices, "integer")) return textOf(devices, source) == "1";
  if (is(devices, "list")) return namedChildCount(devices) == 1;
  return false;
}

const RuleSpec kLaunchMissing{
    "LF005",
    "launch-missing",
    "A DeepSpeed Fabric set up (or `init_module`, `barrier`…) without `fabric.launch()`",
    "To use Fabric with more than one device, you must call `.launch()` or use the CLI: "
    "`fabric run --help`.",
    {"setup", "init_module", "sharded_model", "barrier", "broadcast", "all_gather", "all_reduce"},
    "To use Fabric with more than one device, you must call `.launch()`",
    // Lightning < 2.2 named the CLI `lightning run model`.
    R"(To use Fabric with more than one device, you must call `\.launch\(\)` or use the CLI: `(fabric run|lightning run model) --help`)"};

namespace {

// `fabric run script.py` (`lightning run model` before 2.2) starts the
// processes and marks the Fabric launched; a script that says it is run so
// may rightly never call `launch()`.
bool meantForTheCli(std::string_view text) {
  for (std::string_view word : {"fabric run", "lightning run model", "LT_CLI_USED"})
    if (text.find(word) != std::string_view::npos) return true;
  return false;
}

// The Fabrics handed as an argument to a call of something not defined in
// this file (`start(fabric)`): it may launch them, in a file that a fix round
// does not model again.
std::vector<const FabricInstance*> handedOver(const FileContext& ctx) {
  std::vector<const FabricInstance*> out;
  auto handed = [&](Node arg) {
    if (!is(arg, "identifier") && !is(arg, "attribute")) return;
    Node call = ancestorOfType(arg, {"call"});
    // A function of this file is seen whole: a launch in it marks the Fabric.
    if (ctx.model.bindings().calledFunction(call)) return;
    for (const FabricInstance* f : ctx.model.fabricsOf(arg, ctx.model.bindings().scopeOf(arg)))
      out.push_back(f);
  };
  walkTypes(ctx.tree.root(), {"argument_list"}, [&](Node arguments) {
    for (Node arg : namedChildren(arguments))
      handed(is(arg, "keyword_argument") ? field(arg, "value") : arg);
  });
  return out;
}

}  // namespace

void matchLaunchMissing(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  if (meantForTheCli(source)) return;
  // Each Fabric's first such call: in the scope that makes it, else the
  // first in the file.
  std::map<const FabricInstance*, FabricMethodCall> first;
  // Asked only once a call needs it: it walks the whole tree.
  std::optional<std::vector<const FabricInstance*>> handed;
  auto better = [&](const FabricMethodCall& c, const FabricMethodCall& than) {
    Node home = c.fabric->scope;
    bool cHome = sameNode(ctx.model.bindings().scopeOf(c.call), home);
    bool thanHome = sameNode(ctx.model.bindings().scopeOf(than.call), home);
    if (cHome != thanHome) return cHome;
    return startOf(c.call) < startOf(than.call);
  };
  for (const FabricMethodCall& c : fabricMethodCalls(
           ctx,
           {"setup", "setup_module", "setup_optimizers", "setup_dataloaders", "init_module",
            "sharded_model", "barrier", "broadcast", "all_gather", "all_reduce"},
           true)) {
    // A subclass may launch itself through an overridden `run`.
    if (c.fabric->launched || !c.fabric->className.empty()) continue;
    // DeepSpeed only by `--target-strategy`: the code as it stands runs without
    // a launch, so something (`fabric run`, one device) makes that work; but
    // one device asked for by name, which DeepSpeed launches too.
    const Strategy& strategy = c.fabric->strategy;
    if (isNull(strategy.evidence) && strategy.externalPath.empty() && !oneDevice(*c.fabric))
      continue;
    if (!handed) handed = handedOver(ctx);
    if (std::any_of(handed->begin(), handed->end(),
                    [&](const FabricInstance* f) { return sameFabric(f, c.fabric); }))
      continue;
    auto it = first.find(c.fabric);
    if (it == first.end() || better(c, it->second)) first[c.fabric] = c;
  }
  std::vector<FabricMethodCall> calls;
  calls.reserve(first.size());
  for (const auto& entry : first) calls.push_back(entry.second);
  std::sort(calls.begin(), calls.end(), [](const FabricMethodCall& a, const FabricMethodCall& b) {
    return startOf(a.call) < startOf(b.call);
  });
  for (const FabricMethodCall& c : calls) {
    const FabricInstance* fabric = c.fabric;
    Finding f = fabricFinding(ctx, c.call, *fabric,
                              fmt::format("`{}.{}()` on a Fabric that is never launched",
                                          textOf(c.receiver, source), c.method));
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
