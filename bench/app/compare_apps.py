#!/usr/bin/env python3
"""Application-level results of vmpl vs Open MPI 5 and MPICH 5, side by side in one run.

Two MPI programs, each built against vmpl (by ninja) and with each peer's
mpicc (PyPI wheels in bench-venv-<peer>) at the flags of vmpl's Release
build, run at every --ranks count:
  grad_avg  bench/app/grad_avg.c: data-parallel gradient averaging, an
            MPI_Allreduce of --grad-mib MiB of floats per step and an update
            of the weights; ms per step and ms per step in MPI_Allreduce
            (the slowest rank's averages); every weight checked exactly
  stencil   examples/stencil.c, the flagship demo: a 2-D Jacobi stencil
            with halo exchange (MPI_Sendrecv) and an MPI_Allreduce every 50
            steps; rank 0's seconds for the steps; the grid checked against
            a serial run
Each round runs every (program, library, rank count) job once in a shuffled
order; the tables give the median [min..max] over the rounds and vmpl's
median divided by each peer's and by the faster peer's (lower is better).
vmpl runs under vmplrun at its defaults; the peers at theirs (Open MPI gets
--oversubscribe above 2 ranks). A job that fails, times out, runs on the
wrong number of ranks or fails its check is listed and the script exits 1.

Writes to --out: apps.csv (median, min, max per library, program, figure and
rank count), ratios.csv (vmpl / peers), apps_runs.csv (every run),
summary.txt, and apps.png when matplotlib imports.
"""
import argparse
import csv
import io
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
from mpi_peers import (  # noqa: E402
    Launchers, Program, Ratios, add_peer_args, add_run_args, check_lists, log, report_finish,
    report_head, run_rounds, stderr_tail, start_run, table, write_csv)

# The peers' builds get the flags of vmpl's (CMake Release, the project's
# options): the programs compute as well as communicate, and the compute
# must not differ between the libraries.
APP_CFLAGS = ("-O3", "-DNDEBUG", "-ffp-contract=off", "-std=gnu11")

# Each program's figures: (name, what the table's title says, digits).
APPS = {
    "grad_avg": (("step_ms", "ms per step", 3),
                 ("allreduce_ms", "ms per step in MPI_Allreduce", 3)),
    "stencil": (("seconds", "s for the steps (rank 0)", 3),),
}
STENCIL_LINE = re.compile(
    r"stencil: (\d+) x \d+ grid, (\d+) steps on (\d+) ranks: ([0-9.]+) s, ([0-9.]+) "
    r"Mcell-updates/s, .*(matches the|DIFFERS FROM the) serial result")


# ---- jobs ----

def programs(args):
    return [Program("grad_avg", os.path.join(args.build, "bench", "grad_avg"),
                    os.path.join(HERE, "grad_avg.c"), APP_CFLAGS),
            Program("stencil", os.path.join(args.build, "examples", "stencil"),
                    os.path.join(ROOT, "examples", "stencil.c"), APP_CFLAGS, ["-lm"])]


def app_args(app, impl, args):
    if app == "grad_avg":
        return ["--mib", f"{args.grad_mib:g}", "--steps", str(args.grad_steps), "--label", impl]
    return [str(args.stencil_n), str(args.stencil_steps)]


def parse_result(app, text):
    """(ranks, {figure: value}) of a job's output, or None when it has no
    result line or its check failed."""
    if app == "grad_avg":
        for r in csv.DictReader(io.StringIO(text)):
            try:
                return int(r["ranks"]), dict(step_ms=float(r["step_ms"]),
                                             allreduce_ms=float(r["allreduce_ms"]))
            except (KeyError, TypeError, ValueError):
                continue
        return None
    m = STENCIL_LINE.search(text)
    if not m or m.group(6) != "matches the":
        return None
    return int(m.group(3)), dict(seconds=float(m.group(4)), mcells=float(m.group(5)))


def problem(job, text):
    """Why a job that exited 0 does not count, or None."""
    app, _, ranks = job
    got = parse_result(app, text)
    if got is None:
        return "DIFFERS FROM the serial result" if "DIFFERS" in text else "no result line"
    if got[0] != ranks:
        return f"ran on {got[0]} ranks, not {ranks}"
    return None


def detail(out, err):
    """What a failed job said: the programs' own messages (the stencil reports
    a failed check on stdout, grad_avg on stderr), then the end of stderr."""
    own = [line for line in out.splitlines() if "DIFFERS" in line]
    own += [line for line in err.splitlines() if line.startswith(tuple(f"{a}:" for a in APPS))]
    return " | ".join(own[:3] + [stderr_tail(out, err)])[:500]


def run_all(launchers, args):
    """Every (program, library, rank count) job once per round, shuffled.
    Returns the run rows and the failures."""
    def command(job):
        app, impl, ranks = job
        cmd, env = launchers.command(impl, ranks, app)
        return cmd + app_args(app, impl, args), env

    def parse(rnd, job, text):
        app, impl, ranks = job
        figures = parse_result(app, text)[1]
        return [dict(round=rnd, app=app, impl=impl, ranks=ranks, figure=f, value=v)
                for f, v in figures.items()], " ".join(f"{f} {v:g}" for f, v in figures.items())

    def labels(job):
        app, impl, ranks = job
        return f"{app:8s} {impl:8s} {ranks:2d} ranks", f"{app} {impl} {ranks} ranks"
    jobs = [(app, impl, ranks) for app in args.apps for impl in launchers.impls
            for ranks in args.ranks]
    return run_rounds(jobs, args.rounds, args.timeout, command, parse, labels,
                      problem=problem, detail=detail)


# ---- summary ----

