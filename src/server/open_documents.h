#pragma once
// The buffers an editor has open: their text as the client last sent it,
// which stands for their file on disk in every check.

#include <llvm/Support/JSON.h>

#include <cstdint>
#include <map>
#include <string>

#include "server/text_positions.h"

namespace lightfix {

struct OpenDocument {
  std::string uri;   // as the client names it
  std::string path;  // normalisedPath() of the file it is
  int64_t version = 0;
  std::string text;
};

class OpenDocuments {
 public:
  void open(OpenDocument document);
  // Applies `textDocument/didChange`'s contentChanges in order: a whole
  // text, or a range replaced; false, with `error`, for a document not
  // open or a change that is neither.
  bool change(const std::string& uri, int64_t version, const llvm::json::Array& changes,
              PositionEncoding encoding, std::string& error);
  void close(const std::string& uri);

  const OpenDocument* byUri(const std::string& uri) const;
  const OpenDocument* byPath(const std::string& path) const;
  // Every buffer's text by its normalised path (RunOptions::buffers).
  std::map<std::string, std::string> texts() const;
  const std::map<std::string, OpenDocument>& all() const { return documents_; }

 private:
  std::map<std::string, OpenDocument> documents_;  // by uri
};

}  // namespace lightfix
