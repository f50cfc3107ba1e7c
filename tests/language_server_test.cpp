// `lightfix server` answering a client: a project's diagnostics published
// across files, republished after a change in another file, quick fixes,
// fix-all, suppression, hover and the protocol's lifecycle.

#include "server/language_server.h"

#include <gtest/gtest.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "registry/rule_docs.h"
#include "server/server_loop.h"
#include "server_session.h"
#include "test_support.h"

namespace lightfix {
namespace {

namespace fs = std::filesystem;

const char* const kTrain = kSessionTrain;
const char* const kModel = kSessionModel;
// `😀` takes 4 bytes of UTF-8 and 2 units of UTF-16 before the finding.
const char* const kLoop = kSessionLoop;

class LanguageServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = testing::freshTempDir();
    write("train.py", kTrain);
    write("model.py", kModel);
    write("loop.py", kLoop);
  }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(root_ / name, std::ios::binary) << text;
  }
  std::string uri(const std::string& name) const { return "file://" + (root_ / name).string(); }

  // Each message the server sent since the last call, as JSON text with
  // the project's folder written ROOT.
  std::vector<std::string> sent() {
    std::vector<std::string> texts;
    for (const llvm::json::Value& message : outbox_) {
      std::string text;
      llvm::raw_string_ostream(text) << message;
      for (size_t at; (at = text.find(root_.string())) != std::string::npos;)
        text.replace(at, root_.string().size(), "ROOT");
      texts.push_back(text);
    }
    outbox_.clear();
    return texts;
  }

  void send(const std::string& json) {
    llvm::Expected<llvm::json::Value> message = llvm::json::parse(json);
    ASSERT_TRUE(static_cast<bool>(message)) << json;
    server_.handle(*message);
  }
  void initialize(const std::string& encodings = R"(["utf-16"])",
                  const std::string& options = "{}") {
    send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":")" +
         uri("").substr(0, uri("").size() - 1) +
         R"(","capabilities":{"general":{"positionEncodings":)" + encodings +
         R"(}},"initializationOptions":)" + options + "}}");
    send(R"({"jsonrpc":"2.0","method":"initialized","params":{}})");
  }
  void open(const std::string& name, const std::string& text) {
    llvm::json::Object item{
        {"uri", uri(name)}, {"languageId", "python"}, {"version", 1}, {"text", text}};
    server_.handle(
        llvm::json::Object{{"jsonrpc", "2.0"},
                           {"method", "textDocument/didOpen"},
                           {"params", llvm::json::Object{{"textDocument", std::move(item)}}}});
  }

  fs::path root_;
  std::vector<llvm::json::Value> outbox_;
  LanguageServer server_{[this](llvm::json::Value m) { outbox_.push_back(std::move(m)); }};
};

