#pragma once
// What the golden runners share: reading a file whole and running lightfix's
// command line in a directory, inside the test process (the binary itself
// is tested end to end by the CLI tests).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace lightfix::golden {

// Makes every file parsed and checked: the findings must not change.
constexpr const char* kNoPrefilter = "LIGHTFIX_NO_PREFILTER=1";

inline std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Words as the shell splits them: at blanks, with '…' quoting.
inline std::vector<std::string> shellWords(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (inWord) words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return words;
}

// Runs `lightfix <args>` in `dir`, its stdout and stderr in one string; any
// exit but 0 fails the test (every call passes --exit-zero), since a failed
// fix would leave the file as it was and pass for clean. `env` is one
// `NAME=value`, set for this run only.
inline std::string run(const std::filesystem::path& dir, const std::string& args,
                       const std::string& env = "") {
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  std::string name;
  if (!env.empty()) {
    name = env.substr(0, env.find('='));
    setenv(name.c_str(), env.substr(env.find('=') + 1).c_str(), 1);
  }
  std::vector<std::string> argv = shellWords(args);
  argv.insert(argv.begin(), "lightfix");
  std::ostringstream out;
  int status = runCli(argv, {out, out});
  if (!name.empty()) unsetenv(name.c_str());
  std::filesystem::current_path(before);
  EXPECT_EQ(status, 0) << "`lightfix " << args << "` in " << dir << " exited with status " << status
                       << ":\n"
                       << out.str();
  return out.str();
}

}  // namespace lightfix::golden
