#include "fixers/arguments.h"

#include <gtest/gtest.h>

#include "edit/insertion.h"
#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

std::string applied(const Parsed& p, const std::optional<clang::tooling::Replacement>& edit) {
  if (!edit) return "<no edit>";
  clang::tooling::Replacements edits;
  if (!addEdit(edits, *edit)) return "<conflict>";
  auto out = clang::tooling::applyAllReplacements(p.file.text(), edits);
  if (!out) {
    llvm::consumeError(out.takeError());
    return "<error>";
  }
  return *out;
}

std::string removing(const std::string& code, const char* type, std::string_view arg) {
  Parsed p(code);
  return applied(p, removeArgument(p.file, p.find(type, arg)));
}

TEST(RemoveArgument, LastKeywordTakesItsComma) {
  EXPECT_EQ(removing("f(a, b=1)\n", "keyword_argument", "b=1"), "f(a)\n");
}

TEST(RemoveArgument, MiddleArgumentTakesTheNextComma) {
  EXPECT_EQ(removing("f(a, b=1, c=2)\n", "keyword_argument", "b=1"), "f(a, c=2)\n");
}

TEST(RemoveArgument, OnlyArgumentEmptiesTheParentheses) {
  EXPECT_EQ(removing("with f.init_module(\n    empty_init=False,\n):\n    pass\n",
                     "keyword_argument", "empty_init=False"),
            "with f.init_module():\n    pass\n");
}

TEST(RemoveArgument, OnePerLineKeepsTheTrailingComma) {
  EXPECT_EQ(removing("f(\n    a,\n    b,\n    {1: 2},\n)\n", "dictionary", "{1: 2}"),
            "f(\n    a,\n    b,\n)\n");
}

TEST(RemoveArgument, DictPair) {
  EXPECT_EQ(removing("c = {\"a\": 1, \"b\": 2}\n", "pair", "\"a\": 1"), "c = {\"b\": 2}\n");
}

TEST(RemoveArgument, OnItsOwnLinesWithItsComment) {
  EXPECT_EQ(removing("f(\n    a,  # the model\n    b=1,\n)\n", "keyword_argument", "b=1"),
            "f(\n    a,  # the model\n)\n");
  EXPECT_EQ(removing("f(\n    a,\n    b=1,  # why b\n    # c=2,\n)\n", "keyword_argument", "b=1"),
            "f(\n    a,\n    # c=2,\n)\n");
  EXPECT_EQ(removing("c = {\r\n    \"a\": 1,  # one\r\n    \"b\": 2\r\n}\r\n", "pair", "\"a\": 1"),
            "c = {\r\n    \"b\": 2\r\n}\r\n");
}

TEST(RemoveArgument, NotWithAnotherItemsCommentInWhatGoes) {
  EXPECT_EQ(removing("f(a,  # the model\n  b=1)\n", "keyword_argument", "b=1"), "<no edit>");
}

std::string appending(const std::string& code, const std::string& text) {
  Parsed p(code);
  Node call = p.find("call", code.substr(0, code.find('\n')));
  if (isNull(call)) call = p.find("argument_list", "()");
  Node args = is(call, "call") ? field(call, "arguments") : call;
  return applied(p, appendArgument(p.file, args, text));
}

TEST(AppendArgument, SameLine) {
  EXPECT_EQ(appending("T(a=1, b=2)\n", "c=3"), "T(a=1, b=2, c=3)\n");
}

TEST(AppendArgument, EmptyList) { EXPECT_EQ(appending("T()\n", "c=3"), "T(c=3)\n"); }

TEST(AppendArgument, OnePerLineWithTrailingComma) {
  Parsed p("t = T(\n    a=1,\n    b=2,\n)\n");
  EXPECT_EQ(applied(p, appendArgument(p.file, p.find("argument_list", "(\n    a=1,\n    b=2,\n)"),
                                      "c=3")),
            "t = T(\n    a=1,\n    b=2,\n    c=3,\n)\n");
}

TEST(AppendArgument, OnePerLineWithoutTrailingCommaAndCrlf) {
  Parsed p("t = T(\r\n\ta=1\r\n)\r\n");
  EXPECT_EQ(applied(p, appendArgument(p.file, p.find("argument_list", "(\r\n\ta=1\r\n)"), "c=3")),
            "t = T(\r\n\ta=1,\r\n\tc=3\r\n)\r\n");
}

TEST(AppendArgument, OnePerLineAfterTheLastArgumentsComment) {
  Parsed p("t = T(\n    a=1,  # one\n    # b=2,\n)\n");
  EXPECT_EQ(
      applied(p, appendArgument(
                     p.file, p.find("argument_list", "(\n    a=1,  # one\n    # b=2,\n)"), "c=3")),
      "t = T(\n    a=1,  # one\n    c=3,\n    # b=2,\n)\n");
  Parsed q("t = T(\n    a=1  # one\n)\n");
  EXPECT_EQ(
      applied(q, appendArgument(q.file, q.find("argument_list", "(\n    a=1  # one\n)"), "c=3")),
      "t = T(\n    a=1,  # one\n    c=3\n)\n");
}

TEST(AppendArgument, NotToAOneLineListHoldingAComment) {
  Parsed p("t = T(a=1,  # one\n      b=2)\n");
  EXPECT_EQ(applied(p, appendArgument(p.file, p.find("argument_list", "(a=1,  # one\n      b=2)"),
                                      "c=3")),
            "<no edit>");
}

TEST(AppendArgument, NotAfterASplat) {
  Parsed p("T(a=1, **kw)\n");
  EXPECT_EQ(applied(p, appendArgument(p.file, p.find("argument_list", "(a=1, **kw)"), "c=3")),
            "<no edit>");
}

TEST(ReplaceStringValue, KeepsQuotesAndPrefix) {
  Parsed p("a = 'VALUE'\nb = r\"value\"\nc = f\"{x}\"\n");
  EXPECT_EQ(applied(p, replaceStringValue(p.file, p.find("string", "'VALUE'"), "norm")),
            "a = 'norm'\nb = r\"value\"\nc = f\"{x}\"\n");
  EXPECT_EQ(applied(p, replaceStringValue(p.file, p.find("string", "r\"value\""), "norm")),
            "a = 'VALUE'\nb = r\"norm\"\nc = f\"{x}\"\n");
  EXPECT_EQ(applied(p, replaceStringValue(p.file, p.find("string", "f\"{x}\""), "norm")),
            "<no edit>");
}

}  // namespace
}  // namespace lightfix
