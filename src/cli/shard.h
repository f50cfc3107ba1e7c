#pragma once
// --shard K/N: a fleet of repositories split over N runs (a Slurm array, a
// CI matrix, a Kubernetes Indexed Job), each checking its own part. The
// paths named are sorted and dealt out in turn, so every run given the same
// paths, in any order, takes a part of about the same size, and the N parts
// are the whole.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

struct Shard {
  size_t index = 1;  // 1 to count
  size_t count = 1;
};

// `K/N` with 1 <= K <= N; else nothing, and `why` says what is wrong.
std::optional<Shard> parseShard(std::string_view text, std::string& why);

// The positions in `paths` (as named) of the paths that are `shard`'s, in
// order.
std::vector<size_t> shardPositions(const std::vector<std::string>& paths, Shard shard);

}  // namespace lightfix
