#include "cxx/compile_commands.h"

#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/JSONCompilationDatabase.h>

#include <filesystem>
#include <map>

#include "cxx/cxx_paths.h"

namespace fs = std::filesystem;
namespace tooling = clang::tooling;

namespace lightfix {

namespace {

constexpr const char* kDatabaseName = "compile_commands.json";

// A database that also answers for files it does not list, by borrowing a
// neighbour's flags (clangd's heuristic), and says which answers are guessed.
std::unique_ptr<tooling::CompilationDatabase> loadDatabase(const fs::path& file) {
  std::string error;
  auto db = tooling::JSONCompilationDatabase::loadFromFile(
      file.string(), error, tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) return nullptr;
  return tooling::inferMissingCompileCommands(std::move(db));
}

}  // namespace

struct CompileCommands::Impl {
  CxxFlags flags;
  std::string error;
  std::unique_ptr<tooling::CompilationDatabase> given;  // -p
  // The database found above each folder asked about (null: none).
  std::map<fs::path, std::shared_ptr<tooling::CompilationDatabase>> found;

  tooling::CompilationDatabase* nearest(const fs::path& dir) {
    auto it = found.find(dir);
    if (it != found.end()) return it->second.get();
    std::shared_ptr<tooling::CompilationDatabase> db;
    if (fs::exists(dir / kDatabaseName))
      db = loadDatabase(dir / kDatabaseName);
    else if (dir.has_parent_path() && dir.parent_path() != dir) {
      nearest(dir.parent_path());
      db = found[dir.parent_path()];
    }
    found[dir] = db;
    return db.get();
  }
};

CompileCommands::CompileCommands(CxxFlags flags) : impl_(std::make_unique<Impl>()) {
  impl_->flags = std::move(flags);
  const std::string& dir = impl_->flags.buildDir;
  if (dir.empty() || impl_->flags.flags) return;
  fs::path file = fs::path(dir) / kDatabaseName;
  if (!fs::exists(file)) {
    impl_->error = dir + ": no " + kDatabaseName + " in the folder given to -p";
    return;
  }
  impl_->given = loadDatabase(file);
  if (!impl_->given) impl_->error = file.string() + ": not a valid compilation database";
}

CompileCommands::~CompileCommands() = default;

const std::string& CompileCommands::error() const { return impl_->error; }

std::optional<CxxCommand> CompileCommands::commandFor(const std::string& path, bool named) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec).lexically_normal();
  if (impl_->flags.flags) {
    // Like clang-tidy's `--`: the same flags for every file.
    std::vector<std::string> args{"clang++"};
    args.insert(args.end(), impl_->flags.flags->begin(), impl_->flags.flags->end());
    if (isCxxHeader(absolute.string())) args.push_back("-xc++-header");
    args.push_back(absolute.string());
    return CxxCommand{fs::current_path(ec).string(), std::move(args)};
  }
  tooling::CompilationDatabase* db =
      impl_->given ? impl_->given.get() : impl_->nearest(absolute.parent_path());
  if (db) {
    std::vector<tooling::CompileCommand> commands = db->getCompileCommands(absolute.string());
    if (!commands.empty() && (named || commands[0].Heuristic.empty())) {
      tooling::CompileCommand& c = commands[0];
      for (std::string& arg : c.CommandLine)
        if (arg == c.Filename) arg = absolute.string();
      return CxxCommand{c.Directory, std::move(c.CommandLine)};
    }
  }
  if (!named) return std::nullopt;
  // Named, with no database to ask: no flags at all, as clang-tidy does.
  std::vector<std::string> args{"clang++", "-std=c++17"};
  if (isCxxHeader(absolute.string())) args.push_back("-xc++-header");
  args.push_back(absolute.string());
  return CxxCommand{fs::current_path(ec).string(), std::move(args)};
}

}  // namespace lightfix
