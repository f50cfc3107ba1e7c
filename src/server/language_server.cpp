#include "server/language_server.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <utility>

#include "core/notebook.h"
#include "registry/rule_docs.h"
#include "semantics/module_table.h"
#include "server/file_uri.h"
#include "server/lsp_findings.h"
#include "settings/rule_names.h"
#include "settings/run_settings.h"

namespace lightfix {

namespace json = llvm::json;

namespace {

// JSON-RPC's and the protocol's error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kServerNotInitialized = -32002;

constexpr const char* kFixAllKind = "source.fixAll.lightfix";
constexpr const char* kFixWorkspaceCommand = "lightfix.fixAll";

std::string stringAt(const json::Object* object, llvm::StringRef key) {
  llvm::Optional<llvm::StringRef> value = object ? object->getString(key) : llvm::None;
  return value ? value->str() : std::string();
}

const json::Object* objectAt(const json::Object* object, llvm::StringRef key) {
  return object ? object->getObject(key) : nullptr;
}

std::vector<std::string> stringsAt(const json::Object* object, llvm::StringRef key) {
  std::vector<std::string> strings;
  if (const json::Array* array = object ? object->getArray(key) : nullptr)
    for (const json::Value& v : *array)
      if (llvm::Optional<llvm::StringRef> s = v.getAsString()) strings.push_back(s->str());
  return strings;
}

// Whether a code action of `kind` is one the client asked for (`only`
// names it or a kind it is under).
bool wanted(const std::vector<std::string>& only, const std::string& kind) {
  if (only.empty()) return true;
  return std::any_of(only.begin(), only.end(), [&](const std::string& o) {
    return kind == o ||
           (kind.size() > o.size() && kind.compare(0, o.size(), o) == 0 && kind[o.size()] == '.');
  });
}

bool under(const std::string& path, const std::string& root) {
  return path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
         (root.back() == '/' || path[root.size()] == '/');
}

// A notebook's findings are placed in its cells, not in the JSON file.
bool publishable(const std::string& path) { return !isNotebookPath(path); }

// `[start, end)` overlaps or touches the byte range of a finding.
bool touches(const Diagnostic& d, uint32_t start, uint32_t end) {
  return d.offset <= end && start <= d.offset + d.length;
}

}  // namespace

LanguageServer::LanguageServer(Send send) : send_(std::move(send)) {}

void LanguageServer::reply(const json::Value& id, json::Value result) {
  send_(json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void LanguageServer::replyError(const json::Value& id, int code, const std::string& message) {
  send_(json::Object{{"jsonrpc", "2.0"},
                     {"id", id},
                     {"error", json::Object{{"code", code}, {"message", message}}}});
}

void LanguageServer::notify(const std::string& method, json::Value params) {
  send_(json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

void LanguageServer::showError(const std::string& message) {
  if (!shownErrors_.insert(message).second) return;
  notify("window/showMessage", json::Object{{"type", 1}, {"message", message}});
}

void LanguageServer::malformed(const std::string& why) { replyError(nullptr, kParseError, why); }

void LanguageServer::handle(const json::Value& message) {
  const json::Object* object = message.getAsObject();
  llvm::Optional<llvm::StringRef> method = object ? object->getString("method") : llvm::None;
  const json::Value* id = object ? object->get("id") : nullptr;
  if (!method) {
    // A response to a request of ours: the settings asked for are read;
    // nothing waits on the others (registerCapability, applyEdit).
    if (!id)
      replyError(nullptr, kInvalidRequest, "a message with neither method nor id");
    else if (id->getAsString() && *id->getAsString() == configurationRequest_)
      configurationAnswered(object->getArray("result"));
    return;
  }
  const json::Object* params = object->getObject("params");
  if (id)
    request(method->str(), *id, params);
  else
    notification(method->str(), params);
}

void LanguageServer::request(const std::string& method, const json::Value& id,
                             const json::Object* params) {
  if (method == "initialize") {
    reply(id, initialize(params));
    return;
  }
  if (!initialized_) {
    replyError(id, kServerNotInitialized, "the server is not initialized");
    return;
  }
  if (shutdown_) {
    replyError(id, kInvalidRequest, "the server is shutting down");
    return;
  }
  if (method == "shutdown") {
    shutdown_ = true;
    reply(id, nullptr);
  } else if (method == "textDocument/codeAction") {
    reply(id, codeActions(params));
  } else if (method == "textDocument/diagnostic") {
    reply(id, pulledDiagnostics(params));
  } else if (method == "textDocument/hover") {
    reply(id, hover(params));
  } else if (method == "workspace/executeCommand") {
    std::string error;
    if (executeCommand(params, error))
      reply(id, nullptr);
    else
      replyError(id, kInvalidParams, error);
  } else {
    replyError(id, kMethodNotFound, "lightfix does not answer " + method);
  }
}

void LanguageServer::notification(const std::string& method, const json::Object* params) {
  if (method == "exit") {
    exited_ = true;
    return;
  }
  if (!initialized_ || shutdown_) return;
  if (method == "initialized") {
    if (registerWatchers_) {
      json::Array watchers;
      for (const char* glob : {"**/*.py", "**/*.{yaml,yml}", "**/*.json", "**/*.sh",
                               "**/pyproject.toml", "**/Makefile"})
        watchers.push_back(json::Object{{"globPattern", glob}});
      json::Object registration{
          {"id", "lightfix-watched-files"},
          {"method", "workspace/didChangeWatchedFiles"},
          {"registerOptions", json::Object{{"watchers", std::move(watchers)}}}};
      send_(json::Object{
          {"jsonrpc", "2.0"},
          {"id", fmt::format("lightfix-{}", nextRequest_++)},
          {"method", "client/registerCapability"},
          {"params", json::Object{{"registrations", json::Array{std::move(registration)}}}}});
    }
    askConfiguration();
    pending_ = true;
  } else if (method == "textDocument/didOpen") {
    didOpen(params);
  } else if (method == "textDocument/didChange") {
    didChange(params);
  } else if (method == "textDocument/didClose") {
    didClose(params);
  } else if (method == "textDocument/didSave" || method == "workspace/didChangeWatchedFiles") {
    pending_ = true;
  } else if (method == "workspace/didChangeConfiguration") {
    // The settings themselves, pushed; or, as clients that are asked for
    // them send it, a notice to ask again.
    const json::Object* settings = objectAt(params, "settings");
    if (const json::Value* section = settings ? settings->get("lightfix") : nullptr) {
      readSettings(section);
      shownErrors_.clear();
      pending_ = true;
    } else {
      askConfiguration();
    }
  }
}

void LanguageServer::askConfiguration() {
  if (!pullConfiguration_) return;
  configurationRequest_ = fmt::format("lightfix-{}", nextRequest_++);
  send_(json::Object{
      {"jsonrpc", "2.0"},
      {"id", configurationRequest_},
      {"method", "workspace/configuration"},
      {"params", json::Object{{"items", json::Array{json::Object{{"section", "lightfix"}}}}}}});
}

void LanguageServer::configurationAnswered(const json::Array* result) {
  configurationRequest_.clear();
  // A client without a `lightfix` section answers null: the settings
  // given at initialize stand.
  if (!result || result->empty() || !(*result)[0].getAsObject()) return;
  readSettings(&(*result)[0]);
  shownErrors_.clear();
  pending_ = true;
}

json::Value LanguageServer::initialize(const json::Object* params) {
  const json::Object* capabilities = objectAt(params, "capabilities");
  std::vector<std::string> encodings =
      stringsAt(objectAt(capabilities, "general"), "positionEncodings");
  if (std::find(encodings.begin(), encodings.end(), "utf-8") != encodings.end())
    encoding_ = PositionEncoding::Utf8;
  const json::Object* workspace = objectAt(capabilities, "workspace");
  const json::Object* watched = objectAt(workspace, "didChangeWatchedFiles");
  registerWatchers_ = watched && watched->getBoolean("dynamicRegistration").getValueOr(false);
  pullConfiguration_ = workspace && workspace->getBoolean("configuration").getValueOr(false);
  pullDiagnostics_ = objectAt(objectAt(capabilities, "textDocument"), "diagnostic") != nullptr;
  const json::Object* workspaceDiagnostics = objectAt(workspace, "diagnostics");
  refreshDiagnostics_ =
      workspaceDiagnostics && workspaceDiagnostics->getBoolean("refreshSupport").getValueOr(false);

  const json::Array* folders = params ? params->getArray("workspaceFolders") : nullptr;
  if (folders) {
    for (const json::Value& folder : *folders)
      if (const json::Object* f = folder.getAsObject())
        if (std::optional<std::string> path = pathOfUri(stringAt(f, "uri")))
          roots_.push_back(normalisedPath(*path));
  } else if (std::optional<std::string> path = pathOfUri(stringAt(params, "rootUri"))) {
    roots_.push_back(normalisedPath(*path));
  } else if (std::string rootPath = stringAt(params, "rootPath"); !rootPath.empty()) {
    roots_.push_back(normalisedPath(rootPath));
  }
  readSettings(params ? params->get("initializationOptions") : nullptr);
  initialized_ = true;

  json::Object capabilitiesOut{
      {"positionEncoding", encodingName(encoding_)},
      {"textDocumentSync", json::Object{{"openClose", true},
                                        {"change", 2},  // incremental
                                        {"save", json::Object{{"includeText", false}}}}},
      {"codeActionProvider",
       json::Object{{"codeActionKinds", json::Array{"quickfix", kFixAllKind}}}},
      {"hoverProvider", true},
      {"executeCommandProvider", json::Object{{"commands", json::Array{kFixWorkspaceCommand}}}},
  };
  // A finding in one file can come and go with an edit of another.
  if (pullDiagnostics_)
    capabilitiesOut["diagnosticProvider"] = json::Object{{"identifier", "lightfix"},
                                                         {"interFileDependencies", true},
                                                         {"workspaceDiagnostics", false}};
  return json::Object{
      {"capabilities", std::move(capabilitiesOut)},
      {"serverInfo", json::Object{{"name", "lightfix"}}},
  };
}

void LanguageServer::readSettings(const json::Value* options) {
  const json::Object* o = options ? options->getAsObject() : nullptr;
  if (!o) return;
  ServerSettings s;
  s.select = stringsAt(o, "select");
  s.ignore = stringsAt(o, "ignore");
  s.targetStrategy = stringAt(o, "targetStrategy");
  s.unsafeFixes = o->getBoolean("unsafeFixes").getValueOr(false);
  s.config = stringAt(o, "config");
  s.cacheDir = stringAt(o, "cacheDir");
  s.noCache = o->getBoolean("noCache").getValueOr(false);
  settings_ = std::move(s);
}

void LanguageServer::didOpen(const json::Object* params) {
  const json::Object* item = objectAt(params, "textDocument");
  std::string uri = stringAt(item, "uri");
  std::optional<std::string> path = pathOfUri(uri);
  if (!path) return;  // an untitled buffer: no file, no project
  documents_.open({uri, normalisedPath(*path), item->getInteger("version").getValueOr(0),
                   stringAt(item, "text")});
  pending_ = true;
}

void LanguageServer::didChange(const json::Object* params) {
  const json::Object* item = objectAt(params, "textDocument");
  const json::Array* changes = params ? params->getArray("contentChanges") : nullptr;
  if (!item || !changes) return;
  std::string error;
  if (!documents_.change(stringAt(item, "uri"), item->getInteger("version").getValueOr(0), *changes,
                         encoding_, error))
    showError("lightfix: " + error);
  pending_ = true;
}

void LanguageServer::didClose(const json::Object* params) {
  documents_.close(stringAt(objectAt(params, "textDocument"), "uri"));
  pending_ = true;
}

std::optional<RunOptions> LanguageServer::runOptions(const std::vector<std::string>& paths,
                                                     Mode mode) {
  CommonOptions o;
  o.select = settings_.select;
  o.ignore = settings_.ignore;
  o.targetStrategy = settings_.targetStrategy;
  o.unsafeFixes = settings_.unsafeFixes;
  o.config = settings_.config;
  o.cacheDir = settings_.cacheDir;
  o.noCache = settings_.noCache;
  if (!o.targetStrategy.empty() && o.targetStrategy != "deepspeed") {
    showError(
        fmt::format("lightfix: targetStrategy `{}` is not a strategy lightfix migrates to "
                    "(deepspeed)",
                    o.targetStrategy));
    return std::nullopt;
  }
  for (auto [list, key] : {std::pair{o.select, "select"}, std::pair{o.ignore, "ignore"}}) {
    std::string unknown;
    if (!expandSelectors(list, unknown)) {
      showError(fmt::format("lightfix: unknown rule code `{}` in the `{}` setting", unknown, key));
      return std::nullopt;
    }
  }
  RunOptions run;
  std::ostringstream err;
  if (!makeRunOptions(o, paths, mode, run, err)) {
    std::string message = err.str();
    while (!message.empty() && message.back() == '\n') message.pop_back();
    showError(message);
    return std::nullopt;
  }
  run.buffers = std::make_shared<const std::map<std::string, std::string>>(documents_.texts());
  return run;
}

std::string LanguageServer::uriOf(const std::string& path) const {
  if (const OpenDocument* document = documents_.byPath(path)) return document->uri;
  return uriOfPath(path);
}

void LanguageServer::check() {
  pending_ = false;
  // The folders of the workspace, and each open file outside them, checked
  // within its project as `lightfix check FILE` checks it.
  std::vector<std::string> targets = roots_;
  for (const auto& entry : documents_.all()) {
    const std::string& path = entry.second.path;
    if (std::none_of(roots_.begin(), roots_.end(),
                     [&](const std::string& root) { return under(path, root); }))
      targets.push_back(path);
  }
  std::map<std::string, Published> next;
  for (const std::string& target : targets) {
    std::optional<RunOptions> options = runOptions({target}, Mode::Check);
    if (!options) continue;
    RunResult result = runLightfix({target}, *options);
    for (const RunError& error : result.errors) showError(error.line);
    for (FileReport& report : result.reports) {
      std::string path = normalisedPath(report.file->path());
      if (!publishable(path)) continue;
      Published& entry = next[uriOf(path)];
      entry.file = report.file;
      entry.diagnostics = std::move(report.diagnostics);
    }
  }
  for (auto& [uri, entry] : next) {
    LineIndex lines(entry.file->text());
    for (const Diagnostic& d : entry.diagnostics) {
      std::string related = d.related ? uriOf(normalisedPath(d.related->path)) : std::string();
      entry.lsp.push_back(lspDiagnostic(d, lines, encoding_, related));
    }
  }
  for (auto& [uri, entry] : next) {
    auto old = published_.find(uri);
    entry.resultId = old != published_.end() && old->second.lsp == entry.lsp
                         ? old->second.resultId
                         : std::to_string(nextResultId_++);
  }
  if (pullDiagnostics_)
    pushAndRefresh(next);
  else
    pushAll(next);
  published_ = std::move(next);
}

void LanguageServer::publish(const std::string& uri, const json::Array& diagnostics) {
  json::Object params{{"uri", uri}, {"diagnostics", json::Array(diagnostics)}};
  if (const OpenDocument* document = documents_.byUri(uri)) params["version"] = document->version;
  notify("textDocument/publishDiagnostics", std::move(params));
}

void LanguageServer::pushAll(const std::map<std::string, Published>& next) {
  for (const auto& [uri, entry] : published_)
    if (!next.count(uri)) publish(uri, json::Array{});
  for (const auto& [uri, entry] : next) {
    auto old = published_.find(uri);
    if (old == published_.end() || old->second.lsp != entry.lsp || documents_.byUri(uri))
      publish(uri, entry.lsp);
  }
}

void LanguageServer::pushAndRefresh(const std::map<std::string, Published>& next) {
  // A file the client has open is pulled, and what was pushed for it before
  // it was opened is cleared, so that its findings are not shown twice;
  // every other file's are pushed, as without pulls.
  std::map<std::string, json::Array> pushed;
  for (const auto& [uri, entry] : next)
    if (!documents_.byUri(uri)) pushed[uri] = entry.lsp;
  for (const auto& [uri, lsp] : pushed_)
    if (!pushed.count(uri)) publish(uri, json::Array{});
  for (const auto& [uri, lsp] : pushed) {
    auto old = pushed_.find(uri);
    if (old == pushed_.end() || old->second != lsp) publish(uri, lsp);
  }
  pushed_ = std::move(pushed);
  bool openChanged = false;
  for (const auto& [uri, document] : documents_.all()) {
    auto before = published_.find(uri);
    auto after = next.find(uri);
    std::string was = before == published_.end() ? "" : before->second.resultId;
    std::string is = after == next.end() ? "" : after->second.resultId;
    openChanged = openChanged || was != is;
  }
  if (openChanged && refreshDiagnostics_)
    send_(json::Object{{"jsonrpc", "2.0"},
                       {"id", fmt::format("lightfix-{}", nextRequest_++)},
                       {"method", "workspace/diagnostic/refresh"}});
}

json::Value LanguageServer::pulledDiagnostics(const json::Object* params) {
  std::string uri;
  const Published* entry = publishedAt(params, uri);
  // A file without findings has the one result "0".
  std::string resultId = entry ? entry->resultId : "0";
  if (stringAt(params, "previousResultId") == resultId)
    return json::Object{{"kind", "unchanged"}, {"resultId", resultId}};
  json::Array items = entry ? entry->lsp : json::Array{};
  return json::Object{{"kind", "full"}, {"resultId", resultId}, {"items", std::move(items)}};
}

const LanguageServer::Published* LanguageServer::publishedAt(const json::Object* params,
                                                             std::string& uri) {
  if (pending_) check();  // answer against the text the client sees
  uri = stringAt(objectAt(params, "textDocument"), "uri");
  auto found = published_.find(uri);
  return found == published_.end() ? nullptr : &found->second;
}

std::optional<std::string> LanguageServer::fixedText(const std::string& path,
                                                     const std::string& text) {
  std::optional<RunOptions> options = runOptions({path}, Mode::Fix);
  if (!options) return std::nullopt;
  options->stdinFilename = path;
  options->stdinText = text;
  options->cacheDir.clear();  // a fix's result is not a check's
  RunResult result = runLightfix({"-"}, *options);
  if (!result.errors.empty() || result.stdinText == text) return std::nullopt;
  return result.stdinText;
}

std::optional<json::Array> LanguageServer::fixAllEdits(const std::string& uri) {
  auto found = published_.find(uri);
  if (found == published_.end()) return std::nullopt;
  const SourceFile& file = *found->second.file;
  std::optional<std::string> fixed = fixedText(file.path(), file.text());
  if (!fixed) return std::nullopt;
  LineIndex lines(file.text());
  return json::Array{json::Object{
      {"range", rangeOf(lines, 0, static_cast<uint32_t>(file.text().size()), encoding_)},
      {"newText", *fixed}}};
}

json::Value LanguageServer::codeActions(const json::Object* params) {
  std::string uri;
  const Published* entry = publishedAt(params, uri);
  json::Array actions;
  if (!entry) return actions;
  const SourceFile& file = *entry->file;
  LineIndex lines(file.text());
  const json::Object* range = objectAt(params, "range");
  auto positionAt = [&](llvm::StringRef key) {
    return lines.offset(positionOf(objectAt(range, key)).value_or(LspPosition{}), encoding_);
  };
  uint32_t start = positionAt("start");
  uint32_t end = std::max(start, positionAt("end"));
  std::vector<std::string> only = stringsAt(objectAt(params, "context"), "only");

  auto action = [&](std::string title, const char* kind, const json::Object& diagnostic,
                    json::Array edits, bool preferred) {
    json::Object a{{"title", std::move(title)},
                   {"kind", kind},
                   {"diagnostics", json::Array{json::Object(diagnostic)}},
                   {"edit", json::Object{{"changes", json::Object{{uri, std::move(edits)}}}}}};
    if (preferred) a["isPreferred"] = true;
    actions.push_back(std::move(a));
  };
  for (size_t i = 0; i < entry->diagnostics.size(); ++i) {
    const Diagnostic& d = entry->diagnostics[i];
    if (!touches(d, start, end)) continue;
    const json::Object& lsp = *entry->lsp[i].getAsObject();
    if (d.fix && wanted(only, "quickfix"))
      action(fixTitle(*d.fix), "quickfix", lsp, textEdits(*d.fix, lines, encoding_),
             d.fix->applicability == Applicability::Safe);
    if (std::optional<SuppressionEdit> noqa = suppressionEdit(file, d);
        noqa && wanted(only, "quickfix")) {
      json::Array edits{
          json::Object{{"range", rangeOf(lines, noqa->offset, noqa->offset, encoding_)},
                       {"newText", noqa->text}}};
      action(fmt::format("Suppress {} on this line", d.code), "quickfix", lsp, std::move(edits),
             false);
    }
  }
  if (wanted(only, kFixAllKind) && (!only.empty() || !actions.empty()))
    if (std::optional<json::Array> edits = fixAllEdits(uri))
      actions.push_back(json::Object{
          {"title", settings_.unsafeFixes ? "lightfix: fix all (unsafe fixes too)"
                                          : "lightfix: fix all safe fixes"},
          {"kind", kFixAllKind},
          {"edit", json::Object{{"changes", json::Object{{uri, std::move(*edits)}}}}}});
  return actions;
}

json::Value LanguageServer::hover(const json::Object* params) {
  std::string uri;
  const Published* entry = publishedAt(params, uri);
  if (!entry) return nullptr;
  LineIndex lines(entry->file->text());
  uint32_t at =
      lines.offset(positionOf(objectAt(params, "position")).value_or(LspPosition{}), encoding_);
  std::vector<std::string> pages;
  for (const Diagnostic& d : entry->diagnostics) {
    if (d.code.empty() || at < d.offset || at > d.offset + d.length) continue;
    auto page = ruleDocs().find(d.code);
    std::string text = page == ruleDocs().end() ? d.message : page->second;
    if (std::find(pages.begin(), pages.end(), text) == pages.end()) pages.push_back(text);
  }
  if (pages.empty()) return nullptr;
  std::string value;
  for (const std::string& page : pages) value += (value.empty() ? "" : "\n\n---\n\n") + page;
  return json::Object{{"contents", json::Object{{"kind", "markdown"}, {"value", value}}}};
}

bool LanguageServer::executeCommand(const json::Object* params, std::string& error) {
  std::string command = stringAt(params, "command");
  if (command != kFixWorkspaceCommand) {
    error = "lightfix has no command " + command;
    return false;
  }
  if (pending_) check();
  json::Object changes;
  for (const auto& [uri, entry] : published_) {
    bool fixable = std::any_of(entry.diagnostics.begin(), entry.diagnostics.end(),
                               [](const Diagnostic& d) { return d.fix.has_value(); });
    if (!fixable) continue;
    if (std::optional<json::Array> edits = fixAllEdits(uri)) changes[uri] = std::move(*edits);
  }
  if (changes.empty()) return true;
  send_(json::Object{
      {"jsonrpc", "2.0"},
      {"id", fmt::format("lightfix-{}", nextRequest_++)},
      {"method", "workspace/applyEdit"},
      {"params", json::Object{{"label", "lightfix: fix all"},
                              {"edit", json::Object{{"changes", std::move(changes)}}}}}});
  return true;
}

}  // namespace lightfix
