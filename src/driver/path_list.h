#pragma once
// PathList: many paths in little memory. A run keeps every path it
// discovered (the batch report counts them), so that a fleet of 50,000 files
// would hold 50,000 strings of ~140 bytes each (with the vector's slack);
// here each path is its folder, stored once for the files of a folder that
// come together, and its name, in one buffer: ~52 bytes a file.

#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

class PathList {
 public:
  PathList() = default;
  PathList(std::initializer_list<std::string_view> paths);

  void push_back(std::string_view path);
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  // The path as it was added, byte for byte.
  std::string operator[](size_t i) const;
  // Only the paths whose `keep[i]` is true, in order.
  void keepOnly(const std::vector<bool>& keep);

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::string;
    const_iterator(const PathList* list, size_t i) : list_(list), i_(i) {}
    std::string operator*() const { return (*list_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }

   private:
    const PathList* list_;
    size_t i_;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

 private:
  struct Span {
    uint32_t start = 0;
    uint32_t length = 0;
  };
  static constexpr uint32_t kNoFolder = UINT32_MAX;  // the path has no slash
  struct Entry {
    uint32_t folder;  // into folders_, or kNoFolder
    Span name;        // after the folder's slash
  };

  std::string_view text(Span s) const { return std::string_view(chars_).substr(s.start, s.length); }
  Span append(std::string_view s);

  std::string chars_;  // every folder and name, back to back
  std::vector<Span> folders_;
  std::vector<Entry> entries_;
};

}  // namespace lightfix
