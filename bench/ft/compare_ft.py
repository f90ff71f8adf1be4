#!/usr/bin/env python3
"""Failure detection and notification latency, and detector noise: vmpl vs Open MPI 5 ULFM.

Latency series (bench/ft/ft_detect.c under `vmplrun --ft`, ulfm_detect.c
under `mpirun --with-ft ulfm`):
  proc-ranks   a rank is SIGKILLed, vs number of ranks (one node)
  proc-nodes   a rank is SIGKILLed, vs number of virtual nodes (vmpl only)
  hang-delta   a node hangs (vmpl: daemon SIGSTOPped; Open MPI: the rank
               SIGSTOPped, found by its heartbeat detector), vs heartbeat period
  hang-nodes   the same vs number of daemons (Open MPI: of ranks), 1 rank each
  kill-nodes   a node daemon is SIGKILLed, vs number of daemons (vmpl only)
  multi-proc   K ranks SIGKILLed at once, contiguous or scattered
  multi-hang   K nodes hang at once, contiguous (neighbours in the ring) or
               scattered
Every run gives: detect = first notification in any survivor minus the
kill time, notify = the last survivor's notification of the last expected
failure minus the first kill time (the figure of merit). A run is `ok` when
every survivor learnt of every expected failure and of no other. Survivors
that know every failure sleep --hold-ms before they print and leave (both
libraries), so on an oversubscribed host the last survivor's notification
is not delayed by the earlier survivors' exit work.

Noise series: 2-rank ping-pong (bench/p2p/pingpong.c, 8 B) and an 8-byte
allreduce loop (bench/ft/allreduce_loop.c) with the detector off and on.

Each round runs every cell once in a shuffled order; the summary gives the
median [min..max] over the rounds of the `ok` runs and counts the others.
"""
import argparse
import csv
import datetime
import glob
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from compare_reduce import PEERS, ensure_peer_venv, log, peer_env  # noqa: E402
from jobs import run_job  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)


# ---- series: (name, x label, [(x, impl, spec)]) ----

