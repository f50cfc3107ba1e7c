// The pieces of `lightfix server` under the protocol: positions in each
// encoding, file URIs, message framing and the buffers' incremental changes.

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "server/file_uri.h"
#include "server/lsp_findings.h"
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

TEST(SuppressionEdit, AppendsJoinsOrRefuses) {
  auto edit = [](const std::string& path, const std::string& text, const std::string& at,
                 const std::string& code = "LF006") {
    SourceFile file(path, text);
    Diagnostic d;
    d.code = code;
    d.offset = static_cast<uint32_t>(text.find(at));
    std::optional<SuppressionEdit> e = suppressionEdit(file, d);
    if (!e) return std::string("none");
    std::string out = text;
    out.insert(e->offset, e->text);
    return out;
  };
  EXPECT_EQ(edit("t.py", "loss.backward()\nx = 1\n", "loss"),
            "loss.backward()  # noqa: LF006\nx = 1\n");
  EXPECT_EQ(edit("t.py", "loss.backward()  # noqa: F401, LF001  \r\n", "loss"),
            "loss.backward()  # noqa: F401, LF001, LF006  \r\n");
  // A comment after `\\` would end the statement; one inside a string
  // would not be a comment.
  EXPECT_EQ(edit("t.py", "loss = a + \\\n    b\n", "loss"), "none");
  EXPECT_EQ(edit("t.py", "f(x, \"\"\"\nabc\"\"\")\n", "f("), "none");
  EXPECT_EQ(edit("train.cpp", "loss.backward();\n", "loss", "LT001"),
            "loss.backward();  // NOLINT(LT001)\n");
  EXPECT_EQ(edit("conf.yaml", "strategy: deepspeed\n", "strategy", "LF014"), "none");
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

// A reference for UTF-16 positions: the text as code points, each
// counted as one or two units.
std::u32string decode(const std::string& utf8) {
  std::u32string out;
  for (size_t i = 0; i < utf8.size();) {
    auto lead = static_cast<unsigned char>(utf8[i]);
    size_t n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? lead : lead & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    out.push_back(c);
    i += n;
  }
  return out;
}

std::string encode(const std::u32string& text) {
  std::string out;
  for (char32_t c : text) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

// The code point index of a UTF-16 position in `text`, the protocol's
// way, line breaks `\n`, `\r\n` and `\r`.
size_t referenceIndex(const std::u32string& text, LspPosition p) {
  size_t i = 0;
  for (uint32_t line = 0; line < p.line && i < text.size(); ++i)
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n')))
      ++line;
  uint32_t units = 0;
  while (i < text.size() && text[i] != '\n' && text[i] != '\r' && units < p.character)
    units += text[i++] >= 0x10000 ? 2 : 1;
  return i;
}

// Moves a position that falls between a surrogate pair's two units to
// before the pair.
void snapOutOfPairs(const std::u32string& text, LspPosition& p) {
  size_t i = 0;
  for (uint32_t line = 0; line < p.line && i < text.size(); ++i)
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n')))
      ++line;
  uint32_t units = 0;
  while (i < text.size() && text[i] != '\n' && text[i] != '\r' && units < p.character) {
    uint32_t width = text[i++] >= 0x10000 ? 2 : 1;
    if (units + width > p.character) {
      p.character = units;
      return;
    }
    units += width;
  }
}

// Thousands of random edits, as an editor sends them, against a reference
// built on code points: the buffer always equals the reference, and every
// position converts to an offset and back.
TEST(OpenDocuments, RandomEditsInUtf16MatchAReferenceOnCodePoints) {
  const std::vector<std::string> pieces = {
      "a",        "fabric.backward(loss)", "\n",   "\r\n", "\r",
      "\xC3\xA9", "\xF0\x9F\x98\x80",      "    ", "",     "\xE4\xB8\xAD"};
  std::mt19937 random(20261206);
  auto pick = [&](size_t n) { return static_cast<uint32_t>(random() % n); };
  OpenDocuments documents;
  std::u32string reference = U"import lightning as L\n";
  documents.open({"file:///p/t.py", "/p/t.py", 1, encode(reference)});
  for (int version = 2; version < 3000; ++version) {
    LspPosition start{pick(8), pick(30)};
    LspPosition end = pick(3) == 0 ? start : LspPosition{start.line + pick(2), pick(30)};
    std::string piece = pieces[pick(pieces.size())] + pieces[pick(pieces.size())];
    // A position inside a surrogate pair is the client's error: not sent.
    snapOutOfPairs(reference, start);
    snapOutOfPairs(reference, end);
    size_t from = referenceIndex(reference, start);
    size_t to = std::max(from, referenceIndex(reference, end));
    llvm::json::Array change{llvm::json::Object{
        {"range",
         llvm::json::Object{
             {"start", llvm::json::Object{{"line", start.line}, {"character", start.character}}},
             {"end", llvm::json::Object{{"line", end.line}, {"character", end.character}}}}},
        {"text", piece}}};
    std::string error;
    ASSERT_TRUE(documents.change("file:///p/t.py", version, change, PositionEncoding::Utf16, error))
        << error;
    reference.replace(from, to - from, decode(piece));
    const std::string& text = documents.byUri("file:///p/t.py")->text;
    ASSERT_EQ(text, encode(reference)) << "after edit " << version;
    LineIndex lines(text);
    for (uint32_t offset = 0; offset <= text.size(); ++offset) {
      // Inside a UTF-8 sequence, or between `\r` and `\n`: no position.
      if (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80)
        continue;
      if (offset > 0 && text[offset - 1] == '\r' && offset < text.size() && text[offset] == '\n')
        continue;
      for (PositionEncoding e :
           {PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32})
        ASSERT_EQ(lines.offset(lines.position(offset, e), e), offset) << "after edit " << version;
    }
  }
}

}  // namespace
}  // namespace lightfix
