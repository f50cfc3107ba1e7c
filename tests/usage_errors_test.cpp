// Bad flags and a bad `[tool.lightfix]`: one line saying what is wrong, exit
// 2, nothing checked and nothing written.

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "robustness_support.h"

namespace {

class UsageError : public BesideAGoodFile {
 protected:
  void expectRefused(const std::string& args, const std::string& message) {
    Result r = lightfix(dir, args);
    EXPECT_EQ(r.out, "lightfix: " + message + "\n") << args;
    EXPECT_EQ(r.exit, 2) << args;
    EXPECT_EQ(slurp(dir / "good.py"), kFaulty) << args;
  }
};

TEST_F(UsageError, BadFlags) {
  expectRefused("fix --no-such-flag .",
                "The following argument was not expected: --no-such-flag (see `lightfix --help`)");
  expectRefused("fix --output-format xml .",
                "--output-format: xml not in "
                "{full,concise,json,json-lines,github,junit,rdjson,rdjsonl,sarif} (see `lightfix "
                "--help`)");
  expectRefused("fix -j abc .",
                "--jobs: abc is not a number of threads (1 or more) (see `lightfix --help`)");
  expectRefused("fix -j 0 .",
                "--jobs: 0 is not a number of threads (1 or more) (see `lightfix --help`)");
  expectRefused("fix --max-file-size 10XB .",
                "--max-file-size 10XB: not a size (such as 10MB, 512KB or a number of bytes)");
  expectRefused("fix --select LF999 .", "unknown rule code `LF999` in --select");
  expectRefused("fix --target-strategy ddp .",
                "--target-strategy: ddp not in {deepspeed} (see `lightfix --help`)");
  expectRefused("fix -i --diff .", "--diff excludes --interactive (see `lightfix --help`)");
  expectRefused("frobnicate",
                "unknown command `frobnicate` (commands: check, fix, rules, report, explain, server) (see "
                "`lightfix --help`)");
  expectRefused("", "A subcommand is required (see `lightfix --help`)");
  expectRefused("fix --select LX .", "unknown rule code `LX` in --select");
  expectRefused("fix --config nope.toml .",
                "nope.toml: cannot read file: No such file or directory");
}

TEST_F(UsageError, MalformedPyproject) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[tool.lightfix]\nignore = [\n",
       "pyproject.toml:2: Error while parsing array: encountered end-of-file"},
      {"[tool.lightfix]\nselect = \"LF001\"\n",
       "pyproject.toml: [tool.lightfix] `select` must be an array of strings"},
      {"[tool.lightfix]\nselect = [\"LF999\"]\n",
       "pyproject.toml: unknown rule code `LF999` in [tool.lightfix] `select`"},
      {"[tool.lightfix]\ntarget-strategy = 3\n",
       "pyproject.toml: [tool.lightfix] `target-strategy` must be \"deepspeed\""},
      {"[tool.lightfix]\nselcet = [\"LF001\"]\n",
       "pyproject.toml: [tool.lightfix] unknown key `selcet`"},
      {"[tool.lightfix]\nper-file-ignores = {\"a\" = \"LF001\"}\n",
       "pyproject.toml: [tool.lightfix] `per-file-ignores` must map each pattern to an array of "
       "rule codes"},
      {"[tool.lightfix]\nmax-file-size = \"big\"\n",
       "pyproject.toml: [tool.lightfix] `max-file-size` must be a size such as \"10MB\" or a "
       "number of bytes"},
  };
  for (const auto& [text, message] : cases) {
    write("pyproject.toml", text);
    expectRefused("fix --config pyproject.toml .", message);
  }
}

}  // namespace
