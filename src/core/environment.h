#pragma once
// The environment variables lightfix reads (docs/cli.md, "Environment"), read
// one way: an empty value counts as unset, as no-color.org has it.

namespace lightfix {

// The variable's value; null when it is unset or empty.
const char* envValue(const char* name);

// Whether a switch is on: set, not empty and not "0" (FORCE_COLOR=0 is off).
bool envSwitch(const char* name);

}  // namespace lightfix
