// `lightfix server` under a real client: Neovim's built-in LSP client,
// headless (tests/neovim/lsp_client.lua), on a workspace of two projects.

#include <gtest/gtest.h>

#include "cli_support.h"
#include "editor_workspace.h"
#include "test_support.h"

namespace {

TEST(NeovimLsp, DiagnosticsQuickFixFixAllAndAYamlEditInAnotherFile) {
  ASSERT_EQ(shell("command -v nvim").exit, 0) << "Neovim is missing: run scripts/bootstrap";
  fs::path dir = lightfix::testing::freshTempDir();
  fs::path root = makeWorkspace(dir / "ws");
  fs::path seen = dir / "seen.txt";
  Result r = shell("cd '" + dir.string() + "' && LIGHTFIX_BIN='" LIGHTFIX_BINARY "' LSP_ROOT='" +
                   root.string() + "' LSP_OUT='" + seen.string() +
                   "' timeout 120 nvim --headless --clean -c 'luafile " +
                   (kSource / "tests/neovim/lsp_client.lua").string() + "' </dev/null");
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(slurp(seen),
            std::string("encoding utf-16\n") + kExamplesDiagnostics +
                "action quickfix Insert `model, optimizer = fabric.setup(model, optimizer)` "
                "(preferred)\n"
                "action quickfix Suppress LF001 on this line\n"
                "action source.fixAll.lightfix lightfix: fix all safe fixes\n"
                "apply Insert `model, optimizer = fabric.setup(model, optimizer)`\n"
                "apply lightfix: fix all safe fixes\n"
                "after\n"
                "cli/model.py:30:13 LF003 error related cli/configs/train.yaml:7\n"
                "exit 0\n");

  // The files the editor wrote are what `lightfix fix` writes.
  fs::path cli = makeWorkspace(dir / "cli-fixed");
  Result fixed = lightfix(cli / "fabric", "fix --no-cache -q .");
  for (const char* name : {"fabric_pretrain.py", "gan_deepspeed.py"})
    EXPECT_EQ(slurp(root / "fabric" / name), slurp(cli / "fabric" / name)) << name;
  EXPECT_NE(slurp(root / "fabric/fabric_pretrain.py"),
            slurp(kSource / "examples/fabric_pretrain.py"));
}

}  // namespace
