# vmpl_add_test(<name> [PASS <regex>] [FAIL <regex>] [EXIT <regex>]
#               COMMAND <program> [<arg>...])
#
# Every ctest test of the tree is added through this function, so that each
# one fails on a non-zero exit code and on a sanitizer report, whatever
# else it expects:
#   - the command runs under tests/run-expect.sh, which ends the output
#     with "run-expect: exit status N" (ctest ignores the exit code once
#     PASS_REGULAR_EXPRESSION is set);
#   - FAIL_REGULAR_EXPRESSION always holds that line for N != 0 and the
#     sanitizers' "ERROR: ...Sanitizer", TSan's "WARNING: ThreadSanitizer"
#     and UBSan's "runtime error", plus the test's own FAIL regex.
# PASS sets PASS_REGULAR_EXPRESSION. EXIT <regex> is for a test whose
# command must fail (a launcher reporting an aborted job): its exit status
# must match <regex>, after the PASS text, instead of being 0. A <program>
# that is an executable target is named by its file and, in cross builds,
# run under CMAKE_CROSSCOMPILING_EMULATOR, as add_test would. Other
# properties (PASS_REGULAR_EXPRESSION, ENVIRONMENT, RESOURCE_LOCK, TIMEOUT,
# SKIP_RETURN_CODE...) are set by the caller with set_tests_properties,
# never FAIL_REGULAR_EXPRESSION (it would replace the checks above). A test
# that can skip exits with 77 and sets SKIP_RETURN_CODE 77; scripts/test.sh
# counts skips apart from passes.
set(VMPL_TEST_SANITIZER_REGEX "ERROR: [A-Za-z]*Sanitizer|WARNING: ThreadSanitizer|runtime error")

function(vmpl_add_test name)
  cmake_parse_arguments(PARSE_ARGV 1 t "" "PASS;FAIL;EXIT" "COMMAND")
  if(t_UNPARSED_ARGUMENTS OR NOT t_COMMAND)
    message(FATAL_ERROR "vmpl_add_test(${name}): bad arguments ${t_UNPARSED_ARGUMENTS}")
  endif()
  list(POP_FRONT t_COMMAND program)
  if(TARGET ${program})
    get_target_property(type ${program} TYPE)
    if(type STREQUAL "EXECUTABLE")
      set(program $<TARGET_FILE:${program}>)
      if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
        set(program ${CMAKE_CROSSCOMPILING_EMULATOR} ${program})
      endif()
    endif()
  endif()
  add_test(NAME ${name} COMMAND ${PROJECT_SOURCE_DIR}/tests/run-expect.sh ${program} ${t_COMMAND})
  set(fail "${VMPL_TEST_SANITIZER_REGEX}")
  if(DEFINED t_EXIT)
    if(NOT DEFINED t_PASS)
      message(FATAL_ERROR "vmpl_add_test(${name}): EXIT needs PASS")
    endif()
    set(t_PASS "${t_PASS}.*run-expect: exit status (${t_EXIT})\n")
  else()
    string(APPEND fail "|run-expect: exit status [1-9]")
  endif()
  if(DEFINED t_FAIL)
    string(APPEND fail "|${t_FAIL}")
  endif()
  set_tests_properties(${name} PROPERTIES FAIL_REGULAR_EXPRESSION "${fail}")
  if(DEFINED t_PASS)
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${t_PASS}")
  endif()
endfunction()
