// The sanitizer runtimes' defaults, linked into the sanitized binaries
// (lightfix, lightfix_tests, lightfix_fuzz): every run, the lightfix a test
// spawns included, stops at its first report with exit status 99, which no
// lightfix exit code (0, 1, 2) can be taken for; ASAN_OPTIONS, UBSAN_OPTIONS
// and LSAN_OPTIONS still override them.

#ifndef LIGHTFIX_LSAN_SUPPRESSIONS
#error "LIGHTFIX_LSAN_SUPPRESSIONS must name sanitize/lsan.supp"
#endif

// NOLINTBEGIN(bugprone-reserved-identifier): the names the runtimes call.
extern "C" {

__attribute__((visibility("default"), used)) const char* __asan_default_options() {
  return "halt_on_error=1:detect_leaks=1:exitcode=99:strict_init_order=1:"
         "check_initialization_order=1";
}

__attribute__((visibility("default"), used)) const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1:exitcode=99";
}

__attribute__((visibility("default"), used)) const char* __lsan_default_options() {
  return "suppressions=" LIGHTFIX_LSAN_SUPPRESSIONS ":print_suppressions=0";
}
}
// NOLINTEND(bugprone-reserved-identifier)