TEST_F(LanguageServerTest, PublishesEachFileAndRepublishesTheOneAChangeElsewhereFixes) {
  initialize();
  open("train.py", kTrain);
  ASSERT_TRUE(server_.checkPending());
  server_.check();
  EXPECT_FALSE(server_.checkPending());
  std::vector<std::string> messages = sent();
  EXPECT_EQ(
      messages, (
                    std::vector<std::string>{
                        R"json({"id":1,"jsonrpc":"2.0","result":{"capabilities":{"codeActionProvider":{"codeActionKinds":["quickfix","source.fixAll.lightfix"]},"executeCommandProvider":{"commands":["lightfix.fixAll"]},"hoverProvider":true,"positionEncoding":"utf-16","textDocumentSync":{"change":2,"openClose":true,"save":{"includeText":false}}},"serverInfo":{"name":"lightfix"}}})json",
                        R"json({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"code":"LF001","data":{"applicability":"safe","fix":"Insert `model, optimizer = fabric.setup(model, optimizer)`"},"message":"`fabric.backward()` before any `fabric.setup()`; DeepSpeed (selected at line 4) raises \"No models were set up for backward\"","range":{"end":{"character":51,"line":8},"start":{"character":16,"line":8}},"relatedInformation":[{"location":{"range":{"end":{"character":0,"line":4},"start":{"character":0,"line":3}},"uri":"file://ROOT/loop.py"},"message":"DeepSpeed selected here"}],"severity":1,"source":"lightfix"}],"uri":"file://ROOT/loop.py"}})json", R"json({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"code":"LF003","data":{"applicability":"unsafe","fix":"Return `sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0` instead (unsafe)"},"message":"`training_step` can end without returning a loss; DeepSpeed (selected at ROOT/train.py:5) raises \"Skipping backward by returning `None` from your `training_step` is not supported by `DeepSpeed`\"","range":{"end":{"character":21,"line":9},"start":{"character":4,"line":9}},"relatedInformation":[{"location":{"range":{"end":{"character":0,"line":5},"start":{"character":0,"line":4}},"uri":"file://ROOT/train.py"},"message":"DeepSpeed selected here"}],"severity":1,"source":"lightfix"}],"uri":"file://ROOT/model.py"}})json"}));

  // The strategy changed in train.py: model.py's finding goes, loop.py's
  // stays unsent, train.py (open, no findings) is not published.
  send(
      R"({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":")" +
      uri("train.py") +
      R"(","version":2},"contentChanges":[{"range":{"start":{"line":4,"character":30},"end":{"line":4,"character":47}},"text":"ddp"}]}})");
  server_.check();
  messages = sent();
  EXPECT_EQ(
      messages,
      (std::vector<std::string>{
          R"json({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"file://ROOT/model.py"}})json"}));
}

TEST_F(LanguageServerTest, OffersQuickFixesSuppressionAndFixAllUnderTheCursor) {
  initialize(R"(["utf-8","utf-16"])");
  open("loop.py", kLoop);
  server_.check();
  sent();
  send(
      R"({"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":")" +
      uri("loop.py") +
      R"("},"range":{"start":{"line":8,"character":30},"end":{"line":8,"character":30}},"context":{"diagnostics":[]}}})");
  std::vector<std::string> messages = sent();
  EXPECT_EQ(
      messages,
      (std::vector<std::string>{
          R"json({"id":2,"jsonrpc":"2.0","result":[{"diagnostics":[{"code":"LF001","data":{"applicability":"safe","fix":"Insert `model, optimizer = fabric.setup(model, optimizer)`"},"message":"`fabric.backward()` before any `fabric.setup()`; DeepSpeed (selected at line 4) raises \"No models were set up for backward\"","range":{"end":{"character":53,"line":8},"start":{"character":18,"line":8}},"relatedInformation":[{"location":{"range":{"end":{"character":0,"line":4},"start":{"character":0,"line":3}},"uri":"file://ROOT/loop.py"},"message":"DeepSpeed selected here"}],"severity":1,"source":"lightfix"}],"edit":{"changes":{"file://ROOT/loop.py":[{"newText":"\nmodel, optimizer = fabric.setup(model, optimizer)","range":{"end":{"character":55,"line":6},"start":{"character":55,"line":6}}}]}},"isPreferred":true,"kind":"quickfix","title":"Insert `model, optimizer = fabric.setup(model, optimizer)`"},{"diagnostics":[{"code":"LF001","data":{"applicability":"safe","fix":"Insert `model, optimizer = fabric.setup(model, optimizer)`"},"message":"`fabric.backward()` before any `fabric.setup()`; DeepSpeed (selected at line 4) raises \"No models were set up for backward\"","range":{"end":{"character":53,"line":8},"start":{"character":18,"line":8}},"relatedInformation":[{"location":{"range":{"end":{"character":0,"line":4},"start":{"character":0,"line":3}},"uri":"file://ROOT/loop.py"},"message":"DeepSpeed selected here"}],"severity":1,"source":"lightfix"}],"edit":{"changes":{"file://ROOT/loop.py":[{"newText":"  # noqa: LF001","range":{"end":{"character":53,"line":8},"start":{"character":53,"line":8}}}]}},"kind":"quickfix","title":"Suppress LF001 on this line"},{"edit":{"changes":{"file://ROOT/loop.py":[{"newText":"import torch\nimport lightning as L\n\nfabric = L.Fabric(strategy=\"deepspeed\", accelerator=\"cuda\", devices=2)\nfabric.launch()\nmodel = torch.nn.Linear(2, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nmodel, optimizer = fabric.setup(model, optimizer)\nfor batch in [torch.ones(2)]:\n    tag = \"😀\"; fabric.backward(model(batch).sum())\n    optimizer.step()\n","range":{"end":{"character":0,"line":10},"start":{"character":0,"line":0}}}]}},"kind":"source.fixAll.lightfix","title":"lightfix: fix all safe fixes"}]})json"}));
  // On save, only the fix-all.
  send(
      R"({"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{"textDocument":{"uri":")" +
      uri("loop.py") +
      R"("},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[],"only":["source.fixAll"]}}})");
  messages = sent();
  EXPECT_EQ(
      messages,
      (std::vector<std::string>{
          R"json({"id":3,"jsonrpc":"2.0","result":[{"edit":{"changes":{"file://ROOT/loop.py":[{"newText":"import torch\nimport lightning as L\n\nfabric = L.Fabric(strategy=\"deepspeed\", accelerator=\"cuda\", devices=2)\nfabric.launch()\nmodel = torch.nn.Linear(2, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nmodel, optimizer = fabric.setup(model, optimizer)\nfor batch in [torch.ones(2)]:\n    tag = \"😀\"; fabric.backward(model(batch).sum())\n    optimizer.step()\n","range":{"end":{"character":0,"line":10},"start":{"character":0,"line":0}}}]}},"kind":"source.fixAll.lightfix","title":"lightfix: fix all safe fixes"}]})json"}));
  send(
      R"({"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":")" +
      uri("loop.py") + R"("},"position":{"line":8,"character":30}}})");
  messages = sent();
  std::string page;
  llvm::raw_string_ostream(page) << llvm::json::Value(ruleDocs().at("LF001"));
  EXPECT_EQ(messages, (std::vector<std::string>{
                          R"({"id":4,"jsonrpc":"2.0","result":{"contents":{"kind":"markdown",)"
                          R"("value":)" +
                          page + "}}}"}));
}

