#!/usr/bin/env python3
"""compare-pack's --layouts after '--' chooses the steps and is not passed
on: each step gives pack_bench its own layout (and pack_bench keeps the
last --layouts it is given); --impls there is refused."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from bench_checks import Checks  # noqa: E402
import compare_pack as cp  # noqa: E402

check = Checks()

listed = ["vec_2_3_int", "col_16_double", "indexed_int", "struct_idc3"]
bench = ["--sizes", "64K,1M", "--layouts", "struct_idc3,indexed_int", "--cache", "hot"]
check("after --", cp.choose_layouts(listed, "all", bench),
      (["indexed_int", "struct_idc3"], ["--sizes", "64K,1M", "--cache", "hot"]))
check("both", cp.choose_layouts(listed, "vec_2_3_int,indexed_int", bench),
      (["indexed_int"], ["--sizes", "64K,1M", "--cache", "hot"]))
check("before only", cp.choose_layouts(listed, "struct_idc3,vec_2_3_int", ["--reps=7"]),
      (["vec_2_3_int", "struct_idc3"], ["--reps=7"]))
check("none", cp.choose_layouts(listed, "all", []), (listed, []))
check("= form", cp.choose_layouts(listed, "all", ["--layouts=col_16_double"]),
      (["col_16_double"], []))
try:
    cp.choose_layouts(listed, "all", ["--impls", "lib"])
    check("--impls refused", "accepted", "ValueError")
except ValueError:
    check("--impls refused", True, True)

check.finish()
