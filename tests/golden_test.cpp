// The golden runner: every testdata/<CODE>/<case>.py is checked and fixed by
// lightfix's command line, run in this process, and the exact report and fixed text are compared
// with <case>.py.findings and <case>.py.fixed. testdata/clean/ must produce nothing. A case whose
// first line is `# args: …` adds those flags. C++ cases (.cpp, rules LT…) are compiled against
// libtorch's headers.

#include <gtest/gtest.h>

#include "golden_support.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using lightfix::golden::readFile;
using lightfix::golden::run;

bool isCxx(const fs::path& input) { return input.extension() == ".cpp"; }

std::string extraArgs(const fs::path& input, const std::string& text) {
  const std::string prefix = isCxx(input) ? "// args: " : "# args: ";
  std::string args;
  if (text.rfind(prefix, 0) == 0)
    args = text.substr(prefix.size(), text.find('\n') - prefix.size());
  if (isCxx(input)) args += " -- " LIGHTFIX_TORCH_FLAGS;
  return args;
}

struct Case {
  fs::path input;
  std::string name() const {
    std::string n = input.parent_path().filename().string() + "_" + input.stem().string();
    for (char& c : n)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return n;
  }
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.input.string(); }

std::vector<Case> allCases() {
  std::vector<Case> cases;
  for (const auto& dir : fs::directory_iterator(LIGHTFIX_TESTDATA)) {
    if (!dir.is_directory()) continue;
    // A rule's cases (LF001/, LT001/) or clean/; other folders have their own runners.
    const std::string name = dir.path().filename().string();
    bool ruleDir = name.size() == 5 && std::isupper(static_cast<unsigned char>(name[0])) &&
                   std::isdigit(static_cast<unsigned char>(name[2]));
    if (!ruleDir && name != "clean") continue;
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.path().extension() == ".py" || isCxx(f.path())) cases.push_back({f.path()});
  }
  std::sort(cases.begin(), cases.end(),
            [](const Case& a, const Case& b) { return a.input < b.input; });
  return cases;
}

class Golden : public ::testing::TestWithParam<Case> {};

TEST_P(Golden, ReportAndFixAreExact) {
  const fs::path input = GetParam().input;
  const fs::path dir = input.parent_path();
  const std::string file = input.filename().string();
  const std::string original = readFile(input);
  const std::string args = extraArgs(input, original);
  const bool clean = dir.filename() == "clean";

  const fs::path findingsFile = input.string() + ".findings";
  const fs::path fixedFile = input.string() + ".fixed";
  if (clean) {
    EXPECT_FALSE(fs::exists(findingsFile)) << "clean cases have no findings file";
  } else {
    ASSERT_TRUE(fs::exists(findingsFile)) << "missing " << findingsFile;
  }
  const std::string expectedFindings = clean ? "" : readFile(findingsFile);
  fs::path tmp = fs::temp_directory_path() /
                 ("lightfix-golden-" + GetParam().name() + "-" + std::to_string(getpid()));
  fs::remove_all(tmp);
  // A case is a project of its own: checked in place, it would be checked
  // within this repository (a file named is checked in its project).
  const fs::path work = tmp / "case";
  fs::create_directories(work);
  fs::copy_file(input, work / file);
  // Checked once into an empty result cache, then (Python: C++ is never
  // cached) answered from it. `args` last: after `--` come compiler flags.
  const std::string check = "check --output-format concise --quiet --no-color --exit-zero " +
                            std::string("--cache-dir '") + (tmp / "cache").string() + "' " + file +
                            " " + args;
  const std::string report = run(work, check);
  EXPECT_EQ(report, expectedFindings) << "report of " << input;
  if (!isCxx(input)) {
    EXPECT_EQ(run(work, check), report) << "report of " << input << " from the result cache";
  }
  // The prefilter never drops a finding (C++ cases: a compile per case is enough).
  if (!isCxx(input)) {
    EXPECT_EQ(
        run(work,
            "check --output-format concise --quiet --no-color --exit-zero " + file + " " + args,
            lightfix::golden::kNoPrefilter),
        report)
        << "report of " << input << " without the prefilter";
  }

  // Fix the copy; compare with the expected fixed text (or the input).
  run(work, "fix --unsafe-fixes --quiet --exit-zero " + file + " " + args);
  const std::string fixed = readFile(work / file);
  const std::string expectedFixed = fs::exists(fixedFile) ? readFile(fixedFile) : original;
  EXPECT_EQ(fixed, expectedFixed) << "fixed text of " << input;

  // A C++ case compiles the fixed text twice more; the sanitized build has
  // run the code of both already (it is there for memory errors).
  if (isCxx(input) && LIGHTFIX_SANITIZED) {
    fs::remove_all(tmp);
    return;
  }
  if (fs::exists(fixedFile)) {
    EXPECT_EQ(run(work, "check --output-format concise --quiet --no-color --exit-zero " + file +
                            " " + args),
              "")
        << "the fixed output of " << input << " must check clean";
  }
  // Fixing twice changes nothing the second time.
  run(work, "fix --unsafe-fixes --quiet --exit-zero " + file + " " + args);
  EXPECT_EQ(readFile(work / file), fixed) << "second fix of " << input << " changed it";
  fs::remove_all(tmp);
}

INSTANTIATE_TEST_SUITE_P(Testdata, Golden, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<Case>& p) { return p.param.name(); });

}  // namespace
