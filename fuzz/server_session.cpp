#include "server_session.h"

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "python/syntax_tree.h"
#include "server/file_uri.h"
#include "server/language_server.h"
#include "server/text_positions.h"

namespace lightfix {

namespace json = llvm::json;

const char* const kSessionTrain = R"(import lightning as L

from model import Net

trainer = L.Trainer(strategy="deepspeed_stage_2", accelerator="gpu", devices=2)
trainer.fit(Net())
)";

const char* const kSessionModel = R"(import torch
import lightning as L


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        loss = self.layer(batch).sum()
        self.log("loss", loss)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
)";

const char* const kSessionLoop = R"(import torch
import lightning as L

fabric = L.Fabric(strategy="deepspeed", accelerator="cuda", devices=2)
fabric.launch()
model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for batch in [torch.ones(2)]:
    tag = "😀"; fabric.backward(model(batch).sum())
    optimizer.step()
)";

namespace {

// Texts an edit may insert, beside stray bytes: the ones that change what
// the rules see.
constexpr const char* kSnippets[] = {
    "\n",
    "    ",
    "\r\n",
    "\r",
    "😀",
    "é",
    "\"\"\"",
    "#",
    "return loss\n",
    "return None",
    "fabric.backward(loss)\n",
    "model, optimizer = fabric.setup(model, optimizer)\n",
    "strategy=\"ddp\"",
    "deepspeed_stage_3",
    "  # noqa: LF001",
    "def training_step(self, batch, batch_idx):\n        pass\n",
    "(",
    ")",
    "\\\n",
};

[[noreturn]] void broken(const std::string& what, const std::string& text) {
  llvm::errs() << "server session: " << what << "\n--- buffer ---\n" << text << "\n---\n";
  std::abort();
}

class Bytes {
 public:
  explicit Bytes(std::string_view data) : data_(data) {}
  bool done() const { return at_ >= data_.size(); }
  uint8_t next() { return done() ? 0 : static_cast<uint8_t>(data_[at_++]); }
  std::string take(size_t n) {
    std::string out(data_.substr(std::min(at_, data_.size()), n));
    at_ += n;
    return out;
  }

 private:
  std::string_view data_;
  size_t at_ = 0;
};

void writeProject(const std::string& folder) {
  namespace fs = std::filesystem;
  fs::create_directories(folder);
  for (auto [name, text] : {std::pair{"train.py", kSessionTrain},
                            {"model.py", kSessionModel},
                            {"loop.py", kSessionLoop}})
    if (!fs::exists(fs::path(folder) / name))
      std::ofstream(fs::path(folder) / name, std::ios::binary) << text;
}

json::Value position(LspPosition p) {
  return json::Object{{"line", static_cast<int64_t>(p.line)},
                      {"character", static_cast<int64_t>(p.character)}};
}

json::Value range(LspPosition start, LspPosition end) {
  return json::Object{{"start", position(start)}, {"end", position(end)}};
}

std::optional<LspPosition> positionAt(const json::Object* range, llvm::StringRef key) {
  return positionOf(range ? range->getObject(key) : nullptr);
}

class Session {
 public:
  Session(const std::string& folder, Bytes& bytes)
      : folder_(folder),
        bytes_(bytes),
        server_([this](json::Value m) { outbox_.push_back(std::move(m)); }) {}

  SessionOutcome play() {
    uint8_t flavour = bytes_.next();
    bool utf8 = flavour % 2 == 0;
    bool pulls = flavour & 2;  // the client pulls an open file's diagnostics
    request(
        "initialize",
        json::Object{
            {"rootUri", uriOfPath(folder_)},
            {"capabilities",
             json::Object{
                 {"general",
                  json::Object{{"positionEncodings",
                                utf8 ? json::Array{"utf-8", "utf-16"} : json::Array{"utf-16"}}}},
                 {"textDocument", pulls ? json::Value(json::Object{{"diagnostic", json::Object{}}})
                                        : json::Value(nullptr)}}},
            // Each check afresh: a fuzzer's many buffers are no cache's.
            {"initializationOptions", json::Object{{"noCache", true}}}});
    encoding_ = utf8 ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
    notify("initialized", json::Object{});
    const char* name = bytes_.next() % 2 == 0 ? "model.py" : "loop.py";
    text_ = name == std::string("model.py") ? kSessionModel : kSessionLoop;
    uri_ = uriOfPath((std::filesystem::path(folder_) / name).string());
    notify("textDocument/didOpen",
           json::Object{{"textDocument", json::Object{{"uri", uri_},
                                                      {"languageId", "python"},
                                                      {"version", version_},
                                                      {"text", text_}}}});
    constexpr size_t kOperations = 48;
    for (size_t i = 0; i < kOperations && !bytes_.done(); ++i) operate(bytes_.next() % 8);
    request("shutdown", nullptr);
    notify("exit", nullptr);
    if (!server_.exited() || server_.exitCode() != 0) broken("no clean exit", text_);
    outcome_.text = text_;
    return outcome_;
  }