TEST_F(LanguageServerTest, SettingsChooseTheRulesAndABadOneIsShownOnce) {
  initialize(R"(["utf-16"])", R"({"select":["LF003"]})");
  server_.check();
  std::vector<std::string> messages = sent();
  ASSERT_EQ(messages.size(), 2u);  // the reply to initialize, then model.py alone
  EXPECT_NE(messages[1].find(R"("uri":"file://ROOT/model.py")"), std::string::npos);

  send(
      R"({"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{"lightfix":{"select":["LF999"]}}}})");
  server_.check();
  server_.check();
  EXPECT_EQ(
      messages = sent(),
      (std::vector<std::string>{
          R"({"jsonrpc":"2.0","method":"window/showMessage","params":{"message":"lightfix: unknown rule code `LF999` in the `select` setting","type":1}})",
          R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"file://ROOT/model.py"}})"}));
}

TEST_F(LanguageServerTest, AsksAClientThatAnswersForItsSettings) {
  send(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":")" +
      uri("").substr(0, uri("").size() - 1) +
      R"(","capabilities":{"workspace":{"configuration":true}},"initializationOptions":{"select":["LF001"]}}})");
  send(R"({"jsonrpc":"2.0","method":"initialized","params":{}})");
  std::vector<std::string> messages = sent();
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(
      messages[1],
      R"({"id":"lightfix-1","jsonrpc":"2.0","method":"workspace/configuration","params":{"items":[{"section":"lightfix"}]}})");
  // Its answer replaces the settings given at initialize: LF003 alone.
  send(R"({"jsonrpc":"2.0","id":"lightfix-1","result":[{"select":["LF003"]}]})");
  server_.check();
  messages = sent();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find(R"("uri":"file://ROOT/model.py")"), std::string::npos);
  // A change announced without the settings: asked again; a null answer (no
  // `lightfix` section) keeps them, and an answer to an older request is
  // not read.
  send(
      R"({"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":null}})");
  EXPECT_EQ(
      sent(),
      (std::vector<std::string>{
          R"({"id":"lightfix-2","jsonrpc":"2.0","method":"workspace/configuration","params":{"items":[{"section":"lightfix"}]}})"}));
  send(R"({"jsonrpc":"2.0","id":"lightfix-1","result":[{"select":["LF001"]}]})");
  send(R"({"jsonrpc":"2.0","id":"lightfix-2","result":[null]})");
  EXPECT_FALSE(server_.checkPending());
  send(R"({"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{}})");
  sent();
  send(R"({"jsonrpc":"2.0","id":"lightfix-3","result":[{"select":["LF001"]}]})");
  EXPECT_TRUE(server_.checkPending());
  server_.check();
  messages = sent();
  ASSERT_EQ(messages.size(), 2u);  // model.py cleared, then loop.py's LF001
  EXPECT_EQ(
      messages[0],
      R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"file://ROOT/model.py"}})");
  EXPECT_NE(messages[1].find(R"("code":"LF001")"), std::string::npos);
  EXPECT_NE(messages[1].find(R"("uri":"file://ROOT/loop.py")"), std::string::npos);
}

TEST_F(LanguageServerTest, AClientThatPullsIsPushedOnlyTheFilesItHasNotOpen) {
  send(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":")" +
      uri("").substr(0, uri("").size() - 1) +
      R"(","capabilities":{"textDocument":{"diagnostic":{}},"workspace":{"diagnostics":{"refreshSupport":true}}}}})");
  send(R"({"jsonrpc":"2.0","method":"initialized","params":{}})");
  std::vector<std::string> messages = sent();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(
      messages[0].find(
          R"("diagnosticProvider":{"identifier":"lightfix","interFileDependencies":true,"workspaceDiagnostics":false})"),
      std::string::npos);
  open("model.py", kModel);
  server_.check();
  // loop.py is pushed; model.py, open, is not: the client is asked to pull.
  messages = sent();
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_NE(messages[0].find(R"("uri":"file://ROOT/loop.py")"), std::string::npos);
  EXPECT_EQ(messages[1],
            R"({"id":"lightfix-1","jsonrpc":"2.0","method":"workspace/diagnostic/refresh"})");

  auto pull = [&](int id, const std::string& previous) {
    send(R"({"jsonrpc":"2.0","id":)" + std::to_string(id) +
         R"(,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":")" +
         uri("model.py") + R"("})" +
         (previous.empty() ? std::string() : R"(,"previousResultId":")" + previous + '"') + "}}");
    std::vector<std::string> answer = sent();
    return answer.size() == 1 ? answer[0] : std::string("not one answer");
  };
  std::string full = pull(2, "");
  EXPECT_EQ(full.substr(0, 58), R"({"id":2,"jsonrpc":"2.0","result":{"items":[{"code":"LF003")");
  EXPECT_NE(full.find(R"("kind":"full","resultId":"2")"), std::string::npos);
  EXPECT_EQ(pull(3, "2"),
            R"({"id":3,"jsonrpc":"2.0","result":{"kind":"unchanged","resultId":"2"}})");

  // train.py's strategy changed on disk: model.py's finding goes, and the
  // client is asked to pull again; loop.py's, unchanged, is not pushed.
  write("train.py",
        std::string(kTrain).replace(std::string(kTrain).find("deepspeed_stage_2"), 17, "ddp"));
  send(R"({"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[]}})");
  server_.check();
  EXPECT_EQ(sent(),
            (std::vector<std::string>{
                R"({"id":"lightfix-2","jsonrpc":"2.0","method":"workspace/diagnostic/refresh"})"}));
  EXPECT_EQ(pull(4, "2"),
            R"({"id":4,"jsonrpc":"2.0","result":{"items":[],"kind":"full","resultId":"0"}})");

  // Closed, its findings would be pushed again: none now. Opening loop.py
  // clears what was pushed for it; the client pulls what it opens.
  send(R"({"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":")" +
       uri("model.py") + R"("}}})");
  open("loop.py", kLoop);
  server_.check();
  EXPECT_EQ(
      sent(),
      (std::vector<std::string>{
          R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"file://ROOT/loop.py","version":1}})"}));
}

