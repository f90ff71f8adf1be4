#!/usr/bin/env python3
"""Regenerate the PMPI_ prototypes of include/mpi.h from its MPI_ prototypes.

The MPI_ and MPIX_ function prototypes written above the
'@@PMPI-BEGIN@@' marker line are the single list: for each of them a
PMPI_ (PMPIX_) prototype with the same parameters is written between the
'@@PMPI-BEGIN@@' and '@@PMPI-END@@' marker lines, under the same section
comments. Predefined callbacks (all-capital names such as
MPI_COMM_DUP_FN) get no PMPI_ form.

    gen_pmpi.py [--check] path/to/mpi.h

--check changes nothing and exits 1 if the file is not up to date.
"""
import re
import sys

BEGIN = "@@PMPI-BEGIN@@"
END = "@@PMPI-END@@"
PROTO_START = re.compile(r"^(?:int|double|MPI_\w+) (MPIX?_\w+)\(")
SECTION = re.compile(r"^/\* --- .* --+ \*/$")
PREDEFINED = re.compile(r"^MPIX?_[A-Z0-9_]+$")


def pmpi_block(lines):
    out = []
    pending_section = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if SECTION.match(line):
            pending_section = line
            i += 1
            continue
        m = PROTO_START.match(line)
        if not m:
            i += 1
            continue
        proto = [line]
        while not proto[-1].rstrip().endswith(";"):
            i += 1
            proto.append(lines[i])
        i += 1
        name = m.group(1)
        if PREDEFINED.match(name):
            continue
        if pending_section is not None:
            if out:
                out.append("")
            out.append(pending_section)
            pending_section = None
        start = m.start(1)
        out.append(line[:start] + "P" + line[start:])
        # continuation lines are aligned one column further
        out.extend(" " + l if l.strip() else l for l in proto[1:])
    return out


def main(argv):
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"]
    if len(paths) != 1:
        sys.stderr.write(__doc__)
        return 2
    path = paths[0]
    with open(path) as f:
        text = f.read()
    lines = text.split("\n")
    try:
        b = next(i for i, l in enumerate(lines) if BEGIN in l)
        e = next(i for i, l in enumerate(lines) if END in l and i > b)
    except StopIteration:
        sys.stderr.write("%s: marker lines %s / %s not found\n" % (path, BEGIN, END))
        return 2
    new_lines = lines[: b + 1] + pmpi_block(lines[:b]) + lines[e:]
    new_text = "\n".join(new_lines)
    if new_text == text:
        return 0
    if check:
        sys.stderr.write("%s: PMPI_ prototypes are out of date; run %s %s\n"
                         % (path, sys.argv[0], path))
        return 1
    with open(path, "w") as f:
        f.write(new_text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
