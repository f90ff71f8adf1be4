#!/usr/bin/env python3
"""Collective latency of vmpl vs Open MPI 5 and MPICH 5, side by side in one run.

Builds bench/coll/coll_lat.c with each peer's mpicc (PyPI wheels in
bench-venv-<peer>) and runs it under every library at every --ranks count
(2, 4, 8; above 2 this 2-core machine is oversubscribed): MPI_Allreduce,
MPI_Reduce, MPI_Bcast, MPI_Barrier, MPI_Allgather and MPI_Alltoall over
--sizes, microseconds per call (the slowest rank's average). Each round runs
every (library, rank count) job once in a shuffled order; the tables give the
median [min..max] over the rounds and vmpl's median divided by each peer's
and by the faster peer's (lower is better), and the targets are checked on
those ratios. vmpl runs under vmplrun at its defaults; the peers at theirs
(Open MPI gets --oversubscribe above 2 ranks).

Writes to --out: coll.csv (median, min, max per library and cell),
ratios.csv (vmpl / peers per cell), coll_runs.csv (every run), summary.txt,
and <collective>.png when matplotlib imports.
"""
import argparse
import csv
import io
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, BENCH)
from mpi_peers import (  # noqa: E402
    Launchers, Program, Ratios, add_peer_args, add_run_args, check_lists, log, report_finish,
    report_head, run_rounds, size_label, start_run, table, write_csv)

# coll_lat's collectives, in its order, with what a table's title says of them.
COLLS = {
    "allreduce": "MPI_Allreduce, float sum",
    "reduce": "MPI_Reduce, float sum to rank 0",
    "bcast": "MPI_Bcast from rank 0",
    "barrier": "MPI_Barrier",
    "allgather": "MPI_Allgather, bytes per rank",
    "alltoall": "MPI_Alltoall, bytes per peer",
}
# Issue targets: (text, collective, rank counts or None for every one
# measured, sizes or None for every one measured, the peer the ratio is to
# ("faster": the faster one per cell), the highest ratio that meets it).
TARGETS = (
    ("2-rank allreduce <= 0.9x the faster peer, every size", "allreduce", (2,), None,
     "faster", 0.9),
    ("8-rank allreduce <= 0.5x Open MPI at 8 B and 64 KiB", "allreduce", (8,), (8, 65536),
     "openmpi", 0.5),
    ("bcast <= 1.0x the faster peer, every rank count and size", "bcast", None, None,
     "faster", 1.0),
    ("reduce <= 1.0x the faster peer, every rank count and size", "reduce", None, None,
     "faster", 1.0),
    ("barrier <= 1.0x the faster peer, every rank count", "barrier", None, None,
     "faster", 1.0),
)


# ---- jobs ----

def coll_lat_args(impl, args):
    tail = ["--colls", ",".join(args.colls), "--target-ms", f"{args.target_ms:g}",
            "--label", impl]
    return tail + (["--sizes", args.sizes] if args.sizes else [])


def parse_rows(text):
    """coll_lat's cells. It prints a cell only once measured (and checked), so
    the rows of a job that failed or was stopped later still count; a row
    cut short by the stop is left out."""
    rows = []
    for r in csv.DictReader(io.StringIO(text)):
        try:
            rows.append(dict(coll=r["coll"], ranks=int(r["ranks"]), bytes=int(r["bytes"]),
                             iters=int(r["iters"]), usec=float(r["usec"])))
        except (TypeError, ValueError):
            continue
    return rows


def run_all(launchers, args):
    """Every (library, rank count) job once per round, shuffled. Returns the
    run rows and the failures."""
    def command(job):
        impl, ranks = job
        cmd, env = launchers.command(impl, ranks)
        return cmd + coll_lat_args(impl, args), env

    def parse(rnd, job, text):
        got = parse_rows(text)
        return [dict(round=rnd, impl=job[0], **r) for r in got], f"{len(got)} cells"

    def labels(job):
        impl, ranks = job
        return f"{impl:8s} {ranks:2d} ranks", f"{impl} {ranks} ranks"
    jobs = [(impl, ranks) for impl in launchers.impls for ranks in args.ranks]
    return run_rounds(jobs, args.rounds, args.timeout, command, parse, labels, keep_partial=True)


# ---- cells and ratios ----

def cells_of(runs):
    """(impl, coll, ranks, bytes) -> [usec per round]."""
    cells = {}
    for r in runs:
        cells.setdefault((r["impl"], r["coll"], r["ranks"], r["bytes"]), []).append(r["usec"])
    return cells


