#!/usr/bin/env python3
"""Side-by-side pack/unpack benchmark: vmpl vs Open MPI 5 vs MPICH 5.

Installs each peer from PyPI into its own venv (the helpers of
compare_reduce.py), compiles bench/pack.c with each peer's mpicc
(-DBENCH_MPI: MPI_Pack/MPI_Unpack), then runs vmpl and the peers
interleaved, one layout at a time, in a rotating order, for --rounds
rounds, so that machine drift hits all three alike. The vmpl process also
times the baselines (memcpy of the packed bytes, the hand-written C loop,
and where the user lines holding data come in runs, the line traffic
alone, "lines" in pack.c); the peer processes time memcpy and the C loop
too: memcpy as a noise gauge, the loop to tell a process's page placement
from the library's code in a missed cell. Prints GB/s and
ratio tables and the issue-3 targets (PASS/FAIL), and writes CSV and PNG
plots.

Usually started by bench/compare-pack.sh, which builds vmpl's pack_bench
and a venv with matplotlib first.
"""
import argparse
import csv
import datetime
import os
import statistics
import subprocess
import sys
import time

from compare_reduce import (PEERS, ensure_peer_venv, human, log, median_pace, pace_notes,
                            pace_report, peer_env, run_peer, set_pace, take_option)

FIELDS = ["impl", "process", "layout", "op", "cache", "size", "packed_bytes", "ns_median",
          "gbps_median", "gbps_min", "gbps_max", "reps", "retries", "gauge_ns"]
LAYOUT_ORDER = ["vec_2_3_int", "col_16_double", "col_1024_double", "indexed_int",
                "struct_idc3", "face_first", "face_mid", "face_last"]
IMPL_ORDER = ["vmpl", "openmpi", "mpich", "loop", "memcpy", "lines"]
BASELINES = ["memcpy", "loop", "lines"]
OPS = ["pack", "unpack"]


# ---- peers: binaries and launch ----

def build_peer(name, venv, src, bindir, cflags):
    exe = os.path.join(bindir, f"pack_bench-{name}")
    mpicc = os.path.join(venv, "bin", "mpicc")
    cmd = [mpicc, *cflags.split(), "-Wall", "-Wextra", "-DBENCH_MPI", "-o", exe, src, "-lm"]
    subprocess.run(cmd, check=True, env=peer_env(name))
    return exe


def launcher(name, venv, exe):
    """Singleton MPI_Init when it works, else mpirun -n 1; and the layouts listed."""
    env = peer_env(name)
    for prefix in ([], [os.path.join(venv, "bin", "mpirun"), "-n", "1"]):
        try:
            r = run_peer(prefix + [exe, "--list"], capture_output=True, text=True, env=env,
                         timeout=120)
        except subprocess.TimeoutExpired:
            continue
        if r.returncode == 0 and r.stdout.strip():
            return prefix, layouts_of(r.stdout)
    raise RuntimeError(f"{name}: pack_bench does not start, singleton or via mpirun")


def layouts_of(listing):
    return [line.split()[0] for line in listing.splitlines() if line.strip()]


def library_version(impl):
    return f"{impl} {PEERS[impl].split('==')[1]}" if impl in PEERS else impl


def choose_layouts(listed, layouts_arg, bench_args):
    """The layouts to run, in pack_bench's order, and the pack_bench options
    left. Each step passes its own --layouts and --impls, so a --layouts
    after '--' narrows the steps (with --layouts before it, to the layouts
    named in both) instead of going to every step, where it would override
    the step's own layout; --impls there is an error (ValueError)."""
    rest, after = take_option(bench_args, "--layouts")
    if take_option(rest, "--impls")[1] is not None:
        raise ValueError("--impls after '--': every process times its own set "
                         "(vmpl: lib,loop,memcpy,lines; peers: lib,loop,memcpy)")
    wanted = None if layouts_arg == "all" else set(layouts_arg.split(","))
    if after is not None:
        wanted = after if wanted is None else wanted & after
    return [name for name in listed if wanted is None or name in wanted], rest


# ---- running ----

