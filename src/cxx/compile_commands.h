#pragma once
// Where a C++ file's compiler flags come from, as clang-tidy finds them:
// flags given after `--` for every file; else the compile_commands.json in
// the `-p` folder; else the nearest one in the file's folder or above it.
// A file in no database is checked only when it was named on the command
// line (with flags guessed from its neighbours, or none).

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lightfix {

struct CxxCommand {
  std::string directory;               // where the compiler runs
  std::vector<std::string> arguments;  // compiler, flags and the file (absolute)
};

struct CxxFlags {
  std::string buildDir;                           // -p
  std::optional<std::vector<std::string>> flags;  // after `--`
};

class CompileCommands {
 public:
  explicit CompileCommands(CxxFlags flags);
  ~CompileCommands();
  CompileCommands(const CompileCommands&) = delete;
  CompileCommands& operator=(const CompileCommands&) = delete;

  // A one-line error if `-p` names no database; empty otherwise.
  const std::string& error() const;
  // The command that checks `path`, or none when the file is to be left out.
  std::optional<CxxCommand> commandFor(const std::string& path, bool named);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lightfix