def cells_of(runs):
    """(impl, app, figure, ranks) -> [value per round]."""
    cells = {}
    for r in runs:
        cells.setdefault((r["impl"], r["app"], r["figure"], r["ranks"]), []).append(r["value"])
    return cells


def app_title(app, args):
    if app == "grad_avg":
        return (f"grad_avg: {args.grad_mib:g} MiB of floats, {args.grad_steps} steps: "
                f"MPI_Allreduce in place, float sum, then w -= lr g / ranks")
    return f"stencil: {args.stencil_n} x {args.stencil_n} grid, {args.stencil_steps} steps"


def tables(cells, rat, impls, args):
    """A table per program and figure: a row per rank count, a column per
    library, then vmpl / each peer and, with two peers, vmpl / the faster."""
    lines = []
    peers = rat.peers + (["faster"] if len(rat.peers) > 1 else [])
    for app in args.apps:
        for figure, what, digits in APPS[app]:
            head = (f"\n{app_title(app, args)}\n{what}, median [min..max] over {args.rounds} "
                    f"rounds")
            cols = [(f"vmpl/{p}", lambda r, p=p, f=figure: rat.vs(p, app, f, r)) for p in peers]
            lines += table(head, args.ranks, "ranks", impls,
                           lambda impl, r, f=figure: cells.get((impl, app, f, r)), digits, cols)
    return lines


def cell_rows(cells, impls, args):
    rows = []
    for app in args.apps:
        for figure in [f for f, _, _ in APPS[app]]:
            for ranks in args.ranks:
                for impl in impls:
                    vals = cells.get((impl, app, figure, ranks))
                    if vals:
                        rows.append(dict(impl=impl, app=app, figure=figure, ranks=ranks,
                                         median=f"{statistics.median(vals):.4f}",
                                         min=f"{min(vals):.4f}", max=f"{max(vals):.4f}",
                                         runs=len(vals)))
    return rows


def ratio_rows(rat, args):
    rows = []
    for app in args.apps:
        for figure in [f for f, _, _ in APPS[app]]:
            for ranks in args.ranks:
                row = dict(app=app, figure=figure, ranks=ranks)
                for impl in ["vmpl", *rat.peers]:
                    m = rat.median(impl, app, figure, ranks)
                    row[impl] = "" if m is None else f"{m:.4f}"
                for p in rat.peers + (["faster"] if rat.peers else []):
                    v = rat.vs(p, app, figure, ranks)
                    row[f"vmpl_over_{p}"] = "" if v is None else f"{v:.4f}"
                rows.append(row)
    return rows


# ---- plot ----

def plot(cells, impls, args, out):
    """Bars of the medians (min..max as error bars), a panel per program's
    first figure, a group per rank count."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("compare-apps: matplotlib not available, no plots")
        return []
    fig, axes = plt.subplots(1, len(args.apps), figsize=(5 * len(args.apps), 4.2), squeeze=False)
    width = 0.8 / len(impls)
    for ax, app in zip(axes.flat, args.apps):
        figure, what, _ = APPS[app][0]
        for n, impl in enumerate(impls):
            for k, ranks in enumerate(args.ranks):
                vals = cells.get((impl, app, figure, ranks))
                if not vals:
                    continue
                m = statistics.median(vals)
                ax.bar(k + n * width, m, width, yerr=[[m - min(vals)], [max(vals) - m]],
                       capsize=3, color=f"C{n}", label=impl if k == 0 else None)
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(args.ranks))],
                      [f"{r} ranks" for r in args.ranks])
        ax.set_ylabel(what)
        ax.set_title(app_title(app, args).split(":")[0] + f", median over {args.rounds} rounds",
                     fontsize=9)
        ax.legend(fontsize=8)
    fig.tight_layout()
    path = os.path.join(out, "apps.png")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return [path]


# ---- main ----

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_run_args(ap, "compare-apps", "bench/grad_avg, examples/stencil")
    ap.add_argument("--ranks", default="2", help="comma list of rank counts")
    ap.add_argument("--apps", default=",".join(APPS), help="comma list of " + ",".join(APPS))
    ap.add_argument("--grad-mib", type=float, default=4, help="grad_avg: MiB of floats")
    ap.add_argument("--grad-steps", type=int, default=50, help="grad_avg: timed steps")
    ap.add_argument("--stencil-n", type=int, default=1024, help="stencil: N x N grid")
    ap.add_argument("--stencil-steps", type=int, default=1000, help="stencil: steps")
    add_peer_args(ap)
    args = ap.parse_args()
    check_lists(ap, args, "apps", APPS, "program")
    return args


def main():
    args = parse_args()
    out, load = start_run(args, "compare-apps")
    launchers = Launchers(args, out, programs(args), skip_broken=True)
    failures = [f"{p}: not built, left out: {why}" for p, why in launchers.broken.items()]
    runs, failed = run_all(launchers, args)
    failures += failed
    write_csv(os.path.join(out, "apps_runs.csv"), runs)
    cells = cells_of(runs)
    rat = Ratios(cells, [p for p in args.peers if p in launchers.impls])
    write_csv(os.path.join(out, "apps.csv"), cell_rows(cells, launchers.impls, args))
    write_csv(os.path.join(out, "ratios.csv"), ratio_rows(rat, args))
    files = plot(cells, launchers.impls, args, out)
    lines = report_head("compare-apps", args,
                        f"ranks {','.join(map(str, args.ranks))}, apps {','.join(args.apps)}",
                        load)
    lines += tables(cells, rat, launchers.impls, args)
    if rat.peers:
        lines.append("\nratios: vmpl median / peer median; lower is better")
    report_finish(out, lines, failures, "apps.csv ratios.csv apps_runs.csv summary.txt "
                  + " ".join(os.path.basename(f) for f in files))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