def run_layout(impl, cmd, env, impls_arg, layout, args, notes):
    """Rows of one layout from one process; stderr notes (skips, mismatches) kept."""
    full = cmd + ["--layouts", layout, "--impls", impls_arg, "--no-header", *args.bench_args]
    r = run_peer(full, capture_output=True, text=True, env=env)
    for line in r.stderr.splitlines():
        if "MISMATCH" in line or "failed" in line or "skipping" in line:
            notes.add(line.replace("pack_bench: ", "").strip())
    if r.returncode not in (0, 2):
        err = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
        notes.add(f"{impl} {layout}: process died (exit {r.returncode}): {err[:160]}")
        log(f"  {impl}: {layout} died ({err[:80]})")
    rows = list(csv.DictReader(r.stdout.splitlines(), fieldnames=FIELDS))
    return [row for row in rows if row.get("reps")]  # drop a line cut off by a crash


def run_all(impls, layouts, args, notes):
    """impls: list of (name, cmd, env, impls_arg). Interleave per layout, rotating order."""
    rows, start = [], time.time()
    steps, step = args.rounds * len(layouts) * len(impls), 0
    for rnd in range(args.rounds):
        for li, layout in enumerate(layouts):
            k = (li + rnd) % len(impls)
            for name, cmd, env, impls_arg in impls[k:] + impls[:k]:
                step += 1
                t0 = time.time()
                got = run_layout(name, cmd, env, impls_arg, layout, args, notes)
                for row in got:
                    row["round"] = rnd
                rows += got
                log(f"  [{step}/{steps}] {name:8s} {layout:16s} {len(got):4d} rows "
                    f"{time.time() - t0:6.1f}s  (elapsed {(time.time() - start) / 60:.1f} min)")
    return rows


def merge_rounds(rows):
    """Per (impl, process, layout, op, cache, size): median of the per-round medians,
    min of the minima, max of the maxima."""
    cells = {}
    for r in rows:
        key = (r["impl"], r["process"], r["layout"], r["op"], r["cache"], int(r["size"]))
        cells.setdefault(key, []).append(r)
    out = {}
    for key, rs in cells.items():
        out[key] = {
            "packed_bytes": int(rs[0]["packed_bytes"]),
            "gbps": statistics.median(float(r["gbps_median"]) for r in rs),
            "gbps_min": min(float(r["gbps_min"]) for r in rs),
            "gbps_max": max(float(r["gbps_max"]) for r in rs),
            "rounds": len(rs),
            "pace": median_pace(rs),
        }
    return out


def impl_cell(cells, impl, layout, op, cache, size):
    """The cell of a library (in its own process) or of a baseline (in vmpl's)."""
    process = "vmpl" if impl in BASELINES else impl
    return cells.get((impl, process, layout, op, cache, size))


# ---- ratios and targets ----

def ratio_rows(cells, peers):
    out = []
    for (impl, proc, layout, op, cache, size), c in cells.items():
        if impl != "vmpl":
            continue
        row = {"layout": layout, "op": op, "cache": cache, "size": size,
               "label": f"{layout}/{op}@{human(size)}",
               "packed_bytes": c["packed_bytes"], "vmpl_gbps": c["gbps"],
               "vmpl_gbps_min": c["gbps_min"], "vmpl_gbps_max": c["gbps_max"],
               "vmpl_pace": c["pace"]}
        best = None
        for other in peers + BASELINES:
            oc = impl_cell(cells, other, layout, op, cache, size)
            row[f"{other}_gbps"] = oc["gbps"] if oc else None
            row[f"vs_{other}"] = c["gbps"] / oc["gbps"] if oc and oc["gbps"] > 0 else None
            row[f"{other}_pace"] = oc["pace"] if oc else None
            if other in peers and oc and (best is None or oc["gbps"] > best[1]["gbps"]):
                best = (other, oc)
        row["best_peer"] = best[0] if best else None
        row["best_peer_gbps"] = best[1]["gbps"] if best else None
        row["best_peer_gbps_min"] = best[1]["gbps_min"] if best else None
        row["vs_best_peer"] = c["gbps"] / best[1]["gbps"] if best else None
        row["best_peer_pace"] = best[1]["pace"] if best else None
        own = cells.get(("loop", "vmpl", layout, op, cache, size))
        peer = cells.get(("loop", best[0], layout, op, cache, size)) if best else None
        row["best_peer_loop_gbps"] = peer["gbps"] if peer else None
        row["loop_vs_peer_loop"] = (own["gbps"] / peer["gbps"] if own and peer and peer["gbps"] > 0
                                    else None)
        out.append(row)
    out.sort(key=lambda r: (layout_rank(r["layout"]), OPS.index(r["op"]), r["cache"], r["size"]))
    return out


