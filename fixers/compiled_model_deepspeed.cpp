// LF015 compiled-model-deepspeed: give the Trainer the module itself.
// `fit(torch.compile(model))` becomes `fit(model)`: safe, the run is the
// same but for speed. `model = torch.compile(model)` is removed and
// `compiled = torch.compile(model)` becomes `compiled = model`: unsafe, as
// every other use of the name loses compilation too.

#include "matchers/compiled_model_deepspeed.h"
#include "core/source_file.h"
#include "edit/insertion.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

// The statement's whole lines, when nothing else shares them.
static std::optional<clang::tooling::Replacement> removeStatementLines(const SourceFile& file,
                                                                       Node statement) {
  Node block = parentOf(statement);
  size_t statements = 0;
  for (Node s : namedChildren(block))
    if (!is(s, "comment")) ++statements;
  if (statements < 2) return std::nullopt;  // a block cannot be empty
  unsigned first = file.lineOf(startOf(statement));
  unsigned last = file.lineOf(endOf(statement));
  std::string_view text = file.text();
  if (text.substr(file.lineStart(first), startOf(statement) - file.lineStart(first))
          .find_first_not_of(" \t") != std::string_view::npos)
    return std::nullopt;
  std::string_view rest = text.substr(endOf(statement), file.lineEnd(last) - endOf(statement));
  size_t next = rest.find_first_not_of(" \t");
  if (next != std::string_view::npos && rest[next] != '#') return std::nullopt;  // `a; b`
  uint32_t from = file.lineStart(first);
  uint32_t to = last + 1 < file.lineCount() ? file.lineStart(last + 1) : file.lineEnd(last);
  return clang::tooling::Replacement(file.path(), from, to - from, "");
}

std::optional<Fix> fixCompiledModelDeepspeed(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<CompiledModelDeepspeedMatch>();
  if (!match) return std::nullopt;
  std::string_view source = ctx.file.text();
  Node compile = match->compile;
  Node args = field(compile, "arguments");
  std::vector<Node> positional = positionalArguments(args);
  if (positional.size() != 1 || hasSplat(args)) return std::nullopt;
  std::string module(textOf(positional[0], source));
  Node statement = match->statement;
  Fix fix;
  if (isNull(statement)) {
    fix.message = "Pass the module itself, not `torch.compile(...)`";
    if (!addEdit(fix.edits, replaceNode(ctx.file, compile, module))) return std::nullopt;
    return fix;
  }
  fix.applicability = Applicability::Unsafe;
  if (textOf(match->target, source) == module) {
    auto edit = removeStatementLines(ctx.file, statement);
    if (!edit || !addEdit(fix.edits, *edit)) return std::nullopt;
    fix.message = "Remove `torch.compile`: DeepSpeed takes the module itself";
    return fix;
  }
  if (!addEdit(fix.edits, replaceNode(ctx.file, compile, module))) return std::nullopt;
  fix.message = "Bind the module itself, not `torch.compile(...)`";
  return fix;
}

}  // namespace lightfix