 private:
  void operate(uint8_t op) {
    switch (op) {
      case 0:
      case 1:
      case 2:
        return edit();
      case 3:
        return check();
      case 4:
        return codeActions(false);
      case 5:
        return codeActions(true);
      case 6:
        return bytes_.next() % 2 ? hover() : pull();
      default:
        return replaceAll();
    }
  }

  // A position anywhere near the buffer: past a line's end or the last line
  // too, which the protocol clamps.
  LspPosition anyPosition() {
    uint32_t lines = static_cast<uint32_t>(std::count(text_.begin(), text_.end(), '\n')) + 2;
    uint32_t line = bytes_.next() % lines;
    return LspPosition{line, static_cast<uint32_t>(bytes_.next() % 90)};
  }

  std::string anyText() {
    // Half of the edits insert a snippet, the others up to 11 stray bytes.
    uint8_t n = bytes_.next() % 24;
    if (n < 12) return kSnippets[bytes_.next() % std::size(kSnippets)];
    std::string raw = bytes_.take(n - 12u);
    return llvm::json::isUTF8(raw) ? raw : llvm::json::fixUTF8(raw);
  }

  void edit() {
    LspPosition start = anyPosition();
    LspPosition end = bytes_.next() % 2 ? start : anyPosition();
    std::string inserted = anyText();
    change(json::Array{json::Object{{"range", range(start, end)}, {"text", inserted}}});
  }

  void replaceAll() {
    std::string text = bytes_.next() % 2 ? std::string(kSessionLoop) : anyText();
    change(json::Array{json::Object{{"text", text}}});
  }

  // Applies contentChanges as the protocol says, then sends them.
  void change(json::Array changes) {
    for (const json::Value& c : changes) {
      const json::Object& object = *c.getAsObject();
      std::string inserted = object.getString("text")->str();
      const json::Object* r = object.getObject("range");
      if (!r) {
        text_ = inserted;
        continue;
      }
      LineIndex lines(text_);
      uint32_t from = lines.offset(*positionAt(r, "start"), encoding_);
      uint32_t to = std::max(from, lines.offset(*positionAt(r, "end"), encoding_));
      text_.replace(from, to - from, inserted);
    }
    ++outcome_.edits;
    notify("textDocument/didChange",
           json::Object{{"textDocument", json::Object{{"uri", uri_}, {"version", ++version_}}},
                        {"contentChanges", std::move(changes)}});
  }

  void check() {
    if (!server_.checkPending()) return;
    server_.check();
    ++outcome_.checks;
    drain();
  }

  void hover() {
    request("textDocument/hover", json::Object{{"textDocument", json::Object{{"uri", uri_}}},
                                               {"position", position(anyPosition())}});
  }

  // textDocument/diagnostic: its items lie within the buffer, as pushed ones do.
  void pull() {
    json::Value reply = request("textDocument/diagnostic",
                                json::Object{{"textDocument", json::Object{{"uri", uri_}}}});
    const json::Object* report = reply.getAsObject();
    const json::Array* items = report ? report->getArray("items") : nullptr;
    if (!items) broken("a pull answered without items", text_);
    checkDiagnostics(*items);
  }

  void codeActions(bool fixAllOnly) {
    LspPosition start = anyPosition();
    json::Object context{{"diagnostics", json::Array{}}};
    if (fixAllOnly) context["only"] = json::Array{"source.fixAll"};
    json::Value reply =
        request("textDocument/codeAction",
                json::Object{{"textDocument", json::Object{{"uri", uri_}}},
                             {"range", range(start, bytes_.next() % 2 ? start : anyPosition())},
                             {"context", std::move(context)}});
    const json::Array* actions = reply.getAsArray();
    if (!actions) broken("code actions are not a list", text_);
    outcome_.actions += actions->size();
    for (const json::Value& action : *actions) editsOf(action);  // each checked
    if (actions->empty() || bytes_.next() % 2) return;
    applyEdits(editsOf((*actions)[bytes_.next() % actions->size()]));
  }

