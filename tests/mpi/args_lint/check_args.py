#!/usr/bin/env python3
"""Keeps the MPI layer's argument checks in one place (src/mpi/mpi_args.h).

Reports, for the C files and headers of a directory:
  - a macro whose body returns (a hidden return can report one class and
    return another);
  - a check call (mpi_*_check, *_arg) in an if whose body returns a
    constant instead of the class the check reported.
Prints "N problems" and exits 1 when N > 0.

    check_args.py DIR
"""
import glob
import os
import re
import sys

MACRO = re.compile(r"^#define (\w+)\([^)]*\)((?:.*\\\n)*.*)$", re.M)
CHECK_IF = re.compile(r"^ *if \(((?:[^;{}])*?\b(?:mpi_\w+_check|\w+_arg)\((?:[^;{}])*?)\)\n"
                      r" *return (MPI_\w+);", re.M)


def defines_function(body):
    """Whether a macro body defines a function (its returns are the function's own)."""
    for m in re.finditer(r"\b(\w+)\s*\([^;{}]*\)\s*\{", body):
        if m.group(1) not in ("if", "while", "for", "switch"):
            return True
    return False


def problems_in(path):
    text = open(path).read()
    for m in MACRO.finditer(text):
        body = m.group(2).replace("\\\n", " ")
        if re.search(r"\breturn\b", body) and not defines_function(body):
            line = text.count("\n", 0, m.start()) + 1
            yield f"{path}:{line}: macro {m.group(1)} hides a return"
    for m in CHECK_IF.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        yield f"{path}:{line}: a check's class is replaced by {m.group(2)}"


def main():
    found = []
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.[ch]"))):
        found.extend(problems_in(path))
    for problem in found:
        print(problem)
    print(f"{len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