TEST_F(LanguageServerTest, TheWorkspaceFixAllSendsEachFixableFileToTheClient) {
  initialize();
  server_.check();
  sent();
  send(
      R"({"jsonrpc":"2.0","id":2,"method":"workspace/executeCommand","params":{"command":"lightfix.fixAll","arguments":[]}})");
  send(
      R"({"jsonrpc":"2.0","id":3,"method":"workspace/executeCommand","params":{"command":"lightfix.fixEverything"}})");
  std::vector<std::string> messages = sent();
  ASSERT_EQ(messages.size(), 3u);
  // loop.py's safe fix; model.py's LF003 fix is unsafe, so no edit for it.
  std::string fixed = kLoop;
  fixed.insert(fixed.find("for batch"), "model, optimizer = fabric.setup(model, optimizer)\n");
  std::string newText;
  llvm::raw_string_ostream(newText) << llvm::json::Value(fixed);
  EXPECT_EQ(
      messages[0],
      R"({"id":"lightfix-1","jsonrpc":"2.0","method":"workspace/applyEdit","params":{"edit":{"changes":{"file://ROOT/loop.py":[{"newText":)" +
          newText +
          R"(,"range":{"end":{"character":0,"line":10},"start":{"character":0,"line":0}}}]}},"label":"lightfix: fix all"}})");
  EXPECT_EQ(messages[1], R"({"id":2,"jsonrpc":"2.0","result":null})");
  EXPECT_EQ(
      messages[2],
      R"({"error":{"code":-32602,"message":"lightfix has no command lightfix.fixEverything"},"id":3,"jsonrpc":"2.0"})");
}