  // An action's edits of the buffer, checked to lie within it and apart.
  std::vector<std::pair<std::pair<uint32_t, uint32_t>, std::string>> editsOf(
      const json::Value& action) {
    const json::Object* changes = nullptr;
    if (const json::Object* a = action.getAsObject())
      if (const json::Object* edit = a->getObject("edit")) changes = edit->getObject("changes");
    if (!changes || changes->size() != 1 || !changes->getArray(uri_))
      broken("an action that does not edit the buffer alone", text_);
    LineIndex lines(text_);
    std::vector<std::pair<std::pair<uint32_t, uint32_t>, std::string>> edits;
    for (const json::Value& e : *changes->getArray(uri_)) {
      const json::Object* object = e.getAsObject();
      const json::Object* r = object ? object->getObject("range") : nullptr;
      std::optional<LspPosition> start = positionAt(r, "start");
      std::optional<LspPosition> end = positionAt(r, "end");
      llvm::Optional<llvm::StringRef> newText = object ? object->getString("newText") : llvm::None;
      if (!start || !end || !newText || !within(lines, *start) || !within(lines, *end))
        broken("an edit outside the buffer", text_);
      uint32_t from = lines.offset(*start, encoding_);
      uint32_t to = lines.offset(*end, encoding_);
      if (to < from) broken("an edit that ends before it starts", text_);
      edits.push_back({{from, to}, newText->str()});
    }
    std::sort(edits.begin(), edits.end());
    for (size_t i = 1; i < edits.size(); ++i)
      if (edits[i].first.first < edits[i - 1].first.second) broken("overlapping edits", text_);
    return edits;
  }

  // Applies an action as a client does: the edits, then a didChange of
  // them, last first, so each range still means what it meant.
  void applyEdits(const std::vector<std::pair<std::pair<uint32_t, uint32_t>, std::string>>& edits) {
    bool parsed = SyntaxTree::parses(text_);
    std::string before = text_;
    LineIndex lines(before);
    json::Array changes;
    for (auto it = edits.rbegin(); it != edits.rend(); ++it)
      changes.push_back(json::Object{{"range", range(lines.position(it->first.first, encoding_),
                                                     lines.position(it->first.second, encoding_))},
                                     {"text", it->second}});
    change(std::move(changes));
    ++outcome_.applied;
    if (parsed && !SyntaxTree::parses(text_))
      broken("a code action broke a buffer that parsed; it was:\n" + before, text_);
  }

  bool within(const LineIndex& lines, LspPosition p) const {
    return lines.position(lines.offset(p, encoding_), encoding_) == p;
  }

  // The published diagnostics of the buffer lie within it.
  void drain() {
    for (const json::Value& message : outbox_) {
      const json::Object* m = message.getAsObject();
      if (!m || m->getString("method") != llvm::StringRef("textDocument/publishDiagnostics"))
        continue;
      const json::Object* params = m->getObject("params");
      if (!params || params->getString("uri") != llvm::StringRef(uri_)) continue;
      checkDiagnostics(*params->getArray("diagnostics"));
    }
    outbox_.clear();
  }

  void checkDiagnostics(const json::Array& diagnostics) {
    LineIndex lines(text_);
    for (const json::Value& d : diagnostics) {
      const json::Object* r = d.getAsObject() ? d.getAsObject()->getObject("range") : nullptr;
      std::optional<LspPosition> start = positionAt(r, "start");
      std::optional<LspPosition> end = positionAt(r, "end");
      if (!start || !end || !within(lines, *start) || !within(lines, *end) ||
          lines.offset(*end, encoding_) < lines.offset(*start, encoding_))
        broken("a diagnostic outside the buffer", text_);
      ++outcome_.diagnostics;
    }
  }

  void notify(const char* method, json::Value params) {
    server_.handle(json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }

  // Sends a request and returns its one answer's result.
  json::Value request(const char* method, json::Value params) {
    int64_t id = nextId_++;
    bool pending = server_.checkPending();
    server_.handle(
        json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
    // A request about the buffer is answered against the text the client sees.
    bool aboutBuffer = llvm::StringRef(method).startswith("textDocument/");
    if (aboutBuffer && server_.checkPending()) broken("a request left a change unchecked", text_);
    if (aboutBuffer && pending) ++outcome_.checks;
    std::optional<json::Value> result;
    size_t answers = 0;
    for (const json::Value& message : outbox_) {
      const json::Object* m = message.getAsObject();
      if (!m || m->getString("method") || m->getInteger("id") != id) continue;
      ++answers;
      if (const json::Value* r = m->get("result")) result = *r;
    }
    if (answers != 1) broken(std::string(method) + " answered other than once", text_);
    if (!result) broken(std::string(method) + " failed", text_);
    drain();
    return *result;
  }

  std::string folder_;
  Bytes& bytes_;
  std::vector<json::Value> outbox_;
  LanguageServer server_;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  std::string uri_;
  std::string text_;
  int64_t version_ = 1;
  int64_t nextId_ = 1;
  SessionOutcome outcome_;
};

}  // namespace

SessionOutcome runServerSession(std::string_view bytes, const std::string& folder) {
  writeProject(folder);
  Bytes reader(bytes);
  return Session(folder, reader).play();
}

}  // namespace lightfix
