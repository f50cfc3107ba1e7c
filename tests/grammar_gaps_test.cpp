#include "python/grammar_gaps.h"

#include <gtest/gtest.h>

#include <string>

#include "python/syntax_tree.h"

namespace lightfix {
namespace {

// The stand-in of `text`, or `text` itself when nothing needs standing in.
std::string standIn(const std::string& text) { return withoutGrammarGaps(text).value_or(text); }

TEST(GrammarGaps, BlanksTheStarOfABracketedItemInABareExpressionList) {
  EXPECT_EQ(standIn("return x, *(int(v) for v in s)\n"), "return x,  (int(v) for v in s)\n");
  EXPECT_EQ(standIn("y = 1, *[a], 2\n"), "y = 1,  [a], 2\n");
  EXPECT_EQ(standIn("y = 1, * (a)\n"), "y = 1,   (a)\n");
  EXPECT_EQ(standIn("return *(a), 1\n"), "return  (a), 1\n");
  EXPECT_EQ(standIn("x = *(a), 1\n"), "x =  (a), 1\n");
  EXPECT_EQ(standIn("for q in a, *(b):\n    pass\n"), "for q in a,  (b):\n    pass\n");
  EXPECT_EQ(standIn("a, *(b) = c\n"), "a,  (b) = c\n");
}

TEST(GrammarGaps, LeavesWhatTheGrammarReadsAlone) {
  for (const char* text : {
           "f(a, *(b))\n",                       // a call's argument: inside brackets
           "y = (1, *(a))\n",                    // a parenthesized tuple
           "y = [1, *(a)]\n",                    // a list
           "y = 1, *a\n",                        // a starred name
           "y = a *(b)\n",                       // a multiplication
           "y = a, b *(c)\n",                    // a multiplication in a list
           "y = a, b **(c)\n",                   // a power
           "y = a == *(b)\n",                    // not an assignment (and no Python)
           "s = 'a, *(b)'\n",                    // in a string
           "s = \"\"\"\nx = 1, *(b)\n\"\"\"\n",  // in a triple-quoted one
           "# return a, *(b)\n",                 // in a comment
       })
    EXPECT_FALSE(withoutGrammarGaps(text)) << text;
}

TEST(GrammarGaps, AStatementEndsAtANewlineOutsideBrackets) {
  // The second line's `*` follows `(`'s line, not the `,` inside it.
  EXPECT_EQ(standIn("f(a,\n  b)\n*(c), d = e\n"), "f(a,\n  b)\n (c), d = e\n");
  EXPECT_FALSE(withoutGrammarGaps("f(a,\n  *(b))\n"));
  // A continued line is the same statement.
  EXPECT_EQ(standIn("y = a, \\\n  *(b)\n"), "y = a, \\\n   (b)\n");
}

TEST(GrammarGaps, AStringDoesNotHideTheRestOfItsStatement) {
  EXPECT_EQ(standIn("y = 'a(', *(b)\n"), "y = 'a(',  (b)\n");
  EXPECT_EQ(standIn("y = r'\\'', *(b)\n"), "y = r'\\'',  (b)\n");
}

TEST(GrammarGaps, ValidPythonTheGrammarRejectsParsesThroughItsStandIn) {
  // litgpt's scripts/convert_hf_checkpoint.py, as it is.
  std::string text =
      "import re\n\n\ndef layer_template(layer_name: str, num_matches: int = 1) -> tuple[str, "
      "int]:\n"
      "    pattern = r\"\\.(\\d+)\\.\"\n"
      "    if not (search_res := re.findall(pattern, layer_name)):\n"
      "        return layer_name, -1\n"
      "    layer_name_template = re.sub(pattern, \".{}.\", layer_name, count=num_matches)\n"
      "    return layer_name_template, *(int(x) for x in search_res[:num_matches])\n";
  SyntaxTree tree = SyntaxTree::parse(text);
  EXPECT_FALSE(tree.hasError());
  // The tree stands for the file as it is: the item's text is the file's.
  Node ret{};
  walk(tree.root(), [&](Node n) {
    if (is(n, "return_statement")) ret = n;
    return true;
  });
  ASSERT_FALSE(isNull(ret));
  EXPECT_EQ(textOf(ret, text),
            "return layer_name_template, *(int(x) for x in search_res[:num_matches])");
}

TEST(GrammarGaps, InvalidPythonStaysInvalid) {
  EXPECT_TRUE(SyntaxTree::parse("return x, *(a for a in b\n").hasError());
  EXPECT_TRUE(SyntaxTree::parse("y = 1, *(a)\ndef f(:\n    pass\n").hasError());
}

}  // namespace
}  // namespace lightfix
