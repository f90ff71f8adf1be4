#!/usr/bin/env python3
"""The compare scripts' machine pace: each row's gauge time over the run's
quiet one (5th percentile), and the notes under a target: failing cells
vmpl measured in a slow stretch, passing cells whose other side was slow
while vmpl's was not."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from bench_checks import Checks  # noqa: E402
import compare_reduce as cr  # noqa: E402

check = Checks()

# 40 rows: gauges 1000..1039 ns, plus one without a gauge (a process of an older build)
rows = [{"impl": "vmpl" if i % 2 else "mpich", "gauge_ns": str(1000 + i)} for i in range(40)]
rows.append({"impl": "mpich", "gauge_ns": ""})
quiet = cr.set_pace(rows)
check("quiet: 5th percentile", quiet, 1002.0)
check("pace", round(rows[39]["pace"], 4), round(1039 / 1002, 4))
check("no gauge, no pace", rows[40]["pace"], None)
check("no gauges at all", cr.set_pace([{"gauge_ns": "0"}]), None)
check("median pace", cr.median_pace([{"pace": 1.0}, {"pace": 1.3}, {"pace": None},
                                     {"pace": 1.2}]), 1.2)
check("slow at the threshold", (cr.slow(cr.SLOW_PACE), cr.slow(1.09), cr.slow(None)),
      (True, False, False))

slow_rows = [{"impl": "vmpl", "pace": 1.5, "retries": "3"}, {"impl": "vmpl", "pace": 1.0},
             {"impl": "mpich", "pace": None, "retries": "2"}]
report = cr.pace_report(slow_rows, 1000.0, lambda r: r["impl"])
check("report counts", report[0].endswith("vmpl 1/2, mpich 0/1"), True)
check("retries summed per process", report[1].endswith("cell): vmpl 3, mpich 2"), True)
check("report without gauges", cr.pace_report(slow_rows, None, lambda r: r["impl"]), [])


def cell(label, own, other):
    return {"label": label, "vmpl_pace": own, "peer_pace": other}


bad = [cell("a@1K", 1.3, 1.0), cell("b@1K", 1.0, 1.5), cell("c@1K", None, None)]
good = [cell("d@1K", 1.0, 1.2), cell("e@1K", 1.2, 1.2), cell("f@1K", 1.0, 1.0)]
notes = cr.pace_notes(bad, good, lambda r: r["vmpl_pace"], lambda r: r["peer_pace"])
lines = notes.strip().split("\n")
check("two notes", len(lines), 2)
check("failing, vmpl slow", lines[0].strip().endswith("quiet): a@1K"), True)
check("passing, other slow only", lines[1].strip().endswith("(vmpl's not): d@1K"), True)
check("no other side", cr.pace_notes(bad[1:], good, lambda r: r["vmpl_pace"], lambda r: None),
      "")

many = [cell(f"g{i:02d}@1K", 1.0, 1.3) for i in range(20)]
listed = cr.pace_notes([], many, lambda r: r["vmpl_pace"], lambda r: r["peer_pace"])
check("long lists cut at 16", listed.endswith("g15@1K (+4 more)"), True)

check.finish()
