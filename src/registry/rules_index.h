#pragma once
// docs/rules/index.md, made from the rule table so that it cannot drift:
// `lightfix rules --markdown` prints it, a test compares it with the file.

#include <string>

namespace lightfix {

std::string rulesIndexMarkdown();

}  // namespace lightfix
