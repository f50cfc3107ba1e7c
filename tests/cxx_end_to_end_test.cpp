// A libtorch trainer with two faults, built and run for real before and
// after `lightfix fix`: the faulty build throws on a skipped batch (LT002)
// and trains on accumulated gradients (LT001); the fixed one compiles, runs
// both ways, and its loss goes down.

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "cli_support.h"

namespace {

// `step loss` lines: the losses.
std::vector<double> losses(const std::string& trace) {
  std::vector<double> out;
  std::istringstream in(trace);
  int step = 0;
  double loss = 0;
  while (in >> step >> loss) out.push_back(loss);
  return out;
}

std::string build(const fs::path& dir, const std::string& source, const std::string& binary) {
  return LIGHTFIX_TORCH_COMPILE " '" + (dir / source).string() + "' -o '" +
         (dir / binary).string() + "' -ltorch -ltorch_cpu -lc10";
}

TEST(CxxEndToEnd, AFaultyTrainerFixedByLightfixCompilesAndRuns) {
  fs::path dir = fs::temp_directory_path() / ("lightfix-cxx-e2e-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(fs::path(LIGHTFIX_TESTDATA) / "cxx_trainer" / "trainer.cpp", dir / "trainer.cpp");
  fs::copy_file(dir / "trainer.cpp", dir / "faulty.cpp");
  const std::string flags = " -- " LIGHTFIX_TORCH_FLAGS;

  Result check = lightfix(dir, "check --output-format concise -q --no-color trainer.cpp" + flags);
  EXPECT_EQ(check.exit, 1) << check.out;
  EXPECT_NE(check.out.find("trainer.cpp:28:5: error[LT001]"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("trainer.cpp:14:36: error[LT002]"), std::string::npos) << check.out;

  Result fix = lightfix(dir, "fix --unsafe-fixes trainer.cpp" + flags);
  EXPECT_EQ(fix.exit, 0) << fix.out;
  EXPECT_EQ(lightfix(dir, "check -q trainer.cpp" + flags).exit, 0);
  EXPECT_EQ(slurp(dir / "trainer.cpp"),
            slurp(fs::path(LIGHTFIX_TESTDATA) / "cxx_trainer" / "trainer.cpp.fixed"));

  // Both builds at once: each takes the compiler some 15 s.
  Result built = shell("(" + build(dir, "faulty.cpp", "faulty") + ") & (" +
                       build(dir, "trainer.cpp", "fixed") + ") && wait $!");
  ASSERT_EQ(built.exit, 0) << built.out;
  ASSERT_TRUE(fs::exists(dir / "faulty") && fs::exists(dir / "fixed")) << built.out;

  Result skipping = shell("'" + (dir / "faulty").string() + "' --skip-empty");
  EXPECT_NE(skipping.exit, 0);
  EXPECT_NE(skipping.out.find("cannot call get_autograd_meta() on undefined tensor"),
            std::string::npos)
      << skipping.out;
  Result fixedSkipping = shell("'" + (dir / "fixed").string() + "' --skip-empty");
  EXPECT_EQ(fixedSkipping.exit, 0) << fixedSkipping.out;
  EXPECT_EQ(losses(fixedSkipping.out).size(), 12u) << fixedSkipping.out;

  Result faulty = shell("'" + (dir / "faulty").string() + "'");
  Result fixed = shell("'" + (dir / "fixed").string() + "'");
  ASSERT_EQ(faulty.exit, 0) << faulty.out;
  ASSERT_EQ(fixed.exit, 0) << fixed.out;
  std::vector<double> before = losses(faulty.out);
  std::vector<double> after = losses(fixed.out);
  ASSERT_EQ(before.size(), 12u) << faulty.out;
  ASSERT_EQ(after.size(), 12u) << fixed.out;
  EXPECT_NE(before, after) << "zeroing the gradients changes the training";
  // Fixed, it learns: the last losses are far below the first.
  EXPECT_LT(after.back(), after.front() / 10) << fixed.out;
  fs::remove_all(dir);
}

}  // namespace
