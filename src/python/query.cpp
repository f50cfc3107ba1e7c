#include "python/query.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

Query::Query(std::string_view pattern) {
  uint32_t errorOffset = 0;
  TSQueryError error = TSQueryErrorNone;
  query_ = ts_query_new(pythonLanguage(), pattern.data(), static_cast<uint32_t>(pattern.size()),
                        &errorOffset, &error);
  if (!query_) {
    std::fprintf(stderr, "lightfix: internal error: bad query at offset %u\n", errorOffset);
    std::abort();
  }
  uint32_t patterns = ts_query_pattern_count(query_);
  predicates_.resize(patterns);
  for (uint32_t p = 0; p < patterns; ++p) {
    uint32_t steps = 0;
    const TSQueryPredicateStep* step = ts_query_predicates_for_pattern(query_, p, &steps);
    // A predicate is a run of steps ended by a Done step; only
    // `(#eq? @capture "text")` is understood.
    std::vector<TSQueryPredicateStep> current;
    for (uint32_t i = 0; i < steps; ++i) {
      if (step[i].type != TSQueryPredicateStepTypeDone) {
        current.push_back(step[i]);
        continue;
      }
      uint32_t len = 0;
      if (current.size() == 3 && current[0].type == TSQueryPredicateStepTypeString &&
          current[1].type == TSQueryPredicateStepTypeCapture &&
          current[2].type == TSQueryPredicateStepTypeString) {
        const char* name = ts_query_string_value_for_id(query_, current[0].value_id, &len);
        if (std::string_view(name, len) == "eq?") {
          const char* value = ts_query_string_value_for_id(query_, current[2].value_id, &len);
          predicates_[p].push_back({current[1].value_id, std::string(value, len)});
        }
      }
      current.clear();
    }
  }
}

Query::~Query() { ts_query_delete(query_); }

TSNode Query::Match::operator[](std::string_view name) const {
  for (uint16_t i = 0; i < match_->capture_count; ++i) {
    uint32_t len = 0;
    const char* captured =
        ts_query_capture_name_for_id(query_->query_, match_->captures[i].index, &len);
    if (std::string_view(captured, len) == name) return match_->captures[i].node;
  }
  return TSNode{};
}

void Query::forEach(TSNode root, std::string_view source,
                    const std::function<void(const Match&)>& onMatch) const {
  TSQueryCursor* cursor = ts_query_cursor_new();
  ts_query_cursor_exec(cursor, query_, root);
  TSQueryMatch match;
  while (ts_query_cursor_next_match(cursor, &match)) {
    bool ok = true;
    for (const EqPredicate& pred : predicates_[match.pattern_index]) {
      bool found = false;
      for (uint16_t i = 0; i < match.capture_count && !found; ++i)
        if (match.captures[i].index == pred.capture)
          found = textOf(match.captures[i].node, source) == pred.value;
      ok = ok && found;
    }
    if (!ok) continue;
    Match m;
    m.query_ = this;
    m.match_ = &match;
    onMatch(m);
  }
  ts_query_cursor_delete(cursor);
}

}  // namespace lightfix
