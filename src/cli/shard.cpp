#include "cli/shard.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <numeric>

#include <fmt/format.h>

namespace lightfix {

namespace {

std::optional<size_t> number(std::string_view text) {
  size_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return n;
}

}  // namespace

std::optional<Shard> parseShard(std::string_view text, std::string& why) {
  size_t slash = text.find('/');
  if (slash != std::string_view::npos) {
    std::optional<size_t> k = number(text.substr(0, slash));
    std::optional<size_t> n = number(text.substr(slash + 1));
    if (k && n && *k >= 1 && *k <= *n) return Shard{*k, *n};
  }
  why = fmt::format("--shard {}: not K/N with 1 <= K <= N (such as 2/8)", text);
  return std::nullopt;
}

std::vector<size_t> shardPositions(const std::vector<std::string>& paths, Shard shard) {
  // Sorted by the path as it names a folder (`repo/` is `repo`), ties kept
  // in order: the same deal whatever order the paths came in.
  std::vector<std::string> keys;
  keys.reserve(paths.size());
  for (const std::string& path : paths) {
    std::string k = std::filesystem::path(path).lexically_normal().generic_string();
    while (k.size() > 1 && k.back() == '/') k.pop_back();
    keys.push_back(std::move(k));
  }
  std::vector<size_t> order(paths.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return keys[a] < keys[b] || (keys[a] == keys[b] && paths[a] < paths[b]);
  });
  std::vector<size_t> mine;
  for (size_t rank = shard.index - 1; rank < order.size(); rank += shard.count)
    mine.push_back(order[rank]);
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace lightfix
