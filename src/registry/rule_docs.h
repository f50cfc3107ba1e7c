#pragma once
// The rule pages of docs/rules/, compiled in (see cmake/embed_docs.cmake).

#include <map>
#include <string>

namespace lightfix {

const std::map<std::string, std::string>& ruleDocs();

}  // namespace lightfix
