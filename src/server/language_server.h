#pragma once
// `lightfix server`: the Language Server Protocol's requests and
// notifications, answered from checks of the project an open buffer is in.
// Open buffers stand for their files, and every file of the project is
// re-diagnosed after a change: the strategy that makes a module's
// `training_step` crash is often chosen in another file.

#include <llvm/Support/JSON.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "driver/run.h"
#include "server/open_documents.h"
#include "server/text_positions.h"

namespace lightfix {

// What the client may set (initializationOptions, or a
// workspace/didChangeConfiguration's `lightfix` section), as the command
// line's flags of the same names do; [tool.lightfix] is read as `check`
// reads it.
struct ServerSettings {
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::string targetStrategy;  // "deepspeed": a migration
  bool unsafeFixes = false;    // fix-all applies unsafe fixes too
  std::string config;          // a pyproject.toml, instead of the nearest
  std::string cacheDir;        // instead of the command line's default
  bool noCache = false;
};

class LanguageServer {
 public:
  using Send = std::function<void(llvm::json::Value)>;
  explicit LanguageServer(Send send);

  // One message from the client: a request, answered through `send`, or a
  // notification. A change only marks the check pending (see check()).
  void handle(const llvm::json::Value& message);
  // A message that is not JSON: answered with a parse error.
  void malformed(const std::string& why);

  // Whether a change waits to be checked; the loop checks once the client
  // pauses, so that a burst of keystrokes costs one check.
  bool checkPending() const { return pending_; }
  // Checks every workspace folder (and each open file outside them) with
  // the open buffers in place of their files, and publishes the
  // diagnostics of every file whose findings changed.
  void check();

  bool exited() const { return exited_; }
  // 0 after `shutdown` then `exit`, 1 for an `exit` without `shutdown`.
  int exitCode() const { return shutdown_ ? 0 : 1; }

 private:
  struct Published {
    std::shared_ptr<const SourceFile> file;
    std::vector<Diagnostic> diagnostics;
    llvm::json::Array lsp;  // as last sent
    std::string resultId;   // for pulls: changes when `lsp` does
  };

  void request(const std::string& method, const llvm::json::Value& id,
               const llvm::json::Object* params);
  void notification(const std::string& method, const llvm::json::Object* params);
  void reply(const llvm::json::Value& id, llvm::json::Value result);
  void replyError(const llvm::json::Value& id, int code, const std::string& message);
  void notify(const std::string& method, llvm::json::Value params);
  void showError(const std::string& message);

  llvm::json::Value initialize(const llvm::json::Object* params);
  void readSettings(const llvm::json::Value* options);
  // Asks the client for the `lightfix` section (workspace/configuration),
  // when it said it answers that; its answer is read as the settings.
  // Sends what changed since the last check: each file's diagnostics, or,
  // to a client that pulls them, those of the files it has not open, and a
  // request to pull again.
  void publish(const std::string& uri, const llvm::json::Array& diagnostics);
  void pushAll(const std::map<std::string, Published>& next);
  void pushAndRefresh(const std::map<std::string, Published>& next);
  // textDocument/diagnostic: the open file's report, "unchanged" when the
  // client holds the latest.
  llvm::json::Value pulledDiagnostics(const llvm::json::Object* params);
  void askConfiguration();
  void configurationAnswered(const llvm::json::Array* result);
  void didOpen(const llvm::json::Object* params);
  void didChange(const llvm::json::Object* params);
  void didClose(const llvm::json::Object* params);
  llvm::json::Value codeActions(const llvm::json::Object* params);
  llvm::json::Value hover(const llvm::json::Object* params);
  // Runs a command; false, with `error`, for one the server does not have.
  bool executeCommand(const llvm::json::Object* params, std::string& error);

  // The run options for checking `paths` as the settings and the
  // project's config ask, the open buffers in place of their files.
  std::optional<RunOptions> runOptions(const std::vector<std::string>& paths, Mode mode);
  // A file's text with every fix the settings allow applied (the rounds of
  // `lightfix fix`), or none when nothing changes.
  std::optional<std::string> fixedText(const std::string& path, const std::string& text);
  // The fix-all edit of one file, as a WorkspaceEdit's `changes` entry.
  std::optional<llvm::json::Array> fixAllEdits(const std::string& uri);
  std::string uriOf(const std::string& path) const;
  const Published* publishedAt(const llvm::json::Object* params, std::string& uri);

  Send send_;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  ServerSettings settings_;
  std::vector<std::string> roots_;  // workspace folders' paths
  OpenDocuments documents_;
  std::map<std::string, Published> published_;  // by uri
  std::set<std::string> shownErrors_;           // each said once
  bool registerWatchers_ = false;
  bool pullConfiguration_ = false;
  bool pullDiagnostics_ = false;                     // the client pulls an open file's diagnostics
  bool refreshDiagnostics_ = false;                  // and pulls again when asked
  std::map<std::string, llvm::json::Array> pushed_;  // by uri, in pull mode
  uint64_t nextResultId_ = 1;
  std::string configurationRequest_;  // the id of the one awaited
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
  bool pending_ = false;
  int64_t nextRequest_ = 1;
};

}  // namespace lightfix
