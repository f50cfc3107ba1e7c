#include "driver/import_scan.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "golden_support.h"
#include "test_support.h"

namespace lightfix {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> namesOf(std::string_view text) {
  std::vector<std::string> out;
  for (const LexicalImport& i : lexicalImports(text)) out.push_back(i.star ? "*" + i.name : i.name);
  return out;
}

TEST(ImportScan, ReadsWhatEachFormOfImportBinds) {
  EXPECT_EQ(namesOf("import a.b.c\n"
                    "import a.b as c, d\n"
                    "from ..pkg import (x,\n"
                    "    y as z)\n"
                    "from . import m\n"
                    "from .m import *\n"
                    "from lightning.pytorch import Trainer; import os\n"),
            (std::vector<std::string>{"a", "a.b", "d", "..pkg.x", "..pkg.y", ".m", "*.m",
                                      "lightning.pytorch.Trainer", "os"}));
}

TEST(ImportScan, AStatementAnywhereInTheCodeCountsButNotInStringsOrComments) {
  EXPECT_EQ(namesOf("def main():\n"
                    "    if ok: import deepspeed\n"
                    "    s = 'import fake'  # import fake2\n"
                    "    t = \"\"\"\nfrom fake3 import x\n\"\"\"\n"
                    "from pkg.sub \\\n"
                    "    import thing\n"),
            (std::vector<std::string>{"deepspeed", "pkg.sub.thing"}));
}

TEST(ImportScan, AByteOrderMarkIsNoPartOfTheFirstName) {
  EXPECT_EQ(namesOf("\xEF\xBB\xBFimport lightning as L\n"),
            (std::vector<std::string>{"lightning"}));
}

TEST(ImportScan, FromInOtherStatementsIsNoImport) {
  EXPECT_EQ(namesOf("def g():\n"
                    "    yield from gen\n"
                    "    raise ValueError() from err\n"
                    "import real\n"),
            (std::vector<std::string>{"real"}));
}

TEST(ImportScan, LightningPackagesAreLightningsAndDeepSpeeds) {
  EXPECT_TRUE(isLightningPackage("lightning"));
  EXPECT_TRUE(isLightningPackage("lightning.pytorch.Trainer"));
  EXPECT_TRUE(isLightningPackage("pytorch_lightning.strategies"));
  EXPECT_TRUE(isLightningPackage("lightning_fabric.Fabric"));
  EXPECT_TRUE(isLightningPackage("deepspeed.ops.adam"));
  EXPECT_FALSE(isLightningPackage("lightning_utilities.core"));
  EXPECT_FALSE(isLightningPackage(".lightning"));
  EXPECT_FALSE(isLightningPackage("torch.optim"));
}

// What the parsed file's imports name, each module and its parent, is what
// the lexical names give: on every golden case and project file.
TEST(ImportScan, NamesWhatTheParsedImportsNameOnEveryGoldenFile) {
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(LIGHTFIX_TESTDATA)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".py") continue;
    if (entry.path().string().find("/fuzz/") != std::string::npos) continue;
    std::string text = golden::readFile(entry.path());
    testing::Parsed parsed(text);
    if (parsed.tree.hasError()) continue;
    ++files;
    std::vector<std::string> modules = parsed.model.imports().importedModules();
    std::set<std::string> fromTree(modules.begin(), modules.end());
    std::set<std::string> lexical;
    for (const LexicalImport& i : lexicalImports(text)) {
      lexical.insert(i.name);
      size_t dot = i.name.rfind('.');
      if (!i.star && dot != std::string::npos && dot > 0) lexical.insert(i.name.substr(0, dot));
    }
    EXPECT_EQ(lexical, fromTree) << entry.path();
  }
  EXPECT_GT(files, 300u);
}

}  // namespace
}  // namespace lightfix
