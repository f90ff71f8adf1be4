#!/usr/bin/env python3
"""compare-reduce's --types/--ops after '--' choose the steps and are not
passed on: each step gives reduce_local its own type and ops (4658b4a)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from bench_checks import Checks  # noqa: E402
import compare_reduce as cr  # noqa: E402

check = Checks()

argv = ["--sizes", "64,1K", "--types", "float16,bfloat16", "--cache", "hot", "--ops=max,min"]
rest, types = cr.take_option(argv, "--types")
rest, ops = cr.take_option(rest, "--ops")
check("types", types, {"float16", "bfloat16"})
check("ops", ops, {"max", "min"})
check("rest", rest, ["--sizes", "64,1K", "--cache", "hot"])
check("absent", cr.take_option(rest, "--types"), (rest, None))

pairs = {("sum", "float16"), ("max", "float16"), ("max", "int32"), ("min", "bfloat16"),
         ("maxloc", "float_int")}
check("both", cr.choose_pairs(pairs, ops, types), {("max", "float16"), ("min", "bfloat16")})
check("types only", cr.choose_pairs(pairs, None, {"float_int"}), {("maxloc", "float_int")})
check("none", cr.choose_pairs(pairs, None, None), pairs)

check.finish()
