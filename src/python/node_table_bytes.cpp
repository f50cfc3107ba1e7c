// A NodeTable as bytes and back, for the table store: a file parsed in an
// earlier run is not parsed again.

#include <cstdint>
#include <cstring>

#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

namespace {

// Bumped whenever Entry's layout or meaning changes.
constexpr char kMagic[8] = {'L', 'F', 'T', 'A', 'B', 'L', 'E', '1'};

struct Header {
  char magic[8];
  uint64_t count;
};

// Whether every place an entry names lies in the table or the text: a walk
// of a table read from disk must stay inside both, whatever the bytes were.
bool wellFormed(const NodeTable::Entry* entries, uint32_t count, size_t textSize,
                const TSLanguage* language) {
  const uint32_t symbols = ts_language_symbol_count(language);
  const uint32_t fields = ts_language_field_count(language);
  constexpr TSSymbol kErrorSymbol = static_cast<TSSymbol>(-1);
  for (uint32_t i = 0; i < count; ++i) {
    const NodeTable::Entry& e = entries[i];
    bool fits = e.start <= e.end && e.end <= textSize && i < e.subtreeEnd &&
                e.subtreeEnd <= count && e.function < static_cast<int32_t>(i) && e.function >= -1 &&
                (e.symbol < symbols || e.symbol == kErrorSymbol) && e.field <= fields &&
                e.flags <= (NodeTable::kNamed | NodeTable::kMissing | NodeTable::kHasError);
    if (i == 0) {
      fits = fits && e.parent == -1 && e.subtreeEnd == count;
    } else {
      // Inside its parent's subtree, which comes before it.
      fits = fits && e.parent >= 0 && e.parent < static_cast<int32_t>(i) &&
             e.subtreeEnd <= entries[e.parent].subtreeEnd;
    }
    if (!fits) return false;
  }
  return true;
}

}  // namespace

std::string NodeTable::bytes() const {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.count = count_;
  std::string out(sizeof header + count_ * sizeof(Entry), '\0');
  std::memcpy(out.data(), &header, sizeof header);
  if (count_ > 0) std::memcpy(out.data() + sizeof header, entries_, count_ * sizeof(Entry));
  return out;
}

std::unique_ptr<NodeTable> NodeTable::fromBytes(std::string_view bytes, size_t textSize,
                                                std::shared_ptr<const void> owner) {
  Header header{};
  if (bytes.size() < sizeof header) return nullptr;
  std::memcpy(&header, bytes.data(), sizeof header);
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 || header.count == 0 ||
      header.count > UINT32_MAX || bytes.size() - sizeof header != header.count * sizeof(Entry))
    return nullptr;
  std::unique_ptr<NodeTable> table(new NodeTable());
  table->language_ = pythonLanguage();
  table->count_ = static_cast<uint32_t>(header.count);
  const char* at = bytes.data() + sizeof header;
  if (owner && reinterpret_cast<uintptr_t>(at) % alignof(Entry) == 0) {
    table->entries_ = reinterpret_cast<const Entry*>(at);
    table->storage_ = std::move(owner);
  } else {
    auto entries = std::make_shared<std::vector<Entry>>(header.count);
    std::memcpy(entries->data(), at, header.count * sizeof(Entry));
    table->entries_ = entries->data();
    table->storage_ = std::move(entries);
  }
  if (!wellFormed(table->entries_, table->count_, textSize, table->language_)) return nullptr;
  table->indexEntries();
  return table;
}

}  // namespace lightfix
