#!/usr/bin/env python3
"""Point-to-point latency, bandwidth, posted-receive and oversubscribed pairwise
latency of vmpl vs Open MPI 5 and MPICH 5, side by side in one run.

Builds bench/p2p/pingpong.c with each peer's mpicc (PyPI wheels in
bench-venv-<peer>) and runs, for every library, the series:
  latency   ping-pong half round trip, 2 ranks, over --sizes
  bw        windowed bandwidth (--window sends, then an ack), 2 ranks, --sizes
  posted    8 B ping-pong half round trip with N = --posted non-matching
            receives posted ahead of it on both ranks
  pairwise  --pairwise-ranks ranks (8; oversubscribed on this 2-core
            machine), every rank ping-pongs with rank ^ 1 at the same time
Each round runs every (series, library) job once in a shuffled order; the
tables give the median [min..max] over the rounds and the ratios the targets
are stated in. vmpl runs twice: unbound (vmplrun's default) and bound to
cores (`--bind-to core`, as Open MPI binds by default). Peers run at their
defaults (Open MPI gets --oversubscribe when there are more ranks than 2).

Writes to --out: p2p.csv (one row per series, library, size or N and metric),
p2p_runs.csv (every run), summary.txt, and a PNG per series when matplotlib
imports.
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
    Launchers, Program, add_peer_args, add_run_args, fmt_ratio, log, ratio, report_finish,
    report_head, run_rounds, size_label, start_run, table, write_csv)

SERIES = ("latency", "bw", "posted", "pairwise")
# vmpl unbound (vmplrun's default) and bound to cores: names and vmplrun options.
VMPL_VARIANTS = (("vmpl", ()), ("vmpl-bound", ("--bind-to", "core")))
VMPL_IMPLS = tuple(name for name, _ in VMPL_VARIANTS)

# The target of each series, as printed; summarize() computes the ratios.
TARGETS = {
    "latency": "8 B half round trip, vmpl / Open MPI <= 0.9",
    "bw": "4 MiB bandwidth, vmpl / Open MPI >= 1.2",
    "posted": "8 B half round trip with 10000 posted receives / vmpl's own with none <= 2",
    "pairwise": "8 B pairwise half round trip (mean over pairs), vmpl / Open MPI <= 1",
}


# ---- jobs ----

def series_job(series, args):
    """(ranks, pingpong arguments) of one series."""
    common = ["--target-ms", f"{args.target_ms:g}"]
    if series == "latency":
        return 2, ["--mode", "latency", "--sizes", args.sizes, *common]
    if series == "bw":
        return 2, ["--mode", "bw", "--sizes", args.sizes, "--window", str(args.window), *common]
    if series == "posted":
        return 2, ["--mode", "posted", "--posted", args.posted, "--sizes", "8", *common]
    return args.pairwise_ranks, ["--mode", "pairwise", "--sizes", args.pairwise_sizes, *common]


def parse_rows(series, text):
    """Measurements of one job's CSV as (bytes, posted, metric, value) tuples."""
    rows = []
    for r in csv.DictReader(io.StringIO(text)):
        if series == "latency":
            rows.append((int(r["bytes"]), "", "usec_half_rtt", float(r["usec_half_rtt"])))
        elif series == "bw":
            rows.append((int(r["bytes"]), "", "mb_per_s", float(r["mb_per_s"])))
        elif series == "posted":
            rows.append((int(r["bytes"]), int(r["posted"]), "usec_half_rtt",
                         float(r["usec_half_rtt"])))
        else:
            for metric in ("usec_half_rtt_mean", "usec_half_rtt_max"):
                rows.append((int(r["bytes"]), "", metric, float(r[metric])))
    return rows


def run_all(launchers, args):
    """Every (series, library) job once per round, shuffled. Returns the run
    rows and the failures."""
    def command(job):
        series, impl = job
        ranks, tail = series_job(series, args)
        cmd, env = launchers.command(impl, ranks)
        return cmd + tail + ["--label", impl], env

    def parse(rnd, job, text):
        series, impl = job
        ranks = series_job(series, args)[0]
        got = parse_rows(series, text)
        return [dict(round=rnd, series=series, impl=impl, ranks=ranks, bytes=nbytes,
                     posted=posted, metric=metric, value=value)
                for nbytes, posted, metric, value in got], f"{len(got)} values"

    def labels(job):
        series, impl = job
        return f"{series:8s} {impl:10s}", f"{series} {impl}"
    jobs = [(s, impl) for s in args.series for impl in launchers.impls]
    return run_rounds(jobs, args.rounds, args.timeout, command, parse, labels)


# ---- summary ----

def cells_of(runs):
    """(series, impl, bytes, posted, metric) -> [value per round]."""
    cells = {}
    for r in runs:
        key = (r["series"], r["impl"], r["bytes"], r["posted"], r["metric"])
        cells.setdefault(key, []).append(r["value"])
    return cells


def median_of(cells, *key):
    vals = cells.get(key)
    return statistics.median(vals) if vals else None


