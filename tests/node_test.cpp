#include "python/node.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/read_file.h"
#include "python/syntax_tree.h"

namespace lightfix {
namespace {

constexpr const char* kSource = R"(import lightning as L

def main(cfg):
    fabric = L.Fabric(strategy=pick(cfg))
    model = build(layers(4))
    for batch in loader():
        fabric.backward(model(batch).sum())

class Loop:
    def step(self):
        return run(lambda: go())
)";

std::vector<std::string> callsBy(TSNode root, std::string_view source) {
  std::vector<std::string> out;
  walkCalls(root, [&](TSNode n) { out.emplace_back(textOf(field(n, "function"), source)); });
  return out;
}

// The first node of `type` in document order.
TSNode firstOfType(TSNode root, const char* type) {
  TSNode found{};
  walk(root, [&](TSNode n) {
    if (isNull(found) && is(n, type)) found = n;
    return isNull(found);
  });
  return found;
}

const std::vector<std::string> kEveryCall = {
    "L.Fabric",         "pick",  "build", "layers", "loader", "fabric.backward",
    "model(batch).sum", "model", "run",   "go"};

TEST(WalkCalls, VisitsEveryCallInDocumentOrderIndexedOrNot) {
  SyntaxTree tree = SyntaxTree::parse(kSource);
  EXPECT_EQ(callsBy(tree.root(), kSource), kEveryCall);
  IndexedWalks indexed(tree.index());
  EXPECT_EQ(callsBy(tree.root(), kSource), kEveryCall);
}

TEST(ConditionalBranches, AreTheTwoValuesNotTheCondition) {
  const std::string source =
      "s = (DeepSpeedStrategy()  # big runs\n"
      "     if args.multi_gpu\n"
      "     else \"auto\")\n";
  SyntaxTree tree = SyntaxTree::parse(source);
  TSNode conditional = firstOfType(tree.root(), "conditional_expression");
  ASSERT_FALSE(isNull(conditional));
  std::vector<std::string> branches;
  for (TSNode b : conditionalBranches(conditional)) branches.emplace_back(textOf(b, source));
  EXPECT_EQ(branches, (std::vector<std::string>{"DeepSpeedStrategy()", "\"auto\""}));
}

TEST(WalkCalls, StaysInsideTheSubtreeItIsGiven) {
  SyntaxTree tree = SyntaxTree::parse(kSource);
  TSNode loop = firstOfType(tree.root(), "class_definition");
  ASSERT_FALSE(isNull(loop));
  std::vector<std::string> inLoop = {"run", "go"};
  EXPECT_EQ(callsBy(loop, kSource), inLoop);
  IndexedWalks indexed(tree.index());
  EXPECT_EQ(callsBy(loop, kSource), inLoop);
}

TEST(NodeIndex, ListsTheCallsAndClosesEachSubtree) {
  SyntaxTree tree = SyntaxTree::parse(kSource);
  const NodeIndex& index = tree.index();
  EXPECT_EQ(index.calls().size(), kEveryCall.size());
  for (uint32_t i : index.calls()) EXPECT_TRUE(is(index.node(i), "call"));
  EXPECT_EQ(index.subtreeEnd(0), index.size());
  EXPECT_EQ(index.parent(0), -1);
  EXPECT_EQ(index.find(tree.root()), 0);
}

// The named children of `n` as tree-sitter counts them, one by one.
std::vector<TSNode> namedChildrenOneByOne(TSNode n) {
  std::vector<TSNode> out;
  for (uint32_t i = 0, count = ts_node_named_child_count(n); i < count; ++i)
    out.push_back(ts_node_named_child(n, i));
  return out;
}

bool sameNodes(const std::vector<TSNode>& a, const std::vector<TSNode>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](TSNode x, TSNode y) {
    return sameNode(x, y) && ts_node_start_byte(x) == ts_node_start_byte(y);
  });
}

// Every node's child in every field of the grammar, and its named children,
// through the index (and, for the children, a cursor) and through
// tree-sitter, in every Python file under `folder`; the differences.
std::vector<std::string> indexDifferences(const std::filesystem::path& folder) {
  std::vector<std::string> out;
  const TSLanguage* language = pythonLanguage();
  auto fields = static_cast<TSFieldId>(ts_language_field_count(language));
  for (const auto& e : std::filesystem::recursive_directory_iterator(folder)) {
    std::string text;
    if (e.path().extension() != ".py" || !readWholeFile(e.path().string(), text)) continue;
    SyntaxTree tree = SyntaxTree::parse(text);
    const NodeIndex& index = tree.index();
    for (uint32_t i = 0; i < index.size(); ++i) {
      TSNode n = index.node(i);
      std::string at = e.path().string() + ":" + std::to_string(ts_node_start_byte(n));
      if (!sameNodes(namedChildren(n), namedChildrenOneByOne(n)))
        out.push_back(at + " children, by a cursor");
      IndexedWalks walks(index);
      if (!sameNodes(namedChildren(n), namedChildrenOneByOne(n)))
        out.push_back(at + " children, from the index");
      for (TSFieldId id = 1; id <= fields; ++id) {
        const char* name = ts_language_field_name_for_id(language, id);
        TSNode indexed = field(n, name);
        TSNode searched = ts_node_child_by_field_id(n, id);
        if (isNull(indexed) != isNull(searched) ||
            (!isNull(indexed) && (!sameNode(indexed, searched) ||
                                  ts_node_start_byte(indexed) != ts_node_start_byte(searched))))
          out.push_back(at + " " + name);
      }
    }
  }
  return out;
}

TEST(NodeIndex, FindsEachFieldAndChildAsTreeSitterDoes) {
  EXPECT_EQ(indexDifferences(LIGHTFIX_TESTDATA), std::vector<std::string>{});
  // LIGHTFIX_FIELD_CORPUS=DIR: the same over another tree (a real repository).
  if (const char* more = std::getenv("LIGHTFIX_FIELD_CORPUS")) {
    EXPECT_EQ(indexDifferences(more), std::vector<std::string>{});
  }
}

}  // namespace
}  // namespace lightfix
