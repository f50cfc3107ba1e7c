#pragma once
// What the golden runners share: reading a file whole and running the real
// binary in a directory.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace lightfix::golden {

// Makes every file parsed and checked: the findings must not change.
constexpr const char* kNoPrefilter = "LIGHTFIX_NO_PREFILTER=1";

inline std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the binary in `dir`; a crash (or any exit but 0, as every call passes
// --exit-zero) fails the test, since a crashed fix would leave the file as
// it was and pass for clean.
// `env` is put before the binary (`NAME=value …`).
inline std::string run(const std::filesystem::path& dir, const std::string& args,
                       const std::string& env = "") {
  std::string command =
      "cd '" + dir.string() + "' && " + env + " '" LIGHTFIX_BINARY "' " + args + " 2>&1";
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "popen failed";
  std::array<char, 4096> buffer{};
  size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "`lightfix " << args << "` in " << dir << " exited with status " << status << ":\n"
      << out;
  return out;
}

}  // namespace lightfix::golden
