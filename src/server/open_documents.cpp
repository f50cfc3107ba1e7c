#include "server/open_documents.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace lightfix {

void OpenDocuments::open(OpenDocument document) {
  std::string uri = document.uri;
  documents_[uri] = std::move(document);
}

bool OpenDocuments::change(const std::string& uri, int64_t version,
                           const llvm::json::Array& changes, PositionEncoding encoding,
                           std::string& error) {
  auto found = documents_.find(uri);
  if (found == documents_.end()) {
    error = "a change to a document that is not open: " + uri;
    return false;
  }
  OpenDocument& document = found->second;
  for (const llvm::json::Value& change : changes) {
    const llvm::json::Object* object = change.getAsObject();
    llvm::Optional<llvm::StringRef> text = object ? object->getString("text") : llvm::None;
    if (!text) {
      error = "a change without text to " + uri;
      return false;
    }
    const llvm::json::Object* range = object->getObject("range");
    if (!range) {
      document.text = text->str();
      continue;
    }
    std::optional<LspPosition> start = positionOf(range->getObject("start"));
    std::optional<LspPosition> end = positionOf(range->getObject("end"));
    if (!start || !end) {
      error = "a change with a malformed range to " + uri;
      return false;
    }
    LineIndex lines(document.text);
    uint32_t from = lines.offset(*start, encoding);
    uint32_t to = std::max(from, lines.offset(*end, encoding));
    document.text.replace(from, to - from, text->str());
  }
  document.version = version;
  return true;
}

void OpenDocuments::close(const std::string& uri) { documents_.erase(uri); }

const OpenDocument* OpenDocuments::byUri(const std::string& uri) const {
  auto found = documents_.find(uri);
  return found == documents_.end() ? nullptr : &found->second;
}

const OpenDocument* OpenDocuments::byPath(const std::string& path) const {
  for (const auto& [uri, document] : documents_)
    if (document.path == path) return &document;
  return nullptr;
}

std::map<std::string, std::string> OpenDocuments::texts() const {
  std::map<std::string, std::string> texts;
  for (const auto& [uri, document] : documents_) texts[document.path] = document.text;
  return texts;
}

}  // namespace lightfix