def layout_rank(name):
    return LAYOUT_ORDER.index(name) if name in LAYOUT_ORDER else len(LAYOUT_ORDER)


def fmt(v):
    if v is None:
        return "      -"
    return f"{v:7.0f}" if v >= 1000 else f"{v:7.1f}" if v >= 100 else f"{v:7.2f}"


def print_gbps(cells, cache, sizes, impls, out):
    """Every impl's median GB/s, one row per layout/op/impl."""
    out.append(f"\nGB/s of packed bytes, median [{cache} cache]")
    out.append(f"{'layout/op':24s}{'impl':>8s}" + "".join(f"{human(s):>7s}" for s in sizes))
    layouts = sorted({k[2] for k in cells}, key=layout_rank)
    for layout in layouts:
        for op in OPS:
            for impl in impls:
                vals = [impl_cell(cells, impl, layout, op, cache, s) for s in sizes]
                if any(vals):
                    out.append(f"{layout + '/' + op:24s}{impl:>8s}" +
                               "".join(fmt(v["gbps"] if v else None) for v in vals))


def print_matrix(title, ratios, key, cache, sizes, out):
    index = {(r["layout"], r["op"], r["size"]): r for r in ratios if r["cache"] == cache}
    if not any(r.get(key) is not None for r in index.values()):
        return
    out.append(f"\n{title} [{cache} cache]")
    out.append(f"{'layout/op':24s}" + "".join(f"{human(s):>7s}" for s in sizes))
    combos = []
    for r in ratios:
        if r["cache"] == cache and (r["layout"], r["op"]) not in combos:
            combos.append((r["layout"], r["op"]))
    for layout, op in combos:
        vals = [index.get((layout, op, s), {}).get(key) for s in sizes]
        if any(v is not None for v in vals):
            out.append(f"{layout + '/' + op:24s}" + "".join(fmt(v) for v in vals))


def target(name, ratios, select, key, threshold, other):
    """PASS when r[key] >= threshold for every selected row that has it."""
    cells = [(r[key], r) for r in ratios if select(r) and r.get(key) is not None]
    if not cells:
        return f"N/A   {name}: nothing measured"
    bad = [(v, r) for v, r in cells if v < threshold]
    worst_v, worst = min(cells, key=lambda c: c[0])
    ogbps = worst.get(f"{other(worst)}_gbps")
    line = (f"{'PASS' if not bad else 'FAIL'}  {name}: {len(cells) - len(bad)}/{len(cells)} "
            f"cells meet it; worst {worst['layout']}/{worst['op']} {human(worst['size'])}: "
            f"{worst_v:.2f}x ({worst['vmpl_gbps']:.2f} vs {other(worst)} "
            f"{ogbps:.2f} GB/s)")
    if bad:
        fails = [f"{r['layout']}/{r['op']}@{human(r['size'])}={v:.2f}x" for v, r in bad]
        more = f" (+{len(fails) - 16} more)" if len(fails) > 16 else ""
        line += "\n        failing: " + ", ".join(fails[:16]) + more
    line += pace_notes([r for _, r in bad], [r for v, r in cells if v >= threshold],
                       lambda r: r.get("vmpl_pace"), lambda r: r.get(f"{other(r)}_pace"))
    return line


def above_lines(ratios, select, asks_of):
    """Missed cells whose asked GB/s exceeds the line traffic's own speed.

    asks_of: (name, base, factor) per target: the cell asks factor x base's GB/s.
    """
    asks = []
    for r in ratios:
        if not select(r) or not r.get("lines_gbps"):
            continue
        for name, base, factor in asks_of:
            if r.get(f"{base}_gbps"):
                asked = factor * r[f"{base}_gbps"]
                if r["vmpl_gbps"] < asked and asked > r["lines_gbps"]:
                    asks.append(f"{name} {r['op']}@{human(r['size'])} asks {asked:.1f}, "
                                f"lines {r['lines_gbps']:.1f}, vmpl {r['vmpl_gbps']:.1f}")
    if not asks:
        return []
    return ["        missed cells asking more than the line traffic alone moves (GB/s): "
            + "; ".join(asks)]