TEST_F(LanguageServerTest, FollowsTheLifecycle) {
  send(R"({"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}})");
  initialize();
  send(R"({"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{}})");
  send(R"({"jsonrpc":"2.0","id":3,"method":"shutdown"})");
  send(R"({"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{}})");
  std::vector<std::string> messages = sent();
  messages.erase(messages.begin() + 1);  // the reply to initialize
  EXPECT_EQ(
      messages,
      (std::vector<std::string>{
          R"({"error":{"code":-32002,"message":"the server is not initialized"},"id":1,"jsonrpc":"2.0"})",
          R"({"error":{"code":-32601,"message":"lightfix does not answer textDocument/definition"},"id":2,"jsonrpc":"2.0"})",
          R"({"id":3,"jsonrpc":"2.0","result":null})",
          R"({"error":{"code":-32600,"message":"the server is shutting down"},"id":4,"jsonrpc":"2.0"})"}));
  EXPECT_FALSE(server_.exited());
  send(R"({"jsonrpc":"2.0","method":"exit"})");
  EXPECT_TRUE(server_.exited());
  EXPECT_EQ(server_.exitCode(), 0);

  LanguageServer abrupt([](const llvm::json::Value&) {});
  abrupt.handle(llvm::json::Object{{"jsonrpc", "2.0"}, {"method", "exit"}});
  EXPECT_EQ(abrupt.exitCode(), 1);
}

TEST(ServerLoop, ServesFramedMessagesUntilExit) {
  auto frame = [](const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  std::istringstream in(
      frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
      frame("{not json") + frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
      frame(R"({"jsonrpc":"2.0","method":"exit"})"));
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(runServer(in, out, err), 0);
  std::string text = out.str();
  EXPECT_EQ(
      text.substr(text.find("Content-Length", 1)),
      frame(
          R"({"error":{"code":-32700,"message":"not JSON: [1:2, byte=2]: Expected object key"},"id":null,"jsonrpc":"2.0"})") +
          frame(R"({"id":2,"jsonrpc":"2.0","result":null})"));
  EXPECT_EQ(err.str(), "");
}

}  // namespace
}  // namespace lightfix