def verdict(value, threshold, sense):
    if value is None:
        return "N/A "
    ok = value <= threshold if sense == "<=" else value >= threshold
    return "PASS" if ok else "FAIL"


def summarize(cells, impls, args):
    """The tables and the target lines, and the p2p.csv rows."""
    lines, targets = [], []
    peer = "openmpi" if "openmpi" in impls else None
    vmpls = [i for i in impls if i in VMPL_IMPLS]

    def values(series, metric, posted=""):
        return lambda impl, x: cells.get((series, impl, x, posted, metric))

    def vs_peer(series, metric, impl, other, posted=""):
        return lambda x: ratio(median_of(cells, series, impl, x, posted, metric),
                               median_of(cells, series, other, x, posted, metric))

    def peer_ratios(series, metric):
        cols = []
        for other in [p for p in impls if p not in VMPL_IMPLS]:
            for v in vmpls:
                header = f"{v.replace('vmpl-', '')}/{other}"
                cols.append((header, vs_peer(series, metric, v, other)))
        return cols

    def target_lines(series, x_text, get, threshold, sense, extra=""):
        for v in vmpls:
            r = get(v)
            targets.append(f"{verdict(r, threshold, sense)}  {v:10s} {TARGETS[series]}: "
                           f"{fmt_ratio(r)} ({x_text}){extra}")

    sizes = sorted({k[2] for k in cells if k[0] in ("latency", "bw")})
    if "latency" in args.series:
        lines += table(f"\nlatency: half round trip, 2 ranks, us, median [min..max] over "
                       f"{args.rounds} rounds", sizes, "bytes", impls,
                       values("latency", "usec_half_rtt"), 3,
                       peer_ratios("latency", "usec_half_rtt"), size_label)
        if peer:
            target_lines("latency", "8 B", lambda v: vs_peer("latency", "usec_half_rtt", v,
                                                             peer)(8), 0.9, "<=")
    if "bw" in args.series:
        lines += table(f"\nbw: MB/s (1e6 B/s), window {args.window}, 2 ranks, median [min..max]",
                       sizes, "bytes", impls, values("bw", "mb_per_s"), 1,
                       peer_ratios("bw", "mb_per_s"), size_label)
        if peer:
            target_lines("bw", "4 MiB", lambda v: vs_peer("bw", "mb_per_s", v, peer)(4 << 20),
                         1.2, ">=")
    if "posted" in args.series:
        counts = sorted({k[3] for k in cells if k[0] == "posted"})

        def own(impl):
            return lambda n: ratio(median_of(cells, "posted", impl, 8, n, "usec_half_rtt"),
                                   median_of(cells, "posted", impl, 8, 0, "usec_half_rtt"))
        lines += table("\nposted: 8 B half round trip with N non-matching receives posted, us; "
                       "ratio = same library's N / N=0", counts, "N", impls,
                       lambda i, n: cells.get(("posted", i, 8, n, "usec_half_rtt")), 3,
                       [(f"{i}/N=0", own(i)) for i in impls])
        top = max(int(n) for n in args.posted.split(","))
        extra = ""
        if peer:
            extra = f"; Open MPI's own ratio {fmt_ratio(own(peer)(top))}"
        target_lines("posted", f"N={top}", lambda v: own(v)(top), 2.0, "<=", extra)
    if "pairwise" in args.series:
        psizes = sorted({k[2] for k in cells if k[0] == "pairwise"})
        for metric, what in (("usec_half_rtt_mean", "mean"), ("usec_half_rtt_max", "max")):
            lines += table(f"\npairwise: {args.pairwise_ranks} ranks on {os.cpu_count()} cores, "
                           f"half round trip, {what} over the pairs, us",
                           psizes, "bytes", impls, values("pairwise", metric), 3,
                           peer_ratios("pairwise", metric), size_label)
        if peer:
            target_lines("pairwise", f"8 B, {args.pairwise_ranks} ranks",
                         lambda v: vs_peer("pairwise", "usec_half_rtt_mean", v, peer)(8), 1.0, "<=")
    csv_rows = []

    def csv_order(item):
        series, impl, nbytes, posted, metric = item[0]
        return SERIES.index(series), impls.index(impl), nbytes, posted or 0, metric
    for (series, impl, nbytes, posted, metric), vals in sorted(cells.items(), key=csv_order):
        csv_rows.append(dict(series=series, impl=impl,
                             ranks=args.pairwise_ranks if series == "pairwise" else 2,
                             bytes=nbytes, posted=posted, metric=metric,
                             median=f"{statistics.median(vals):.4f}",
                             min=f"{min(vals):.4f}", max=f"{max(vals):.4f}", runs=len(vals)))
    return lines, targets, csv_rows


# ---- plots ----

