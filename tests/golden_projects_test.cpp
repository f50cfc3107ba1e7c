// Golden multi-file projects: testdata/projects/<name>/ holds
//   input/               the project, checked as `lightfix check .` from inside it
//   expected.findings    the exact concise report
//   fixed/<path>         each file as `lightfix fix --unsafe-fixes .` leaves it
//                        (a file not under fixed/ must not change)
//   remaining.findings   optional: the report after fixing (default: none)
//   args                 optional: flags added to every run
// Fixing a second time must change nothing.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include "golden_support.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using lightfix::golden::readFile;
using lightfix::golden::run;

std::vector<fs::path> filesUnder(const fs::path& root) {
  std::vector<fs::path> files;
  if (!fs::exists(root)) return files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) files.push_back(fs::relative(e.path(), root));
  std::sort(files.begin(), files.end());
  return files;
}

struct Project {
  fs::path dir;
};

void PrintTo(const Project& p, std::ostream* os) { *os << p.dir.string(); }

std::vector<Project> allProjects() {
  std::vector<Project> projects;
  fs::path root = fs::path(LIGHTFIX_TESTDATA) / "projects";
  if (!fs::exists(root)) return projects;
  for (const auto& d : fs::directory_iterator(root))
    if (d.is_directory()) projects.push_back({d.path()});
  std::sort(projects.begin(), projects.end(),
            [](const Project& a, const Project& b) { return a.dir < b.dir; });
  return projects;
}

class GoldenProject : public ::testing::TestWithParam<Project> {};

TEST_P(GoldenProject, ReportAndFixAreExact) {
  const fs::path dir = GetParam().dir;
  const fs::path input = dir / "input";
  ASSERT_TRUE(fs::exists(input)) << "missing " << input;
  ASSERT_TRUE(fs::exists(dir / "expected.findings")) << "missing expected.findings in " << dir;
  std::string args = fs::exists(dir / "args") ? readFile(dir / "args") : "";
  while (!args.empty() && (args.back() == '\n' || args.back() == ' ')) args.pop_back();
  const std::string check = "check --output-format concise --quiet --no-color --exit-zero " + args;

  fs::path tmp = fs::temp_directory_path() /
                 ("lightfix-project-" + dir.filename().string() + "-" + std::to_string(getpid()));
  fs::remove_all(tmp);
  fs::copy(input, tmp, fs::copy_options::recursive);
  const fs::path cache = tmp.string() + "-cache";
  fs::remove_all(cache);
  const std::string cached = check + " --cache-dir '" + cache.string() + "' .";

  EXPECT_EQ(run(tmp, cached), readFile(dir / "expected.findings")) << "report of " << dir;
  EXPECT_EQ(run(tmp, cached), readFile(dir / "expected.findings"))
      << "report of " << dir << " from the result cache";
  EXPECT_EQ(run(tmp, check + " .", lightfix::golden::kNoPrefilter),
            readFile(dir / "expected.findings"))
      << "report of " << dir << " without the prefilter";

  run(tmp, "fix --unsafe-fixes --quiet --exit-zero " + args + " .");
  for (const fs::path& rel : filesUnder(input)) {
    fs::path expected = fs::exists(dir / "fixed" / rel) ? dir / "fixed" / rel : input / rel;
    EXPECT_EQ(readFile(tmp / rel), readFile(expected)) << rel << " after fixing " << dir;
  }
  for (const fs::path& rel : filesUnder(dir / "fixed"))
    EXPECT_TRUE(fs::exists(input / rel)) << "fixed/" << rel << " has no input file";
  std::string remaining =
      fs::exists(dir / "remaining.findings") ? readFile(dir / "remaining.findings") : "";
  EXPECT_EQ(run(tmp, check + " ."), remaining) << "report after fixing " << dir;
  // The fixed files are new bytes: the cached report of the old ones is not used.
  EXPECT_EQ(run(tmp, cached), remaining) << "report after fixing " << dir << ", cache given";

  // A second fix changes nothing.
  std::vector<std::string> once;
  for (const fs::path& rel : filesUnder(tmp)) once.push_back(readFile(tmp / rel));
  run(tmp, "fix --unsafe-fixes --quiet --exit-zero " + args + " .");
  std::vector<std::string> twice;
  for (const fs::path& rel : filesUnder(tmp)) twice.push_back(readFile(tmp / rel));
  EXPECT_EQ(once, twice) << "second fix of " << dir << " changed it";
  fs::remove_all(tmp);
  fs::remove_all(cache);
}

INSTANTIATE_TEST_SUITE_P(Projects, GoldenProject, ::testing::ValuesIn(allProjects()),
                         [](const ::testing::TestParamInfo<Project>& p) {
                           std::string n = p.param.dir.filename().string();
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenProject);

}  // namespace
