// Crash logs in testdata/logs/, against the bundled examples: `explain --log`
// prints exactly `<name>.expected` (stdout and stderr, then `[exit N]`), and
// `fix --from-log` on a copy changes exactly the one file `<name>.fixed`
// names (its first line) to exactly the text that follows, or nothing: the
// logged place and the same rule's other places on the run's path (a GAN's
// second backward), printing `<name>.fixout` exactly.

#include <gtest/gtest.h>

#include "cli_support.h"
#include "test_support.h"

namespace {

const fs::path kRoot = fs::path(LIGHTFIX_TESTDATA).parent_path();

std::vector<std::string> logNames() {
  std::vector<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(kRoot / "testdata/logs"))
    if (e.path().extension() == ".log") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

class CrashLog : public ::testing::TestWithParam<std::string> {};

TEST_P(CrashLog, ExplainPrintsTheExpectedText) {
  std::string log = "testdata/logs/" + GetParam() + ".log";
  Result r = lightfix(kRoot, "explain --no-color --log " + log + " examples");
  EXPECT_EQ(r.out + "[exit " + std::to_string(r.exit) + "]\n",
            slurp(kRoot / "testdata/logs" / (GetParam() + ".expected")));
}

TEST_P(CrashLog, FixFromLogFixesTheLoggedPlaceAndTheRunsPath) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::copy(kRoot / "examples", dir / "examples", fs::copy_options::recursive);
  Result r =
      lightfix(dir, "fix --unsafe-fixes --no-color --from-log '" +
                        (kRoot / "testdata/logs" / (GetParam() + ".log")).string() + "' examples");
  fs::path expectedPath = kRoot / "testdata/logs" / (GetParam() + ".fixed");
  std::string expected = fs::exists(expectedPath) ? slurp(expectedPath) : "";
  std::string changedFile = expected.substr(0, expected.find('\n'));
  for (const fs::directory_entry& e : fs::directory_iterator(kRoot / "examples")) {
    std::string name = "examples/" + e.path().filename().string();
    std::string now = slurp(dir / name);
    if (name == changedFile)
      EXPECT_EQ(now, expected.substr(expected.find('\n') + 1)) << name;
    else
      EXPECT_EQ(now, slurp(e.path())) << name << " changed:\n" << r.out;
  }
  EXPECT_EQ(r.exit, changedFile.empty() ? 1 : 0) << r.out;
  fs::path fixout = kRoot / "testdata/logs" / (GetParam() + ".fixout");
  if (fs::exists(fixout)) {
    EXPECT_EQ(r.out + "[exit " + std::to_string(r.exit) + "]\n", slurp(fixout));
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Logs, CrashLog, ::testing::ValuesIn(logNames()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace

namespace {

// `fabric run --strategy deepspeed train.py`: the code never names the
// strategy, the crash proves it.
TEST(CrashLogProject, TheLogShowsDeepSpeedWhereTheSourceLeavesItOpen) {
  fs::path dir = lightfix::testing::freshTempDir();
  std::ofstream(dir / "train.py") << "import lightning as L\n"
                                     "import torch\n"
                                     "\n"
                                     "fabric = L.Fabric()\n"
                                     "fabric.launch()\n"
                                     "g, d = torch.nn.Linear(2, 2), torch.nn.Linear(2, 2)\n"
                                     "opt_g = torch.optim.SGD(g.parameters())\n"
                                     "g, opt_g = fabric.setup(g, opt_g)\n"
                                     "d = fabric.setup(d)\n"
                                     "loss = d(g(torch.randn(2))).sum()\n"
                                     "fabric.backward(loss)\n"
                                     "opt_g.step()\n";
  std::ofstream(dir / "crash.log")
      << "[rank0]: Traceback (most recent call last):\n"
         "[rank0]:   File \"/job/train.py\", line 11, in <module>\n"
         "[rank0]:     fabric.backward(loss)\n"
         "[rank0]:   File \"/opt/venv/lib/python3.12/site-packages/lightning/fabric/fabric.py\", "
         "line 512, in backward\n"
         "[rank0]: ValueError: When using multiple models + deepspeed, please provide the model "
         "used to perform the optimization: `self.backward(loss, model=model)`\n";
  EXPECT_EQ(lightfix(dir, "check -q train.py").exit, 0);  // nothing to see in the source
  Result explained = lightfix(dir, "explain --no-color --log crash.log .");
  EXPECT_EQ(explained.exit, 0) << explained.out;
  EXPECT_NE(explained.out.find("the log shows DeepSpeed ran"), std::string::npos) << explained.out;
  EXPECT_NE(explained.out.find("train.py:11:1: error[LF002]"), std::string::npos) << explained.out;
  EXPECT_EQ(lightfix(dir, "fix --from-log crash.log .").exit, 0);
  EXPECT_NE(slurp(dir / "train.py").find("fabric.backward(loss, model=g)\n"), std::string::npos)
      << slurp(dir / "train.py");
  fs::remove_all(dir);
}

}  // namespace
