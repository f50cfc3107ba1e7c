// The wheel as users install it: `pip install --no-index` into a fresh
// virtualenv and `pipx install`, then run on the examples; and the binary
// inside checked against the manylinux policy its platform tag claims.

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "cli_support.h"
#include "test_support.h"
#include "wheel_support.h"

namespace {

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// The lines of `text` that match `pattern`, each as its first group.
std::set<std::string> captured(const std::string& text, const std::string& pattern) {
  std::set<std::string> out;
  std::regex re(pattern);
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
    out.insert((*it)[1]);
  return out;
}

class Wheel : public ::testing::Test {
 protected:
  // One wheel for the suite: it is what is under test, not its making.
  static void SetUpTestSuite() {
    dist = fs::temp_directory_path() / ("lightfix-wheel-dist-" + std::to_string(getpid()));
    wheel = buildWheel(dist);
  }
  static void TearDownTestSuite() { fs::remove_all(dist); }
  void SetUp() override {
    ASSERT_FALSE(wheel.empty());
    dir = lightfix::testing::freshTempDir();
    fs::copy(sourceTree() / "examples", dir / "examples", fs::copy_options::recursive);
  }
  static fs::path dist;
  static fs::path wheel;
  fs::path dir;
};
fs::path Wheel::dist;
fs::path Wheel::wheel;

TEST_F(Wheel, InstallsIntoAFreshVirtualenvOfflineAndChecksTheExamples) {
  fs::path venv = dir / "venv";
  Result install = shell("/usr/bin/python3 -m venv " + quoted(venv) + " && " +
                         quoted(venv / "bin" / "pip") + " install -q --no-index " + quoted(wheel));
  ASSERT_EQ(install.exit, 0) << install.out;

  // The same report as the build's own binary, from the wheel's.
  const std::string check = " check --no-cache --output-format concise examples";
  Result installed =
      shell("cd " + quoted(dir) + " && " + quoted(venv / "bin" / "lightfix") + check);
  Result built = shell("cd " + quoted(dir) + " && '" LIGHTFIX_BINARY "'" + check);
  EXPECT_EQ(installed.exit, 1) << installed.out;
  EXPECT_NE(installed.out.find("\nFound 6 errors.\n"), std::string::npos) << installed.out;
  EXPECT_EQ(installed.out, built.out);

  Result module = shell(quoted(venv / "bin" / "python") + " -m lightfix --version");
  EXPECT_EQ(module.out, "lightfix 0.1.0\n");
  EXPECT_EQ(module.exit, 0);

  // clang's builtin headers where the binary looks beside itself, and a C++
  // file compiled with them.
  EXPECT_TRUE(fs::exists(venv / "lib" / "lightfix" / "clang" / "include" / "stddef.h"));
  std::ofstream(dir / "a.cpp") << "#include <stddef.h>\nsize_t n;  // no backward here\n";
  Result cxx = shell("cd " + quoted(dir) + " && " + quoted(venv / "bin" / "lightfix") +
                     " check --no-cache a.cpp -- -std=c++17");
  EXPECT_EQ(cxx.out, "All checks passed!\n");
  EXPECT_EQ(cxx.exit, 0);
}

TEST_F(Wheel, TheBinaryNeedsOnlyWhatItsManylinuxTagAllows) {
  std::smatch tag;
  std::string name = wheel.filename().string();
  ASSERT_TRUE(std::regex_match(
      name, tag, std::regex(R"(lightfix-0\.1\.0-py3-none-manylinux_2_(\d+)_x86_64\.whl)")))
      << name;
  fs::path unpacked = dir / "unpacked";
  ASSERT_EQ(shell("/usr/bin/python3 -m zipfile -e " + quoted(wheel) + " " + quoted(unpacked)).exit,
            0);
  fs::path binary = unpacked / "lightfix-0.1.0.data" / "scripts" / "lightfix";
  ASSERT_TRUE(fs::exists(binary));

  // glibc's libraries and the loader, no others; no RPATH to a build tree.
  Result dynamic = shell("readelf -d " + quoted(binary));
  ASSERT_EQ(dynamic.exit, 0) << dynamic.out;
  EXPECT_EQ(captured(dynamic.out, R"(Shared library: \[([^\]]+)\])"),
            (std::set<std::string>{"ld-linux-x86-64.so.2", "libc.so.6", "libm.so.6"}));
  EXPECT_EQ(dynamic.out.find("RPATH"), std::string::npos);
  EXPECT_EQ(dynamic.out.find("RUNPATH"), std::string::npos);

  // The tag's glibc is the newest the binary asks for: not a version lower.
  Result symbols = shell("objdump -T " + quoted(binary));
  int newest = 0;
  for (const std::string& minor : captured(symbols.out, R"(GLIBC_2\.(\d+))"))
    newest = std::max(newest, std::stoi(minor));
  EXPECT_EQ(newest, std::stoi(tag[1]));
  // Stripped: no symbol table, a third of the build's size.
  EXPECT_EQ(shell("readelf -S " + quoted(binary)).out.find(".symtab"), std::string::npos);
  EXPECT_LT(fs::file_size(binary), fs::file_size(LIGHTFIX_BINARY) / 3);
}

TEST_F(Wheel, PipxPutsItOnPathThroughALink) {
  const std::string env =
      "export PIPX_HOME=" + quoted(dir / "pipx") + " PIPX_BIN_DIR=" + quoted(dir / "bin") + " && ";
  Result install = shell(env + "pipx install --pip-args=--no-index " + quoted(wheel));
  ASSERT_EQ(install.exit, 0) << install.out;
  EXPECT_TRUE(fs::is_symlink(dir / "bin" / "lightfix"));
  // Through the link, the headers beside the real binary are found.
  std::ofstream(dir / "a.cpp") << "#include <stddef.h>\nsize_t n;  // no backward here\n";
  Result cxx = shell("cd " + quoted(dir) + " && bin/lightfix check --no-cache a.cpp -- -std=c++17");
  EXPECT_EQ(cxx.out, "All checks passed!\n");
}

// The version is written once (CMake's project()); the two files a release
// also names it in must say the same, or pre-commit and the Action would
// install another lightfix than the one tagged.
TEST(WheelVersion, ThePreCommitPinAndTheActionDefaultAreTheBinarys) {
  Result binary = shell("'" LIGHTFIX_BINARY "' --version");
  ASSERT_EQ(binary.out.rfind("lightfix ", 0), 0u) << binary.out;
  const std::string version = binary.out.substr(9, binary.out.size() - 10);
  EXPECT_NE(slurp(sourceTree() / "pyproject.toml").find("version = \"" + version + "\"\n"),
            std::string::npos);
  EXPECT_NE(slurp(sourceTree() / "pyproject.toml").find("\"lightfix==" + version + "\""),
            std::string::npos);
  EXPECT_NE(slurp(sourceTree() / "action.yml").find("default: \"" + version + "\"\n"),
            std::string::npos);
}

}  // namespace