def evaluate_targets(ratios, caches, peers):
    lines = []
    mid = (64 << 10, 1 << 20)
    for cache in caches:
        tag = f"[{cache}]"

        def c(r, cache=cache):
            return r["cache"] == cache

        def vec_mid(r, c=c):
            return c(r) and r["layout"] == "vec_2_3_int" and mid[0] <= r["size"] <= mid[1]

        if "openmpi" in peers:
            lines.append(target(
                f"T1 {tag} vector(2,3,int) 64 KiB..1 MiB >= 2x Open MPI", ratios, vec_mid,
                "vs_openmpi", 2.0, lambda r: "openmpi"))
        lines.append(target(
            f"T2 {tag} vector(2,3,int) 64 KiB..1 MiB >= 0.60x memcpy GB/s", ratios, vec_mid,
            "vs_memcpy", 0.60, lambda r: "memcpy"))
        lines += above_lines(ratios, vec_mid, [("T1", "openmpi", 2.0)] * ("openmpi" in peers)
                             + [("T2", "memcpy", 0.60)])

        def struct(r, c=c):
            return c(r) and r["layout"] == "struct_idc3"

        def indexed(r, c=c):
            return c(r) and r["layout"] == "indexed_int"

        if "openmpi" in peers:
            lines.append(target(
                f"T3 {tag} struct {{int,double,char[3]}} >= 13x Open MPI, every size", ratios,
                struct, "vs_openmpi", 13.0, lambda r: "openmpi"))
            lines += above_lines(ratios, struct, [("T3", "openmpi", 13.0)])
        if "mpich" in peers:
            lines.append(target(
                f"T4 {tag} irregular indexed >= 2x MPICH, every size", ratios, indexed,
                "vs_mpich", 2.0, lambda r: "mpich"))
            lines += above_lines(ratios, indexed, [("T4", "mpich", 2.0)])
        if peers:
            line = target(
                f"T5 {tag} >= 1.0x the best peer, every layout/size/op", ratios, c,
                "vs_best_peer", 1.0, lambda r: r["best_peer"])
            noisy = [r for r in ratios if c(r) and r.get("vs_best_peer") is not None
                     and r["vs_best_peer"] < 1.0 and r["vmpl_gbps_max"] >= r["best_peer_gbps_min"]]
            if noisy:
                line += (f"\n        of which within the peers' spread (vmpl max >= peer min): "
                         + ", ".join(f"{r['layout']}/{r['op']}@{human(r['size'])}" for r in noisy))
            placed = [r for r in ratios if c(r) and r.get("vs_best_peer") is not None
                      and r["vs_best_peer"] < 1.0 and r not in noisy
                      and r.get("loop_vs_peer_loop") is not None
                      and r["loop_vs_peer_loop"] <= r["vs_best_peer"]]
            if placed:
                line += ("\n        of the others, where the C loop lost as much in vmpl's "
                         "process to the same loop in the peer's (vmpl, loop in vmpl's / in "
                         "the peer's): "
                         + ", ".join(f"{r['layout']}/{r['op']}@{human(r['size'])} "
                                     f"{r['vs_best_peer']:.2f}, {r['loop_vs_peer_loop']:.2f}"
                                     for r in placed))
            lines.append(line)
    return lines


def memcpy_consistency(cells, impls):
    """Per peer process, memcpy GB/s relative to the vmpl process's: a noise gauge."""
    out = []
    for impl in impls:
        if impl == "vmpl":
            continue
        rel = []
        for (i, proc, layout, op, cache, size), c in cells.items():
            v = cells.get(("memcpy", "vmpl", layout, op, cache, size))
            if i == "memcpy" and proc == impl and op == "pack" and v and v["gbps"]:
                rel.append(c["gbps"] / v["gbps"])
        if rel:
            q = statistics.quantiles(rel, n=10) if len(rel) > 1 else [rel[0]] * 9
            out.append(f"memcpy GB/s in the {impl} process / in the vmpl process: median "
                       f"{statistics.median(rel):.2f}, 10%..90% {q[0]:.2f}..{q[-1]:.2f}")
    return out


# ---- plots ----

