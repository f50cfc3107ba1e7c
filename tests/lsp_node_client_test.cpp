// `lightfix server` under a Node client built on vscode-languageserver-protocol
// (tests/lsp_node_client.js), the library VS Code's client is built on.

#include <gtest/gtest.h>

#include "cli_support.h"
#include "editor_workspace.h"
#include "test_support.h"

namespace {

TEST(NodeLspClient, DiagnosticsQuickFixWorkspaceFixAllAndAWatchedYamlConfig) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::path root = makeWorkspace(dir / "ws");
  Result r = shell("NODE_PATH='" LIGHTFIX_NODE_MODULES "' timeout 120 node '" +
                   (kSource / "tests/lsp_node_client.js").string() + "' '" LIGHTFIX_BINARY "' '" +
                   root.string() + "' </dev/null");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out,
            "positionEncoding utf-16\n"
            "register workspace/didChangeWatchedFiles **/*.py **/*.{yaml,yml} **/*.json **/*.sh "
            "**/pyproject.toml **/Makefile\n" +
                std::string(kExamplesDiagnostics) +
                "quickfix Insert `model, optimizer = fabric.setup(model, optimizer)`\n"
                "applyEdit lightfix: fix all: fabric/gan_deepspeed.py\n"
                "after\n"
                "cli/model.py:30:13 LF003 error related cli/configs/train.yaml:7\n"
                "fabric/lit_classifier.py:37:13 LF003 error related fabric/train_classifier.py:47\n"
                "fabric/lit_classifier.py:42:13 LF003 error related fabric/train_classifier.py:47\n"
                "fabric/lit_classifier.py:45:13 LF003 error related fabric/train_classifier.py:47\n"
                "exit 0\n");
  expectFixedAsTheCommandLineFixes(root, dir / "cli-fixed");
}

}  // namespace
