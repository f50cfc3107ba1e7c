#include "model/installed_classes.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "test_support.h"

namespace lightfix {
namespace {

namespace fs = std::filesystem;

// A virtualenv in a fresh folder, with `files` (relative to site-packages).
fs::path environment(const std::vector<std::pair<std::string, std::string>>& files) {
  fs::path env = testing::freshTempDir() / "venv";
  fs::path site = env / "lib" / "python3.11" / "site-packages";
  fs::create_directories(env / "bin");
  std::ofstream(env / "bin" / "python") << "";
  for (const auto& [path, text] : files) {
    fs::create_directories((site / path).parent_path());
    std::ofstream(site / path) << text;
  }
  return env;
}

std::string lightningModuleOf(const InstalledClasses& installed, const std::string& name) {
  std::optional<InstalledClass> c = installed.lookup(name);
  if (!c) return "unknown";
  if (!c->lightningModule) return "other";
  return c->manualOptimization ? "manual" : "automatic";
}

TEST(InstalledClasses, SitePackagesFromTheFolderOrTheInterpreter) {
  fs::path env = environment({{"pkg/__init__.py", ""}});
  std::vector<std::string> site = InstalledClasses::sitePackagesOf(env.string());
  ASSERT_EQ(site.size(), 1u);
  EXPECT_EQ(site[0], (env / "lib" / "python3.11" / "site-packages").string());
  EXPECT_EQ(InstalledClasses::sitePackagesOf((env / "bin" / "python").string()), site);
  EXPECT_TRUE(InstalledClasses::sitePackagesOf((env / "nowhere").string()).empty());
}

TEST(InstalledClasses, FollowsBasesAndReExportsToLightning) {
  fs::path env = environment({
      {"fancy/__init__.py", "from .nn.models import Fancy as Fancy\nfrom . import nn\n"},
      {"fancy/nn/__init__.py", ""},
      {"fancy/nn/models.py",
       "import lightning.pytorch as pl\n"
       "from ..base import Root\n"
       "raise SystemExit('never run')\n"
       "class Fancy(Root):\n    pass\n"
       "class Manual(Fancy):\n    automatic_optimization = False\n"
       "class Plain(object):\n    pass\n"},
      {"fancy/base.py",
       "from lightning.pytorch import LightningModule\n"
       "class Root(LightningModule):\n    pass\n"},
      {"loop/__init__.py", "from .b import B as A\n"},
      {"loop/b.py", "from . import A as B\n"},
  });
  InstalledClasses installed(InstalledClasses::sitePackagesOf(env.string()));
  EXPECT_EQ(lightningModuleOf(installed, "fancy.Fancy"), "automatic");
  EXPECT_EQ(lightningModuleOf(installed, "fancy.nn.models.Manual"), "manual");
  EXPECT_EQ(lightningModuleOf(installed, "fancy.nn.models.Plain"), "other");
  EXPECT_EQ(lightningModuleOf(installed, "fancy.Missing"), "unknown");
  EXPECT_EQ(lightningModuleOf(installed, "absent.Module"), "unknown");
  // Re-exports that loop end within the budget.
  EXPECT_EQ(lightningModuleOf(installed, "loop.A"), "unknown");
  // Lightning's own classes need no environment.
  EXPECT_EQ(lightningModuleOf(InstalledClasses({}), "lightning.pytorch.LightningModule"),
            "automatic");
}

TEST(InstalledClasses, TheEnvironmentIsConfiguredActiveOrTheProjects) {
  fs::path dir = testing::freshTempDir();
  fs::create_directories(dir / ".venv" / "lib");
  unsetenv("VIRTUAL_ENV");
  unsetenv("CONDA_PREFIX");
  EXPECT_EQ(findPythonEnvironment("", "", dir.string()), (dir / ".venv").string());
  EXPECT_EQ(findPythonEnvironment("env/bin/python", dir.string(), dir.string()),
            (dir / "env" / "bin" / "python").string());
  setenv("VIRTUAL_ENV", "/opt/active", 1);
  EXPECT_EQ(findPythonEnvironment("", "", dir.string()), (dir / ".venv").string());
  EXPECT_EQ(findPythonEnvironment("", "", (dir / "empty").string()), "/opt/active");
  // A conda environment, when no virtualenv is active.
  setenv("CONDA_PREFIX", "/opt/conda/envs/geo", 1);
  EXPECT_EQ(findPythonEnvironment("", "", (dir / "empty").string()), "/opt/active");
  unsetenv("VIRTUAL_ENV");
  EXPECT_EQ(findPythonEnvironment("", "", (dir / "empty").string()), "/opt/conda/envs/geo");
  unsetenv("CONDA_PREFIX");
  EXPECT_EQ(findPythonEnvironment("", "", (dir / "empty").string()), "");
}

}  // namespace
}  // namespace lightfix
