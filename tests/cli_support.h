#pragma once
// Running the real lightfix binary from a test, as a shell would.

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace {

namespace fs = std::filesystem;

struct Result {
  int exit = -1;
  std::string out;
};

// A shell command's exit status and everything it printed, stderr included.
inline Result shell(const std::string& command) {
  Result r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int status = pclose(pipe);
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline Result lightfix(const fs::path& dir, const std::string& args,
                       const std::string& stdinText = "") {
  // Outside `dir`, and one per call: tests running at once may share `dir`.
  static int calls = 0;
  fs::path input = fs::temp_directory_path() /
                   ("lightfix-stdin-" + std::to_string(getpid()) + "-" + std::to_string(++calls));
  std::ofstream(input, std::ios::binary) << stdinText;
  Result r = shell("cd '" + dir.string() + "' && '" LIGHTFIX_BINARY "' " + args + " < '" +
                   input.string() + "'");
  fs::remove(input);
  return r;
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Every file below `root`, by relative path, with its bytes.
inline std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) files[e.path().lexically_relative(root).string()] = slurp(e.path());
  return files;
}

}  // namespace