def plot(cells, impls, args, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("compare-p2p: matplotlib not available, no plots")
        return []
    files = []

    def line_plot(name, series, metric, posted_axis, ylabel, title, xlabel):
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for n, impl in enumerate(impls):
            pts = sorted((k[3] if posted_axis else k[2], v) for k, v in cells.items()
                         if k[0] == series and k[1] == impl and k[4] == metric)
            if not posted_axis:
                pts = [(x, v) for x, v in pts if x > 0]  # 0 B has no place on a log axis
            if not pts:
                continue
            xs = [x for x, _ in pts]
            med = [statistics.median(v) for _, v in pts]
            err = [[m - min(v) for m, (_, v) in zip(med, pts)],
                   [max(v) - m for m, (_, v) in zip(med, pts)]]
            ax.errorbar(xs, med, yerr=err, marker="o", capsize=3, label=impl, color=f"C{n}")
        if posted_axis:
            ax.set_xscale("symlog", linthresh=10)
        else:
            ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        path = os.path.join(out, name)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        files.append(path)

    if "latency" in args.series:
        line_plot("latency.png", "latency", "usec_half_rtt", False, "us, half round trip",
                  "ping-pong latency, 2 ranks (0 B not shown)", "bytes")
    if "bw" in args.series:
        line_plot("bw.png", "bw", "mb_per_s", False, "MB/s (1e6 B/s)",
                  f"windowed bandwidth, window {args.window}, 2 ranks", "bytes")
    if "posted" in args.series:
        line_plot("posted.png", "posted", "usec_half_rtt", True, "us, 8 B half round trip",
                  "latency with N non-matching posted receives", "N posted receives")
    if "pairwise" in args.series:
        psizes = sorted({k[2] for k in cells if k[0] == "pairwise"})
        fig, axes = plt.subplots(1, max(1, len(psizes)), figsize=(4.5 * max(1, len(psizes)), 4.2),
                                 squeeze=False)
        for ax, nbytes in zip(axes.flat, psizes):
            for n, impl in enumerate(impls):
                mean = cells.get(("pairwise", impl, nbytes, "", "usec_half_rtt_mean"))
                worst = cells.get(("pairwise", impl, nbytes, "", "usec_half_rtt_max"))
                if not mean:
                    continue
                m = statistics.median(mean)
                ax.bar(n, m, yerr=[[m - min(mean)], [max(mean) - m]], capsize=3,
                       color=f"C{n}", label=impl)
                if worst:
                    ax.plot(n, statistics.median(worst), "k_", markersize=18)
            ax.set_xticks(range(len(impls)))
            ax.set_xticklabels(impls, fontsize=8)
            ax.set_ylabel("us, half round trip (bar: mean over pairs, dash: max)")
            ax.set_title(f"{args.pairwise_ranks} ranks on {os.cpu_count()} cores, "
                         f"{size_label(nbytes)} bytes")
        fig.tight_layout()
        path = os.path.join(out, "pairwise.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        files.append(path)
    return files


# ---- main ----

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_run_args(ap, "compare-p2p", "bench/pingpong")
    ap.add_argument("--series", default=",".join(SERIES), help="comma list of " + ",".join(SERIES))
    ap.add_argument("--sizes", default="0,8,64,512,4096,32768,262144,1048576,4194304",
                    help="latency and bw message sizes")
    ap.add_argument("--window", type=int, default=64, help="bw: sends in flight per window")
    ap.add_argument("--posted", default="0,100,1000,10000", help="posted: receive counts N")
    ap.add_argument("--pairwise-ranks", type=int, default=8)
    ap.add_argument("--pairwise-sizes", default="8,4096")
    ap.add_argument("--target-ms", type=float, default=150,
                    help="each measurement runs about this long")
    add_peer_args(ap, "exit 1 when a target fails")
    args = ap.parse_args()
    args.peers = [p for p in args.peers.split(",") if p]
    args.series = [s for s in args.series.split(",") if s]
    bad = [s for s in args.series if s not in SERIES]
    if bad:
        ap.error(f"unknown series {','.join(bad)}")
    if "0" not in args.posted.split(",") and "posted" in args.series:
        ap.error("--posted must include 0: the target compares with it")
    return args


def main():
    args = parse_args()
    out, load = start_run(args, "compare-p2p")
    program = Program("pingpong", os.path.join(args.build, "bench", "pingpong"),
                      os.path.join(HERE, "pingpong.c"))
    launchers = Launchers(args, out, [program], VMPL_VARIANTS)
    runs, failures = run_all(launchers, args)
    write_csv(os.path.join(out, "p2p_runs.csv"), runs)
    cells = cells_of(runs)
    tables, targets, csv_rows = summarize(cells, launchers.impls, args)
    write_csv(os.path.join(out, "p2p.csv"), csv_rows)
    files = plot(cells, launchers.impls, args, out)
    lines = report_head("compare-p2p", args,
                        f"series {','.join(args.series)}, --target-ms {args.target_ms:g}", load)
    lines += tables
    lines += ["\ntargets (ratio of medians):"] + (targets or ["N/A   no peer to compare with"])
    report_finish(out, lines, failures, "p2p.csv p2p_runs.csv summary.txt "
                  + " ".join(os.path.basename(f) for f in files))
    if failures or (args.strict and any(t.startswith("FAIL") for t in targets)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