def sizes_of(cells, coll, ranks):
    return sorted({k[3] for k in cells if k[1] == coll and k[2] == ranks})


def ranks_of(cells, coll):
    return sorted({k[2] for k in cells if k[1] == coll})


def coll_table(cells, rat, impls, coll, title, xs, x_label, show):
    """The table of one collective over rows xs, each a (ranks, bytes) pair:
    a column per library, then vmpl / each peer and, when there are two or
    more, vmpl / the faster peer."""
    peers = rat.peers + (["faster"] if len(rat.peers) > 1 else [])
    ratio_cols = [(f"vmpl/{p}", lambda x, p=p: rat.vs(p, coll, *x)) for p in peers]
    return table(title, xs, x_label, impls, lambda impl, x: cells.get((impl, coll, *x)), 3,
                 ratio_cols, show)


def tables(cells, rat, impls, args):
    lines = []
    for coll in args.colls:
        head = f"\n{COLLS[coll]}: us per call, median [min..max] over {args.rounds} rounds"
        if coll == "barrier":
            xs = [(r, 0) for r in ranks_of(cells, coll)]
            lines += coll_table(cells, rat, impls, coll, head, xs, "ranks", lambda x: str(x[0]))
            continue
        for ranks in ranks_of(cells, coll):
            xs = [(ranks, b) for b in sizes_of(cells, coll, ranks)]
            lines += coll_table(cells, rat, impls, coll, f"{head}, {ranks} ranks", xs, "bytes",
                                lambda x: size_label(x[1]))
    return lines


# ---- targets ----

def point_label(coll, ranks, nbytes):
    if coll == "barrier":
        return f"{ranks} ranks"
    size = size_label(nbytes)
    return f"{ranks} ranks {size}{' B' if size.isdigit() else 'iB'}"


def target_line(rat, cells, target):
    """'met', 'missed' or 'N/A' (nothing or not every named point measured),
    with the worst point and the points that miss."""
    text, coll, want_ranks, want_sizes, peer, limit = target
    points = []  # (ratio, label, vmpl median, peer, peer median)
    missing = []
    for ranks in want_ranks or ranks_of(cells, coll):
        for nbytes in want_sizes or sizes_of(cells, coll, ranks):
            ref = rat.reference(peer, coll, ranks, nbytes)
            mine = rat.median("vmpl", coll, ranks, nbytes)
            if ref and mine is not None:
                points.append((mine / ref[1], point_label(coll, ranks, nbytes), mine, *ref))
            else:
                missing.append(point_label(coll, ranks, nbytes))
        if not want_sizes and not sizes_of(cells, coll, ranks):
            missing.append(f"{ranks} ranks")
    bad = [p for p in points if p[0] > limit]
    status = "missed" if bad else "N/A" if missing or not points else "met"
    line = f"{status:7s} {text}"
    if points:
        r, label, mine, name, theirs = max(points)
        line += (f": {len(points) - len(bad)}/{len(points)} points meet it; worst {label}: "
                 f"{r:.2f} (vmpl {mine:.3f} us, {name} {theirs:.3f} us)")
    if bad:
        line += "\n          missed at: " + ", ".join(f"{p[1]} ({p[0]:.2f})" for p in bad)
    if missing:
        line += "\n          not measured: " + ", ".join(missing)
    return line


def targets(rat, cells, args):
    if not rat.peers:
        return ["N/A     no peer to compare with"]
    return [target_line(rat, cells, t) for t in TARGETS if t[1] in args.colls]


# ---- CSV ----

def cell_rows(cells, impls):
    def order(item):
        impl, coll, ranks, nbytes = item[0]
        return list(COLLS).index(coll), ranks, nbytes, impls.index(impl)
    rows = []
    for (impl, coll, ranks, nbytes), vals in sorted(cells.items(), key=order):
        rows.append(dict(impl=impl, coll=coll, ranks=ranks, bytes=nbytes,
                         usec_median=f"{statistics.median(vals):.4f}",
                         usec_min=f"{min(vals):.4f}", usec_max=f"{max(vals):.4f}",
                         runs=len(vals)))
    return rows


def ratio_rows(cells, rat, args):
    rows = []
    for coll in args.colls:
        for ranks in ranks_of(cells, coll):
            for nbytes in sizes_of(cells, coll, ranks):
                row = dict(coll=coll, ranks=ranks, bytes=nbytes)
                for impl in ["vmpl", *rat.peers]:
                    m = rat.median(impl, coll, ranks, nbytes)
                    row[f"{impl}_usec"] = "" if m is None else f"{m:.4f}"
                for p in rat.peers + (["faster"] if rat.peers else []):
                    v = rat.vs(p, coll, ranks, nbytes)
                    row[f"vmpl_over_{p}"] = "" if v is None else f"{v:.4f}"
                rows.append(row)
    return rows


