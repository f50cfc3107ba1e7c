#pragma once
// Every rule lightfix has, in the order they run and are listed
// (registry.cpp): the one place that joins each rule's matcher and fixer.

#include <string_view>
#include <vector>

#include "rules/rule.h"

namespace lightfix {

const std::vector<Rule>& allRules();
const Rule* findRule(std::string_view code);

}  // namespace lightfix