def plot(cells, ratios, impls, peers, outdir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("compare-pack: matplotlib not available, no plots")
        return []
    files = []
    colors = {impl: f"C{i}" for i, impl in enumerate(IMPL_ORDER)}
    layouts = sorted({k[2] for k in cells}, key=layout_rank)
    sizes = sorted({k[5] for k in cells})
    for layout in layouts:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4), squeeze=False)
        for ax, op in zip(axes.flat, OPS):
            for impl in impls:
                for cache, ls in (("hot", "-"), ("cold", "--")):
                    got = [impl_cell(cells, impl, layout, op, cache, s) for s in sizes]
                    pts = sorted((v["packed_bytes"], v["gbps"], v["gbps_min"], v["gbps_max"])
                                 for v in got if v)
                    if not pts:
                        continue
                    x, y, lo, hi = zip(*pts)
                    ax.errorbar(x, y, yerr=[[a - b for a, b in zip(y, lo)],
                                            [b - a for a, b in zip(y, hi)]],
                                fmt=ls, marker="." if cache == "hot" else "x",
                                color=colors.get(impl, "gray"), label=f"{impl} {cache}",
                                capsize=2, lw=1)
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_title(f"{layout} {op}")
            ax.set_xlabel("packed bytes")
            ax.set_ylabel("GB/s (median, min..max)")
            ax.grid(True, which="both", alpha=0.3)
        axes.flat[0].legend(fontsize=6, ncol=2)
        fig.tight_layout()
        path = os.path.join(outdir, f"gbps_{layout}.png")
        fig.savefig(path, dpi=90)
        plt.close(fig)
        files.append(path)
    keys = [f"vs_{p}" for p in peers] + ["vs_best_peer", "vs_memcpy", "vs_loop"]
    ncol = 3
    nrow = (len(keys) + 1 + ncol - 1) // ncol  # one panel for the legend
    fig, axes = plt.subplots(nrow, ncol, figsize=(5.2 * ncol, 4.2 * nrow), squeeze=False)
    for ax, key in zip(axes.flat, keys):
        for i, layout in enumerate(layouts):
            for op, ls in (("pack", "-"), ("unpack", "--")):
                pts = sorted((r["packed_bytes"], r[key]) for r in ratios
                             if r["layout"] == layout and r["op"] == op and r["cache"] == "hot"
                             and r.get(key))
                if pts:
                    ax.plot(*zip(*pts), ls, marker=".", color=f"C{i}", label=f"{layout} {op}")
        ax.axhline(1.0, color="black", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("packed bytes")
        ax.set_title(f"vmpl GB/s / {key[3:]} GB/s (hot)")
        ax.grid(True, which="both", alpha=0.3)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    for ax in list(axes.flat)[len(keys):]:
        ax.axis("off")
    list(axes.flat)[len(keys)].legend(handles, labels, fontsize=7, ncol=2, loc="center")
    fig.tight_layout()
    path = os.path.join(outdir, "ratios.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    files.append(path)
    return files


# ---- main ----

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="vmpl build dir (has bench/pack_bench)")
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "pack.c"))
    ap.add_argument("--out", help="output dir (default BUILD/bench-results/compare-pack-TIME)")
    ap.add_argument("--venv-root", help="where the peer venvs live (default BUILD)")
    ap.add_argument("--peers", default="openmpi,mpich", help="subset of openmpi,mpich or ''")
    ap.add_argument("--layouts", default="all", help="comma list of pack_bench layouts")
    ap.add_argument("--cflags", default="-O3", help="flags for the peers' mpicc")
    ap.add_argument("--rounds", type=int, default=3,
                    help="repeat the interleaved sweep; the median per cell is kept")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    ap.add_argument("--quick", action="store_true", help="smoke run (pack_bench --quick, 1 round)")
    ap.add_argument("bench_args", nargs="*",
                    help="passed to every pack_bench run after '--', e.g. "
                         "-- --sizes 64K,1M --cache hot --reps 7")
    return ap.parse_args()