def latency_cells(args):
    """Every latency cell as a dict: series, x, impl and how to run it."""
    q = args.quick
    cells = []

    def add(series, x, impl, **spec):
        cells.append(dict(series=series, x=x, impl=impl, **spec))

    ompi = "openmpi" in args.peers
    for n in ([2, 4, 8] if q else [2, 4, 8, 16, 32, 64]):
        add("proc-ranks", n, "vmpl", scenario="proc", ranks=n, nodes=1, ppn=n,
            victims=[n // 2], delta=args.delta)
        if ompi:
            add("proc-ranks", n, "openmpi", scenario="proc", ranks=n, victims=[n // 2])
    ranks = 8 if q else 16
    for k in ([1, 2, 4] if q else [1, 2, 4, 8, 16]):
        add("proc-nodes", k, "vmpl", scenario="proc", ranks=ranks, nodes=k, ppn=ranks // k,
            victims=[ranks - 1], delta=args.delta)
    for d in ([10, 100] if q else [10, 20, 50, 100, 200, 500, 1000]):
        add("hang-delta", d, "vmpl", scenario="node-hang", ranks=4, nodes=4, ppn=1,
            victims=[2], delta=d)
        if ompi:
            add("hang-delta", d, "openmpi", scenario="hang", ranks=4, victims=[2], delta=d)
    for k in ([2, 4, 8] if q else [2, 4, 8, 16, 32, 64]):
        add("hang-nodes", k, "vmpl", scenario="node-hang", ranks=k, nodes=k, ppn=1,
            victims=[k // 2], delta=args.delta)
        add("kill-nodes", k, "vmpl", scenario="node-kill", ranks=k, nodes=k, ppn=1,
            victims=[k // 2], delta=args.delta)
        if ompi and k <= args.ompi_max_hang_ranks:
            add("hang-nodes", k, "openmpi", scenario="hang", ranks=k, victims=[k // 2],
                delta=args.delta)
    ranks, nodes = (8, 2) if q else (16, 4)
    for k in ([1, 2] if q else [1, 2, 4, 8]):
        for layout in ("contiguous", "scattered"):
            v = victims_of(ranks, k, layout)
            add("multi-proc", f"{k}-{layout[:4]}", "vmpl", scenario="proc", ranks=ranks,
                nodes=nodes, ppn=ranks // nodes, victims=v, delta=args.delta)
            if ompi:
                add("multi-proc", f"{k}-{layout[:4]}", "openmpi", scenario="proc", ranks=ranks,
                    victims=v)
    nodes = 4 if q else 8
    for k in ([1, 2] if q else [1, 2, 3]):
        for layout in ("contiguous", "scattered"):
            v = victims_of(nodes, k, layout)
            add("multi-hang", f"{k}-{layout[:4]}", "vmpl", scenario="node-hang", ranks=nodes,
                nodes=nodes, ppn=1, victims=v, delta=args.delta)
            if ompi:
                add("multi-hang", f"{k}-{layout[:4]}", "openmpi", scenario="hang", ranks=nodes,
                    victims=v, delta=args.delta)
    only = set(args.series.split(",")) if args.series else None
    return [c for c in cells if not only or c["series"] in only]


def victims_of(n, k, layout):
    """k of n ranks (or nodes) in the middle of the ring, or spread evenly."""
    if layout == "contiguous":
        first = n // 2 - k // 2
        return [first + i for i in range(k)]
    return sorted({(n // (2 * k) + i * n // k) % n for i in range(k)})


# ---- commands ----

class Tools:
    def __init__(self, args, out):
        self.args = args
        self.vmplrun = os.path.join(args.build, "bin", "vmplrun")
        self.ft_detect = os.path.join(args.build, "bench", "ft_detect")
        self.pingpong = os.path.join(args.build, "bench", "pingpong")
        self.allreduce = os.path.join(args.build, "bench", "ft_allreduce_loop")
        self.peer = {}  # name -> (venv, {program: exe})
        for peer in args.peers:
            venv = os.path.join(args.venv_root or args.build, f"bench-venv-{peer}")
            ensure_peer_venv(venv, PEERS[peer])
            mpicc = os.path.join(venv, "bin", "mpicc")
            exes = {}
            for prog, srcs in (("ulfm_detect", ["ulfm_detect.c", "ft_common.c"]),
                               ("allreduce", ["allreduce_loop.c"]),
                               ("pingpong", [os.path.join("..", "p2p", "pingpong.c")])):
                exe = os.path.join(out, f"{prog}-{peer}")
                subprocess.run([mpicc, "-O2", "-o", exe,
                                *[os.path.join(HERE, s) for s in srcs]],
                               check=True, env=peer_env(peer))
                exes[prog] = exe
            self.peer[peer] = (venv, exes)

    def ompi_launch(self, ranks, ft, delta=None):
        """mpirun of Open MPI; ft: None (plain), 'rte' (ULFM, runtime detector)
        or 'hb' (ULFM plus the in-MPI heartbeat detector at period delta ms,
        timeout 2 delta like vmpl's default)."""
        venv, _ = self.peer["openmpi"]
        cmd = [os.path.join(venv, "bin", "mpirun"), "--oversubscribe", "-n", str(ranks)]
        if ft:
            cmd += ["--with-ft", "ulfm"]
        if ft == "hb":
            cmd += ["--mca", "mpi_ft_detector", "true",
                    "--mca", "mpi_ft_detector_thread", "true" if self.args.ompi_thread else "false",
                    "--mca", "mpi_ft_detector_period", f"{delta / 1e3:g}",
                    "--mca", "mpi_ft_detector_timeout", f"{2 * delta / 1e3:g}"]
        return cmd

    def latency_cmd(self, cell, t0_dir):
        tail = ["--victims", ",".join(map(str, cell["victims"])), "--t0-dir", t0_dir,
                "--hold-ms", str(self.args.hold_ms),
                "--timeout-ms", str(int(self.args.wait_s * 1000))]
        if cell["impl"] == "vmpl":
            cmd = [self.vmplrun, "-n", str(cell["ranks"]), "--ft", "--ft-delta", str(cell["delta"]),
                   "--timeout", str(int(self.args.wait_s + 30))]
            if cell["nodes"] > 1:
                cmd += ["--nodes", str(cell["nodes"])]
            cmd += ["--ppn", str(cell["ppn"]), self.ft_detect, cell["scenario"],
                    "--ppn", str(cell["ppn"])]
            return cmd + tail, dict(os.environ)
        _, exes = self.peer["openmpi"]
        ft = "hb" if cell["scenario"] == "hang" else "rte"
        cmd = self.ompi_launch(cell["ranks"], ft, cell.get("delta"))
        return cmd + [exes["ulfm_detect"], cell["scenario"]] + tail, peer_env("openmpi")


# ---- one latency run ----

def kill_records(t0_dir):
    recs = {}
    for path in glob.glob(os.path.join(t0_dir, "kill.*")):
        with open(path) as f:
            parts = f.read().split()
        if len(parts) == 4:
            recs[int(parts[0])] = (int(parts[1]), int(parts[2]), int(parts[3]))
    return recs


def expected_failures(cell):
    if cell["scenario"].startswith("node-"):
        ppn = cell["ppn"]
        nodes = {v // ppn for v in cell["victims"]}
        return {r for r in range(cell["ranks"]) if r // ppn in nodes}
    return set(cell["victims"])


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def run_latency(tools, cell, rnd):
    t0_dir = tempfile.mkdtemp(prefix="vmpl-ft-bench-")
    cmd, env = tools.latency_cmd(cell, t0_dir)
    rc, out, err, secs = run_job(cmd, env, tools.args.wait_s + 60)
    recs = kill_records(t0_dir)
    shutil.rmtree(t0_dir, ignore_errors=True)
    row = dict(round=rnd, series=cell["series"], x=cell["x"], impl=cell["impl"],
               scenario=cell["scenario"], ranks=cell["ranks"], nodes=cell.get("nodes", 1),
               delta_ms=cell.get("delta", ""), victims=" ".join(map(str, cell["victims"])),
               outcome="", detect_ms="", notify_ms="", kill_spread_ms="", survivors=0,
               returncode=rc if rc is not None else "timeout", wall_s=f"{secs:.2f}", note="")
    # a stopped process left behind is a launcher bug: report it, then end it
    for _, (_, _, target) in recs.items():
        if target > 0 and pid_alive(target) and target != os.getpid():
            row["note"] += f"left behind pid {target}; "
            try:
                os.kill(target, signal.SIGKILL)
            except OSError:
                pass
    expect = expected_failures(cell)
    seen, done = {}, {}
    for line in out.splitlines():
        f = line.strip().split(",")
        if f[0] == "seen" and len(f) == 5:
            seen.setdefault(int(f[1]), {})[int(f[2])] = int(f[4])
        elif f[0] == "done" and len(f) == 5:
            done[int(f[1])] = (int(f[2]), int(f[3]), int(f[4]))
    survivors = [r for r in range(cell["ranks"]) if r not in expect]
    row["survivors"] = len(done)
    t0s = [recs[v][0] for v in cell["victims"] if v in recs]
    false_reports = sum(1 for s in seen.values() for r in s if r not in expect)
    missing = [s for s in survivors if s not in done or done[s][1] < done[s][0]]
    if len(t0s) < len(cell["victims"]):
        row["outcome"] = "no-kill"
    elif false_reports:
        row["outcome"] = "false-report"
    elif rc is None and missing:
        row["outcome"] = "timeout"
    elif missing:
        row["outcome"] = "missed"
    else:
        row["outcome"] = "ok"
    if t0s and seen:
        t0 = min(t0s)
        row["kill_spread_ms"] = f"{(max(t0s) - t0) / 1e6:.3f}"
        firsts = [t for s in seen.values() for r, t in s.items() if r in expect]
        if firsts:
            row["detect_ms"] = f"{(min(firsts) - t0) / 1e6:.3f}"
        if row["outcome"] == "ok":
            last = max(max(t for r, t in seen[s].items() if r in expect) for s in survivors)
            row["notify_ms"] = f"{(last - t0) / 1e6:.3f}"
    if row["outcome"] != "ok":
        tail = " | ".join(err.strip().splitlines()[-3:])[:300]
        row["note"] += f"missing {missing[:8]} stderr: {tail}"
    return row


# ---- noise ----

def noise_cells(args):
    cells = [("vmpl", "off", None), ("vmpl", "ft-1node", None)]
    deltas = [int(d) for d in args.noise_deltas.split(",")]
    cells += [("vmpl", f"ft-d{d}", d) for d in deltas]
    if "openmpi" in args.peers:
        cells += [("openmpi", "off", None), ("openmpi", "ulfm", None)]
        cells += [("openmpi", f"ulfm-hb{d}", d) for d in deltas]
    return [(impl, cfg, d, bench) for impl, cfg, d in cells for bench in ("pingpong", "allreduce")]


def noise_cmd(tools, impl, cfg, delta, bench):
    args = tools.args
    if impl == "vmpl":
        cmd = [tools.vmplrun, "-n", "2", "--timeout", "120"]
        if cfg == "ft-1node":
            cmd += ["--ft"]
        elif cfg != "off":
            cmd += ["--ft", "--ft-delta", str(delta), "--nodes", "4", "--ppn", "2"]
        prog = tools.pingpong if bench == "pingpong" else tools.allreduce
        env = dict(os.environ)
    else:
        ft = None if cfg == "off" else "rte" if cfg == "ulfm" else "hb"
        cmd = tools.ompi_launch(2, ft, delta)
        prog = tools.peer["openmpi"][1][bench]
        env = peer_env("openmpi")
    if bench == "pingpong":
        return cmd + [prog, "--sizes", "8", "--target-ms", str(args.pingpong_ms)], env
    return cmd + [prog, "--iters", str(args.allreduce_iters)], env


def run_noise(tools, cell, rnd):
    impl, cfg, delta, bench = cell
    cmd, env = noise_cmd(tools, impl, cfg, delta, bench)
    rc, out, err, secs = run_job(cmd, env, tools.args.noise_limit_s)
    row = dict(round=rnd, bench=bench, impl=impl, config=cfg, delta_ms=delta or "",
               outcome="ok" if rc == 0 else "failed", usec="", p50_us="", p99_us="",
               p999_us="", max_us="", note="")
    lines = [ln for ln in out.splitlines() if ln and not ln.startswith("label")]
    if rc is None:
        # A job can print its result and then hang on the way out (Open MPI's
        # in-MPI detector does so in MPI_Finalize): keep the figure, say so.
        row["outcome"] = "hung-at-exit" if lines else "timeout"
        row["note"] = (f"result printed, then not done after {tools.args.noise_limit_s:g} s"
                       if lines else f"not done after {tools.args.noise_limit_s:g} s")
        if not lines:
            return row
    elif rc != 0 or not lines:
        row["outcome"] = "failed"
        row["note"] = " | ".join(err.strip().splitlines()[-3:])[:300]
        return row
    f = lines[-1].split(",")
    if bench == "pingpong":
        row["usec"] = f[3]
    else:
        row.update(usec=f[3], p50_us=f[4], p99_us=f[6], p999_us=f[7], max_us=f[8])
    return row


# ---- accuracy under load ----

def run_accuracy(tools, delta, seconds):
    """8 daemons, nobody fails, both cores saturated by busy loops for the whole
    run: every failure a survivor hears of is a false report."""
    loaders = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(os.cpu_count() or 2)]
    try:
        cmd = [tools.vmplrun, "-n", "8", "--nodes", "8", "--ppn", "1", "--ft", "--ft-delta", str(delta),
               "--timeout", str(int(seconds + 60)), tools.ft_detect, "quiet",
               "--timeout-ms", str(int(seconds * 1000))]
        rc, out, err, secs = run_job(cmd, dict(os.environ), seconds + 90)
    finally:
        for p in loaders:
            p.kill()
            p.wait()
    false_reports = sum(1 for ln in out.splitlines() if ln.startswith("seen,"))
    done = sum(1 for ln in out.splitlines() if ln.startswith("done,"))
    return dict(delta_ms=delta, seconds=seconds, daemons=8, loaders=len(loaders),
                returncode=rc if rc is not None else "timeout", survivors_done=done,
                false_reports=false_reports,
                outcome="ok" if rc == 0 and done == 8 and not false_reports else "failed",
                note=" | ".join(err.strip().splitlines()[-3:])[:300] if rc != 0 else "")


# ---- summary ----

def med_range(vals, fmt="{:.2f}"):
    if not vals:
        return "-"
    return f"{fmt.format(statistics.median(vals))} [{fmt.format(min(vals))}..{fmt.format(max(vals))}]"


def summarize_latency(rows, out):
    cells = {}
    for r in rows:
        cells.setdefault((r["series"], str(r["x"]), r["impl"]), []).append(r)
    summary, text = [], []
    series_order = []
    for key in cells:
        if key[0] not in series_order:
            series_order.append(key[0])
    for series in series_order:
        keys = [k for k in cells if k[0] == series]
        impls = sorted({k[2] for k in keys}, key=lambda i: (i != "vmpl", i))
        xs = []
        for k in keys:
            if k[1] not in xs:
                xs.append(k[1])
        text.append(f"\n{series}: notify ms (last survivor knows every failure), "
                    "median [min..max] over ok rounds; detect = first notification")
        for x in xs:
            line = f"  {x:>9}"
            meds = {}
            for impl in impls:
                rs = cells.get((series, x, impl))
                if not rs:
                    continue
                ok = [r for r in rs if r["outcome"] == "ok"]
                notify = [float(r["notify_ms"]) for r in ok]
                detect = [float(r["detect_ms"]) for r in ok if r["detect_ms"] != ""]
                bad = {}
                for r in rs:
                    if r["outcome"] != "ok":
                        bad[r["outcome"]] = bad.get(r["outcome"], 0) + 1
                left = sum(1 for r in rs if "left behind" in r["note"])
                if notify:
                    meds[impl] = statistics.median(notify)
                line += f"  {impl} {med_range(notify)} (detect {med_range(detect)})"
                if bad:
                    line += " " + ",".join(f"{n} {o}" for o, n in sorted(bad.items()))
                if left:
                    line += f" {left} left-behind"
                summary.append(dict(series=series, x=x, impl=impl, runs=len(rs), ok=len(ok),
                                    notify_median_ms=f"{statistics.median(notify):.3f}" if notify else "",
                                    notify_min_ms=f"{min(notify):.3f}" if notify else "",
                                    notify_max_ms=f"{max(notify):.3f}" if notify else "",
                                    detect_median_ms=f"{statistics.median(detect):.3f}" if detect else "",
                                    not_ok=";".join(f"{o}={n}" for o, n in sorted(bad.items())),
                                    left_behind=left))
            if "vmpl" in meds and len(meds) > 1:
                peer = min(v for k, v in meds.items() if k != "vmpl")
                if peer > 0:
                    line += f"  vmpl/peer {meds['vmpl'] / peer:.2f}"
            text.append(line)
    write_csv(os.path.join(out, "latency_summary.csv"), summary)
    return text, summary


def summarize_noise(rows, out):
    cells = {}
    for r in rows:
        cells.setdefault((r["bench"], r["impl"], r["config"]), []).append(r)
    text, summary = [], []
    for bench, unit in (("pingpong", "8 B half round trip us"),
                        ("allreduce", "8 B allreduce us: mean | p99")):
        text.append(f"\nnoise, {bench}: {unit}, median [min..max] over rounds; "
                    "ratio = median / same library's 'off'")
        for impl in ("vmpl", "openmpi"):
            base = None
            keys = [k for k in cells if k[0] == bench and k[1] == impl]
            keys.sort(key=lambda k: (k[2] != "off", k[2]))
            for key in keys:
                cfg, rs = key[2], cells[key]
                ok = [r for r in rs if r["usec"]]
                mean = [float(r["usec"]) for r in ok]
                p99 = [float(r["p99_us"]) for r in ok if r["p99_us"]]
                if cfg == "off" and mean:
                    base = statistics.median(mean)
                line = f"  {impl:8s} {cfg:12s} {med_range(mean, '{:.3f}')}"
                if p99:
                    line += f" | p99 {med_range(p99, '{:.2f}')}"
                if base and mean:
                    line += f"  ratio {statistics.median(mean) / base:.3f}"
                hung = [r for r in rs if r["outcome"] == "hung-at-exit"]
                if hung:
                    line += f"  {len(hung)} of {len(rs)} {hung[-1]['note']}"
                if len(ok) < len(rs):
                    bad = [r for r in rs if not r["usec"]]
                    line += f"  {len(bad)} failed: {bad[-1]['note'][:120]}"
                text.append(line)
                summary.append(dict(bench=bench, impl=impl, config=cfg, runs=len(rs), ok=len(ok),
                                    median_us=f"{statistics.median(mean):.4f}" if mean else "",
                                    min_us=f"{min(mean):.4f}" if mean else "",
                                    max_us=f"{max(mean):.4f}" if mean else "",
                                    p99_median_us=f"{statistics.median(p99):.3f}" if p99 else "",
                                    ratio_to_off=f"{statistics.median(mean) / base:.4f}"
                                    if base and mean else ""))
    write_csv(os.path.join(out, "noise_summary.csv"), summary)
    return text


def write_csv(path, rows):
    if not rows:
        return
    fields = []
    for r in rows:
        for k in r:
            if k not in fields:
                fields.append(k)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def plot(summary, noise_rows, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("compare-ft: matplotlib not available, no plots")
        return
    by_series = {}
    for s in summary:
        by_series.setdefault(s["series"], []).append(s)
    numeric_x = {"proc-ranks": "ranks", "proc-nodes": "virtual nodes (16 ranks)",
                 "hang-delta": "heartbeat period delta, ms (timeout 2 delta)",
                 "hang-nodes": "daemons (Open MPI: ranks), 1 rank each",
                 "kill-nodes": "daemons, 1 rank each"}
    for series, rows in by_series.items():
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        impls = sorted({r["impl"] for r in rows}, key=lambda i: (i != "vmpl", i))
        xs = []
        for r in rows:
            if r["x"] not in xs:
                xs.append(r["x"])
        for n, impl in enumerate(impls):
            pts = [(xs.index(r["x"]), r) for r in rows if r["impl"] == impl and r["notify_median_ms"]]
            if not pts:
                continue
            if series in numeric_x:
                xv = [float(r["x"]) for _, r in pts]
            else:
                xv = [i + (n - 0.5 * (len(impls) - 1)) * 0.15 for i, _ in pts]
            med = [float(r["notify_median_ms"]) for _, r in pts]
            lo = [m - float(r["notify_min_ms"]) for m, (_, r) in zip(med, pts)]
            hi = [float(r["notify_max_ms"]) - m for m, (_, r) in zip(med, pts)]
            ax.errorbar(xv, med, yerr=[lo, hi], marker="o", capsize=3, label=impl,
                        linestyle="-" if series in numeric_x else "none")
        if series in numeric_x:
            ax.set_xscale("log", base=2 if series != "hang-delta" else 10)
            ax.set_xlabel(numeric_x[series])
        else:
            ax.set_xticks(range(len(xs)))
            ax.set_xticklabels(xs)
            ax.set_xlabel("failures at once - layout")
        ax.set_yscale("log")
        ax.set_ylabel("last survivor notified, ms after kill")
        ax.set_title(f"failure notification: {series}")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(out, f"latency_{series}.png"), dpi=110)
        plt.close(fig)
    if noise_rows:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
        for ax, bench in zip(axes, ("pingpong", "allreduce")):
            labels, meds, errs = [], [], [[], []]
            for impl in ("vmpl", "openmpi"):
                cfgs = []
                for r in noise_rows:
                    if r["bench"] == bench and r["impl"] == impl and r["config"] not in cfgs:
                        cfgs.append(r["config"])
                for cfg in cfgs:
                    v = [float(r["usec"]) for r in noise_rows if r["bench"] == bench and
                         r["impl"] == impl and r["config"] == cfg and r["usec"]]
                    labels.append(f"{impl}\n{cfg}")
                    m = statistics.median(v) if v else 0
                    meds.append(m)
                    errs[0].append(m - min(v) if v else 0)
                    errs[1].append(max(v) - m if v else 0)
            ax.bar(range(len(labels)), meds, yerr=errs, capsize=3,
                   color=["C0" if lb.startswith("vmpl") else "C1" for lb in labels])
            ax.set_xticks(range(len(labels)))
            ax.set_xticklabels(labels, fontsize=7, rotation=45, ha="right")
            ax.set_ylabel("us (mean per call)" if bench == "allreduce" else "us half round trip")
            ax.set_title(f"detector noise: {bench}, 2 ranks, 8 B")
        fig.tight_layout()
        fig.savefig(os.path.join(out, "noise.png"), dpi=110)
        plt.close(fig)


# ---- main ----

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--venv-root", help="where bench-venv-<peer> live (default: --build)")
    ap.add_argument("--out", help="default BUILD/bench-results/compare-ft-<time>")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="CI size: small series, 2 rounds")
    ap.add_argument("--peers", default="openmpi", help="comma list; '' for vmpl alone")
    ap.add_argument("--series", help="only these latency series (comma list)")
    ap.add_argument("--no-latency", action="store_true")
    ap.add_argument("--no-noise", action="store_true")
    ap.add_argument("--delta", type=int, default=50, help="vmpl --ft-delta where not swept (ms)")
    ap.add_argument("--wait-s", type=float, default=20.0,
                    help="survivors give up after this (vmpl); runs end after this + 60 s")
    ap.add_argument("--hold-ms", type=int, default=100,
                    help="survivors that know every failure wait this long before they report "
                         "and leave, so they do not take the cores from those still being told")
    ap.add_argument("--ompi-max-hang-ranks", type=int, default=64)
    ap.add_argument("--ompi-thread", type=int, default=1,
                    help="Open MPI heartbeat detector in its own thread (1) or in progress (0)")
    ap.add_argument("--noise-deltas", default="1,10,100")
    ap.add_argument("--accuracy-deltas", default="5,10",
                    help="vmpl deltas (ms) run quiet under full load; '' to skip")
    ap.add_argument("--accuracy-s", type=float, default=60)
    ap.add_argument("--pingpong-ms", type=int, default=300)
    ap.add_argument("--allreduce-iters", type=int, default=300000)
    ap.add_argument("--noise-limit-s", type=float, default=120,
                    help="a noise run not done by then is recorded as a timeout")
    args = ap.parse_args()
    args.peers = [p for p in args.peers.split(",") if p]
    if args.quick:
        if "--rounds" not in sys.argv:
            args.rounds = 2
        args.pingpong_ms = min(args.pingpong_ms, 150)
        args.allreduce_iters = min(args.allreduce_iters, 100000)
        args.wait_s = min(args.wait_s, 10.0)
        args.accuracy_s = min(args.accuracy_s, 10.0)
    return args


def main():
    args = parse_args()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = args.out or os.path.join(args.build, "bench-results", f"compare-ft-{stamp}")
    os.makedirs(out, exist_ok=True)
    tools = Tools(args, out)
    work = []
    if not args.no_latency:
        work += [("latency", c) for c in latency_cells(args)]
    if not args.no_noise:
        work += [("noise", c) for c in noise_cells(args)]
    lat_rows, noise_rows = [], []
    start = time.time()
    for rnd in range(args.rounds):
        random.shuffle(work)
        for i, (kind, cell) in enumerate(work):
            if kind == "latency":
                row = run_latency(tools, cell, rnd)
                lat_rows.append(row)
                what = f"{cell['series']} {cell['x']} {cell['impl']}: {row['outcome']} {row['notify_ms']}"
            else:
                row = run_noise(tools, cell, rnd)
                noise_rows.append(row)
                what = f"noise {cell[3]} {cell[0]} {cell[1]}: {row['outcome']} {row['usec']}"
            log(f"  [round {rnd + 1}/{args.rounds} {i + 1}/{len(work)}] {what} "
                f"(elapsed {(time.time() - start) / 60:.1f} min)")
        # rewrite the raw CSVs every round, so an interrupted run keeps its data
        write_csv(os.path.join(out, "latency_runs.csv"), lat_rows)
        write_csv(os.path.join(out, "noise_runs.csv"), noise_rows)
    lines = [f"compare-ft: {args.rounds} rounds, {datetime.datetime.now():%Y-%m-%d %H:%M}, "
             f"vmpl (this tree) vs {', '.join(f'{p} {PEERS[p].split(chr(61))[-1]}' for p in args.peers) or 'no peer'}",
             "vmpl: vmplrun --ft, --ft-delta as given (timeout 2 delta); Open MPI: mpirun --with-ft ulfm, "
             "proc = runtime detector, hang = mpi_ft_detector (period delta, timeout 2 delta"
             f"{', own thread' if args.ompi_thread else ''})"]
    summary = []
    if lat_rows:
        text, summary = summarize_latency(lat_rows, out)
        lines += text
    if noise_rows:
        lines += summarize_noise(noise_rows, out)
    accuracy = []
    for d in [int(x) for x in args.accuracy_deltas.split(",") if x]:
        log(f"  accuracy: delta {d} ms, {args.accuracy_s:g} s of full load")
        accuracy.append(run_accuracy(tools, d, args.accuracy_s))
    if accuracy:
        write_csv(os.path.join(out, "accuracy.csv"), accuracy)
        lines.append("\naccuracy (vmpl, 8 daemons, nobody fails, every core busy):")
        for a in accuracy:
            lines.append(f"  delta {a['delta_ms']} ms, {a['seconds']:g} s: {a['outcome']}, "
                         f"{a['false_reports']} false reports, {a['survivors_done']}/8 ranks done"
                         + (f" ({a['note']})" if a["note"] else ""))
    report = "\n".join(lines) + "\n"
    print(report)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(report)
    plot(summary, noise_rows, out)
    log(f"compare-ft: results in {out}")


if __name__ == "__main__":
    main()
