// The pieces of `lightfix server` under the protocol: positions in each
// encoding, file URIs, message framing and the buffers' incremental changes.

#include <gtest/gtest.h>

#include <sstream>

#include "server/file_uri.h"
#include "server/lsp_transport.h"
#include "server/open_documents.h"
#include "server/text_positions.h"

namespace lightfix {
namespace {

TEST(LineIndex, CountsCodeUnitsOfEachEncoding) {
  // `😀` is 4 bytes of UTF-8, 2 units of UTF-16 and 1 of UTF-32; `é` is 2, 1, 1.
  std::string text = "a = \"\xF0\x9F\x98\x80\xC3\xA9\"; f(x)\n";
  uint32_t f = static_cast<uint32_t>(text.find("f(x)"));
  LineIndex lines(text);
  EXPECT_EQ(lines.position(f, PositionEncoding::Utf8), (LspPosition{0, 14}));
  EXPECT_EQ(lines.position(f, PositionEncoding::Utf16), (LspPosition{0, 11}));
  EXPECT_EQ(lines.position(f, PositionEncoding::Utf32), (LspPosition{0, 10}));
  for (PositionEncoding e :
       {PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32})
    EXPECT_EQ(lines.offset(lines.position(f, e), e), f) << encodingName(e);
}

TEST(LineIndex, BreaksLinesAsTheProtocolDoes) {
  // `\n`, `\r\n` and a lone `\r` each end a line.
  std::string text = "a\nbb\r\nccc\rd";
  LineIndex lines(text);
  EXPECT_EQ(lines.position(2, PositionEncoding::Utf16), (LspPosition{1, 0}));
  EXPECT_EQ(lines.position(6, PositionEncoding::Utf16), (LspPosition{2, 0}));
  EXPECT_EQ(lines.position(10, PositionEncoding::Utf16), (LspPosition{3, 0}));
  EXPECT_EQ(lines.position(11, PositionEncoding::Utf16), (LspPosition{3, 1}));
  // Past a line's end is its end (before `\r\n`); past the last line, the text's end.
  EXPECT_EQ(lines.offset({1, 99}, PositionEncoding::Utf16), 4u);
  EXPECT_EQ(lines.offset({9, 0}, PositionEncoding::Utf16), 11u);
}

TEST(FileUri, PathsRoundTripWithEscapes) {
  EXPECT_EQ(uriOfPath("/home/me/my project/train ü.py"),
            "file:///home/me/my%20project/train%20%C3%BC.py");
  EXPECT_EQ(pathOfUri("file:///home/me/my%20project/train%20%C3%BC.py"),
            "/home/me/my project/train \xC3\xBC.py");
  EXPECT_EQ(pathOfUri("file://localhost/tmp/a.py"), "/tmp/a.py");
  EXPECT_EQ(pathOfUri("untitled:Untitled-1"), std::nullopt);
  EXPECT_EQ(pathOfUri("file:///tmp/a%2"), std::nullopt);
}

TEST(LspTransport, ReadsFramedMessagesAndWritesThem) {
  std::istringstream in(
      "Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
      "{\"a\":1}Content-Length: 2\r\n\r\n[]");
  std::string error;
  EXPECT_EQ(readMessage(in, error), "{\"a\":1}");
  EXPECT_EQ(readMessage(in, error), "[]");
  EXPECT_EQ(readMessage(in, error), std::nullopt);
  EXPECT_EQ(error, "");

  std::istringstream bad("Content-Length: seven\r\n\r\n{}");
  EXPECT_EQ(readMessage(bad, error), std::nullopt);
  EXPECT_EQ(error, "a message header's Content-Length is not a number: Content-Length: seven");
  std::istringstream cut("Content-Length: 10\r\n\r\n{}");
  EXPECT_EQ(readMessage(cut, error), std::nullopt);
  EXPECT_EQ(error, "the stream ended inside a message");

  std::ostringstream out;
  writeMessage(out, llvm::json::Object{{"id", 1}, {"result", nullptr}});
  EXPECT_EQ(out.str(), "Content-Length: 22\r\n\r\n{\"id\":1,\"result\":null}");
}

TEST(OpenDocuments, AppliesIncrementalChangesInTheAgreedEncoding) {
  OpenDocuments documents;
  documents.open({"file:///p/t.py", "/p/t.py", 1, "# \xF0\x9F\x98\x80\nfabric.backward(loss)\n"});
  // UTF-16: the emoji is two units, so character 4 is past it and the space.
  llvm::Expected<llvm::json::Value> changes = llvm::json::parse(R"([
    {"range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 4}},
     "text": " ok"},
    {"range": {"start": {"line": 1, "character": 16}, "end": {"line": 1, "character": 20}},
     "text": "loss, model=model"}])");
  ASSERT_TRUE(static_cast<bool>(changes));
  std::string error;
  ASSERT_TRUE(
      documents.change("file:///p/t.py", 2, *changes->getAsArray(), PositionEncoding::Utf16, error))
      << error;
  const OpenDocument* document = documents.byPath("/p/t.py");
  ASSERT_NE(document, nullptr);
  EXPECT_EQ(document->text, "# \xF0\x9F\x98\x80 ok\nfabric.backward(loss, model=model)\n");
  EXPECT_EQ(document->version, 2);

  llvm::Expected<llvm::json::Value> whole = llvm::json::parse(R"([{"text": "x = 1\n"}])");
  ASSERT_TRUE(
      documents.change("file:///p/t.py", 3, *whole->getAsArray(), PositionEncoding::Utf16, error));
  EXPECT_EQ(documents.texts().at("/p/t.py"), "x = 1\n");
  EXPECT_FALSE(documents.change("file:///p/other.py", 1, *whole->getAsArray(),
                                PositionEncoding::Utf16, error));
  EXPECT_EQ(error, "a change to a document that is not open: file:///p/other.py");
}

}  // namespace
}  // namespace lightfix
