#pragma once
// Tree-sitter queries: the shortest way to say a purely syntactic pattern.
// Supports the `#eq?` predicate between a capture and a string.

#include <tree_sitter/api.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

class Query {
 public:
  // Compiles the pattern; a malformed pattern is a programming error and aborts.
  explicit Query(std::string_view pattern);
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  class Match {
   public:
    // The node captured as @name, or a null node.
    TSNode operator[](std::string_view name) const;

   private:
    friend class Query;
    const Query* query_ = nullptr;
    const TSQueryMatch* match_ = nullptr;
  };

  // Calls onMatch for every match under root whose predicates hold.
  void forEach(TSNode root, std::string_view source,
               const std::function<void(const Match&)>& onMatch) const;

 private:
  struct EqPredicate {
    uint32_t capture;
    std::string value;
  };
  TSQuery* query_;
  std::vector<std::vector<EqPredicate>> predicates_;  // per pattern
};

}  // namespace lightfix
