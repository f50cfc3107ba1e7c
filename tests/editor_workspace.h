#pragma once
// The workspace the editor tests open: examples/ as one project, and a
// LightningCLI project whose YAML config chooses `ddp`, as another.

#include <gtest/gtest.h>

#include "cli_support.h"

namespace {

inline const fs::path kSource = fs::path(LIGHTFIX_TESTDATA).parent_path();

// examples/ as one project; a LightningCLI project whose YAML config
// chooses `ddp`, as another.
inline fs::path makeWorkspace(const fs::path& root) {
  fs::create_directories(root / "fabric");
  for (const fs::directory_entry& e : fs::directory_iterator(kSource / "examples"))
    if (e.path().extension() == ".py")
      fs::copy_file(e.path(), root / "fabric" / e.path().filename());
  fs::copy(kSource / "testdata/projects/lightning_cli_yaml_strategy/input", root / "cli",
           fs::copy_options::recursive);
  std::ofstream(root / "fabric/pyproject.toml");
  std::ofstream(root / "cli/pyproject.toml");
  fs::path config = root / "cli/configs/train.yaml";
  std::string yaml = slurp(config);
  yaml.replace(yaml.find("strategy: deepspeed_stage_2"), 27, "strategy: ddp");
  std::ofstream(config, std::ios::binary) << yaml;
  return root;
}

// examples/' findings as both clients print them: file:line:column, code,
// severity and the line that chose DeepSpeed.
constexpr const char* kExamplesDiagnostics =
    "fabric/fabric_pretrain.py:64:13 LF001 error related fabric/fabric_pretrain.py:42\n"
    "fabric/gan_deepspeed.py:69:13 LF002 error related fabric/gan_deepspeed.py:46\n"
    "fabric/gan_deepspeed.py:75:13 LF002 error related fabric/gan_deepspeed.py:46\n"
    "fabric/lit_classifier.py:37:13 LF003 error related fabric/train_classifier.py:47\n"
    "fabric/lit_classifier.py:42:13 LF003 error related fabric/train_classifier.py:47\n"
    "fabric/lit_classifier.py:45:13 LF003 error related fabric/train_classifier.py:47\n";

// The files an editor fixed (LF001's quick fix in fabric_pretrain.py, a
// fix-all in gan_deepspeed.py) are what `lightfix fix` writes in a fresh
// workspace at `other`.
inline void expectFixedAsTheCommandLineFixes(const fs::path& root, const fs::path& other) {
  fs::path cli = makeWorkspace(other);
  Result fixed = lightfix(cli / "fabric", "fix --no-cache -q .");
  EXPECT_EQ(fixed.exit, 1) << fixed.out;  // the unsafe LF003s are left
  for (const char* name : {"fabric_pretrain.py", "gan_deepspeed.py"})
    EXPECT_EQ(slurp(root / "fabric" / name), slurp(cli / "fabric" / name)) << name;
  EXPECT_NE(slurp(root / "fabric/fabric_pretrain.py"),
            slurp(kSource / "examples/fabric_pretrain.py"));
}

}  // namespace
