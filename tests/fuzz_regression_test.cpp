// Inputs from the fuzzer (fuzz/): testdata/fuzz/<name>.py, any input that
// crashed, leaked or hung it, and samples of its corpus that reach the fix
// rounds (mutated examples, stray bytes), go through the same pipeline,
// which must finish with exactly the outcome in <name>.py.outcome; and
// through the binary, every file parsed, which must exit as for any file:
// 2 for bytes Python refuses, 1 with findings or a syntax error, else 0.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_support.h"
#include "python_pipeline.h"

namespace {

std::vector<std::string> fuzzCases() {
  std::vector<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(LIGHTFIX_TESTDATA "/fuzz"))
    if (e.path().extension() == ".py") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

// "parsed 1, findings 2, applied 1, remaining 0".
std::string summaryOf(const lightfix::PipelineOutcome& o) {
  if (!o.refused.empty()) return "refused: " + o.refused + "\n";
  return "parsed " + std::to_string(o.parsed) + ", findings " + std::to_string(o.findings) +
         ", applied " + std::to_string(o.applied) + ", remaining " + std::to_string(o.remaining) +
         "\n";
}

class FuzzRegression : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzRegression, PipelineFinishesAsExpected) {
  const fs::path input = fs::path(LIGHTFIX_TESTDATA) / "fuzz" / (GetParam() + ".py");
  EXPECT_EQ(summaryOf(lightfix::runPythonPipeline(slurp(input))),
            slurp(input.string() + ".outcome"));
}

TEST_P(FuzzRegression, BinaryExitsNormally) {
  const fs::path input = fs::path(LIGHTFIX_TESTDATA) / "fuzz" / (GetParam() + ".py");
  Result r = shell("cd '" + input.parent_path().string() + "' && LIGHTFIX_NO_PREFILTER=1 '" +
                   LIGHTFIX_BINARY "' check --quiet --no-color --output-format concise '" +
                   input.filename().string() + "'");
  lightfix::PipelineOutcome o = lightfix::runPythonPipeline(slurp(input));
  int expected = !o.refused.empty() ? 2 : !o.parsed || o.findings > 0 ? 1 : 0;
  EXPECT_EQ(r.exit, expected) << r.out;
}

INSTANTIATE_TEST_SUITE_P(Inputs, FuzzRegression, ::testing::ValuesIn(fuzzCases()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

}  // namespace