# ---- plots ----

def plot_lines(cells, impl, coll):
    """(label, [(x, values over the rounds)]) for each line of one library: a
    line per rank count over the sizes, but one over the rank counts for
    barrier, which has no message."""
    if coll == "barrier":
        return [(impl, [(r, cells.get((impl, coll, r, 0))) for r in ranks_of(cells, coll)])]
    return [(f"{impl}, {r} ranks", [(b, cells.get((impl, coll, r, b)))
                                    for b in sizes_of(cells, coll, r)])
            for r in ranks_of(cells, coll)]


def plot(cells, impls, args, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("compare-coll: matplotlib not available, no plots")
        return []
    files = []
    markers = "os^vD*"
    styles = ("-", "--", ":", "-.")
    for coll in [c for c in args.colls if ranks_of(cells, c)]:
        fig, ax = plt.subplots(figsize=(7.5, 4.8))
        for n, impl in enumerate(impls):
            # colour: the library; marker and line style: the rank count
            for k, (label, pts) in enumerate(plot_lines(cells, impl, coll)):
                pts = [(x, v) for x, v in pts if v]
                if not pts:
                    continue
                med = [statistics.median(v) for _, v in pts]
                err = [[m - min(v) for m, (_, v) in zip(med, pts)],
                       [max(v) - m for m, (_, v) in zip(med, pts)]]
                ax.errorbar([x for x, _ in pts], med, yerr=err, capsize=3, color=f"C{n}",
                            marker=markers[k % len(markers)], ls=styles[k % len(styles)],
                            label=label)
        ax.set_xscale("log", base=2)
        if coll == "barrier":
            ax.set_xticks(ranks_of(cells, coll), [str(r) for r in ranks_of(cells, coll)])
        ax.set_xlabel({"barrier": "ranks", "allgather": "bytes per rank",
                       "alltoall": "bytes per peer"}.get(coll, "bytes"))
        ax.set_yscale("log")
        ax.set_ylabel("us per call (slowest rank's average)")
        ax.set_title(f"{COLLS[coll]}, {os.cpu_count()} cores, median and min..max "
                     f"over {args.rounds} rounds", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
        fig.tight_layout()
        path = os.path.join(out, f"{coll}.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        files.append(path)
    return files


# ---- main ----

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_run_args(ap, "compare-coll", "bench/coll_lat")
    ap.add_argument("--ranks", default="2,4,8", help="comma list of rank counts")
    ap.add_argument("--colls", default=",".join(COLLS), help="comma list of " + ",".join(COLLS))
    ap.add_argument("--sizes", help="comma list, K and M suffixes (coll_lat's default: 8 B and "
                                    "the powers of 4 from 16 B to 16 MiB)")
    ap.add_argument("--target-ms", type=float, default=20,
                    help="each cell runs about this long")
    add_peer_args(ap, "exit 1 when a target is missed")
    args = ap.parse_args()
    check_lists(ap, args, "colls", COLLS, "collective")
    return args


def main():
    args = parse_args()
    out, load = start_run(args, "compare-coll")
    program = Program("coll_lat", os.path.join(args.build, "bench", "coll_lat"),
                      os.path.join(HERE, "coll_lat.c"))
    launchers = Launchers(args, out, [program])
    runs, failures = run_all(launchers, args)
    write_csv(os.path.join(out, "coll_runs.csv"), runs)
    cells = cells_of(runs)
    rat = Ratios(cells, args.peers)
    write_csv(os.path.join(out, "coll.csv"), cell_rows(cells, launchers.impls))
    write_csv(os.path.join(out, "ratios.csv"), ratio_rows(cells, rat, args))
    files = plot(cells, launchers.impls, args, out)
    goals = targets(rat, cells, args)
    lines = report_head("compare-coll", args,
                        f"ranks {','.join(map(str, args.ranks))}, colls {','.join(args.colls)}, "
                        f"--target-ms {args.target_ms:g}", load)
    lines += tables(cells, rat, launchers.impls, args)
    lines += ["\ntargets (vmpl median / peer median; lower is better):"] + goals
    report_finish(out, lines, failures, "coll.csv ratios.csv coll_runs.csv summary.txt "
                  + " ".join(os.path.basename(f) for f in files))
    if failures or (args.strict and any(g.startswith("missed") for g in goals)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