def main():
    args = parse_args()
    if args.quick:
        args.bench_args = ["--quick"] + args.bench_args
        args.rounds = 1
    build = os.path.abspath(args.build)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    outdir = args.out or os.path.join(build, "bench-results", f"compare-pack-{stamp}")
    bindir = os.path.join(outdir, "bin")
    os.makedirs(bindir, exist_ok=True)
    venv_root = args.venv_root or build
    peers = [p for p in args.peers.split(",") if p]

    report = []
    load = subprocess.run("top -bn1 | head -5", shell=True, capture_output=True, text=True)
    report += ["machine load before the run (top -bn1 | head -5):", load.stdout.rstrip()]
    print("\n".join(report), flush=True)

    vmpl_exe = os.path.join(build, "bench", "pack_bench")
    r = subprocess.run([vmpl_exe, "--list"], capture_output=True, text=True, check=True)
    try:
        layouts, args.bench_args = choose_layouts(layouts_of(r.stdout), args.layouts,
                                                  args.bench_args)
    except ValueError as e:
        sys.exit(f"compare_pack: {e}")
    if not layouts:
        sys.exit("compare_pack: no layout left to run (pack_bench --list names them)")
    impls = [("vmpl", [vmpl_exe], dict(os.environ), "lib,loop,memcpy,lines")]
    for p in peers:
        venv = os.path.join(venv_root, f"bench-venv-{p}")
        ensure_peer_venv(venv, PEERS[p])
        exe = build_peer(p, venv, args.src, bindir, args.cflags)
        prefix, _ = launcher(p, venv, exe)
        impls.append((p, prefix + [exe], peer_env(p), "lib,loop,memcpy"))
        log(f"compare-pack: {p} ({PEERS[p]}) via {'mpirun -n 1' if prefix else 'singleton'}")

    t0 = time.time()
    notes = set()
    rows = run_all(impls, layouts, args, notes)
    elapsed = time.time() - t0
    quiet = set_pace(rows)
    with open(os.path.join(outdir, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS + ["round", "pace"])
        w.writeheader()
        w.writerows(rows)

    cells = merge_rounds(rows)
    with open(os.path.join(outdir, "cells.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["impl", "process", "layout", "op", "cache", "size", "packed_bytes",
                    "gbps_median", "gbps_min", "gbps_max", "rounds", "pace"])
        for k in sorted(cells, key=lambda k: (layout_rank(k[2]), k[3], k[4], k[5], k[0], k[1])):
            c = cells[k]
            w.writerow([*k, c["packed_bytes"], f"{c['gbps']:.4f}", f"{c['gbps_min']:.4f}",
                        f"{c['gbps_max']:.4f}", c["rounds"],
                        f"{c['pace']:.3f}" if c["pace"] is not None else ""])
    ratios = ratio_rows(cells, peers)
    with open(os.path.join(outdir, "ratios.csv"), "w", newline="") as f:
        keys = (["layout", "op", "cache", "size", "packed_bytes", "vmpl_gbps"]
                + [f"{o}_gbps" for o in peers + BASELINES]
                + [f"vs_{o}" for o in peers + BASELINES]
                + ["best_peer", "vs_best_peer", "best_peer_loop_gbps", "loop_vs_peer_loop",
                   "vmpl_pace", "best_peer_pace"])
        w = csv.DictWriter(f, fieldnames=keys, extrasaction="ignore")
        w.writeheader()
        w.writerows(ratios)

    load = subprocess.run("top -bn1 | head -3", shell=True, capture_output=True, text=True)
    report += ["machine load after the run (top -bn1 | head -3):", load.stdout.rstrip()]
    caches = [c for c in ("hot", "cold") if any(r["cache"] == c for r in ratios)]
    shown = ["vmpl"] + peers + ["loop", "memcpy", "lines"]
    out = [f"\npeers: {', '.join(library_version(p) for p in peers) or 'none'}; "
           f"{args.rounds} round(s); sweep took {elapsed / 60:.1f} min"]
    out += memcpy_consistency(cells, [i[0] for i in impls])
    out += pace_report(rows, quiet, lambda r: r["process"])
    out += [f"note: {n}" for n in sorted(notes)]
    for cache in caches:
        sizes = sorted({r["size"] for r in ratios if r["cache"] == cache})
        print_gbps(cells, cache, sizes, shown, out)
        for p in peers:
            print_matrix(f"vmpl / {library_version(p)} (GB/s ratio; >1 = vmpl faster)",
                         ratios, f"vs_{p}", cache, sizes, out)
        if peers:
            print_matrix("vmpl / best peer", ratios, "vs_best_peer", cache, sizes, out)
        print_matrix("vmpl / memcpy of the packed bytes", ratios, "vs_memcpy", cache, sizes, out)
        print_matrix("vmpl / hand-written C loop", ratios, "vs_loop", cache, sizes, out)
        print_matrix("vmpl / the line traffic alone (lines)", ratios, "vs_lines", cache, sizes,
                     out)
    out.append("\ntargets (issue 3):")
    out += evaluate_targets(ratios, caches, peers)
    files = plot(cells, ratios, shown, peers, outdir)
    out.append(f"\nwritten to {outdir}: results.csv cells.csv ratios.csv summary.txt "
               + " ".join(os.path.basename(p) for p in files))
    print("\n".join(report[-2:] + out), flush=True)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write("\n".join(report + out) + "\n")
    if any("MISMATCH" in n for n in notes):
        return 2
    if args.strict and any(line.startswith("FAIL") for line in out):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
