"""Instructions per request, counted by valgrind's callgrind: the same figure on a busy machine.

Every game's lean ``apply`` (the middle ply of a seeded random two-player game, one action, no
``include``) and the echo app of the same body, in-process (one request after warm-up, less an
empty window) and under one gunicorn worker (N requests on one connection, divided by N). The
window is opened and closed by callgrind's client requests from a ten-line C library compiled on
the spot; ``--tree`` measures another checkout (``git worktree add /tmp/base <commit>``) with
this script on the same bodies. See docs/performance.md, *Instructions per request*.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
GAMES = ("patchwork", "calico", "calico_simplified", "isle_of_cats", "castle_combo")
ECHO = "echo"
SEED = "bench-reference"
WARM_UP = 5

MARKER_C = r"""
#include <valgrind/callgrind.h>
void referee_open(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_ZERO_STATS; }
void referee_close(const char *label) {
    CALLGRIND_DUMP_STATS_AT(label);
    CALLGRIND_STOP_INSTRUMENTATION;
}
"""


@dataclass(frozen=True)
class Figures:
    """Instructions per request, by target (a game id or ``echo``), in-process and gunicorn."""

    tree: str
    revision: str
    bodies_sha256: str
    inprocess: dict[str, int]
    gunicorn: dict[str, int]


# --- run in the measured tree: the bodies, and the in-process window --------------------------


def make_bodies() -> dict[str, Any]:
    """``target -> apply body``: the middle ply of a seeded random two-player game."""
    from engines import registry

    out: dict[str, Any] = {}
    for game_id in GAMES:
        game = registry.get(game_id)
        choose = random.Random(0)
        state = game.setup(["p0", "p1"], {}, SEED)
        states, legal = [state], []
        while not game.is_finished(state):
            legal.append(game.legal_actions(state))
            state, _ = game.apply(state, choose.choice(legal[-1]))
            states.append(state)
        ply = (len(states) - 1) // 2
        at, action = states[ply], random.Random(f"{game_id}:{ply}").choice(legal[ply])
        out[game_id] = dict(state=game.encode_state(at), action=game.encode_action(at, action))
    out[ECHO] = out[GAMES[0]]
    return out


def _environ(path: str, raw: bytes) -> dict[str, Any]:
    from werkzeug.test import EnvironBuilder

    builder = EnvironBuilder(path=path, method="POST", data=raw, content_type="application/json")
    try:
        return builder.get_environ()
    finally:
        builder.close()


def _call(app: Any, environ: dict[str, Any]) -> None:
    status: list[str] = []
    chunks = app(environ, lambda s, h, e=None: status.append(s))
    try:
        b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    if not status[0].startswith("200"):
        raise RuntimeError(f"{environ['PATH_INFO']}: {status[0]}")


def run_inprocess(bodies_file: str, marker: str, requests: int, stages: bool) -> None:
    """Inside callgrind: each target's window, labelled ``target``; ``empty`` first. The
    requests' environs are built before the window opens: only the app's work is counted."""
    import ctypes
    import gc

    import service
    from benchmarks.echo_app import create_app as echo_app
    from service import create_app
    from service.config import Settings

    here = Path(service.__file__).resolve().parent.parent
    assert here == Path.cwd().resolve(), f"measuring {here}, not {Path.cwd()}"
    lib = ctypes.CDLL(marker)
    bodies = json.loads(Path(bodies_file).read_text())
    apps = {"service": create_app(Settings.from_env()), "echo": echo_app()}
    targets = [("empty", "echo", 0)] + [
        (t, "echo" if t == ECHO else "service", requests) for t in bodies
    ]
    for label, app_name, count in targets:
        raw = json.dumps(bodies.get(label, bodies[ECHO])).encode()
        path = "/echo" if label in (ECHO, "empty") else _path(label)
        for _ in range(WARM_UP):
            _call(apps[app_name], _environ(path, raw))
        environs = [_environ(path, raw) for _ in range(count)]
        gc.collect()
        lib.referee_open()
        for environ in environs:
            _call(apps[app_name], environ)
        lib.referee_close(label.encode())
    if stages:
        with apps["service"].app_context():
            for game_id in GAMES:
                for stage, run in _stages(apps["service"], game_id, bodies[game_id]):
                    run()  # warm
                    gc.collect()
                    lib.referee_open()
                    run()
                    lib.referee_close(f"{game_id}:{stage}".encode())


def _stages(app: Any, game_id: str, body: dict[str, Any]) -> list[tuple[str, Any]]:
    """The request path's stages as the service runs them, each on its own input (``stages``)."""
    from engines import registry
    from service import body as reader
    from service import requests, steps

    game = registry.get(game_id)
    raw = json.dumps(body).encode()
    validator = app.extensions["request_validators"][(f"/v1/games/{game_id}/apply", "post")]
    state, action = game.decode_state(body["state"]), [body["action"]]
    after, events = steps.apply_all(game, state, action, False)
    answer = steps.step(game, after, events, set())
    return [
        ("read the body", lambda: reader.parse(raw, walk_limits=False)),
        ("check against the contract", lambda: validator.accepts(body)),
        ("load the envelope (marshmallow)", lambda: requests.APPLY.load(body)),
        ("decode the state", lambda: game.decode_state(body["state"])),
        ("decode and apply the action", lambda: steps.apply_all(game, state, action, False)),
        ("build the step (encode, hash)", lambda: steps.step(game, after, events, set())),
        ("write the answer", lambda: app.json.response(answer)),
    ]


def _path(target: str) -> str:
    return "/echo" if target == ECHO else f"/v1/games/{target}/apply?include="


# --- run here: valgrind, gunicorn, and the dumps ----------------------------------------------


def compile_marker(workdir: Path) -> Path:
    source, lib = workdir / "marker.c", workdir / "marker.so"
    source.write_text(MARKER_C)
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-o", lib, source], check=True)
    return lib


def _tree_env(tree: Path) -> dict[str, str]:
    keep = {"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "LOG_LEVEL": "WARNING"}
    return {**os.environ, **keep, "REFEREE_STATE_KEYS": ""}


def _callgrind(out: Path) -> list[str]:
    files = [f"--callgrind-out-file={out}/callgrind.%p", f"--log-file={out}/valgrind.%p.log"]
    return ["valgrind", "--tool=callgrind", "--instr-atstart=no", *files]


def dumps(out: Path) -> dict[str, int]:
    """``label -> instructions`` of every dump a client request wrote in ``out``."""
    found: dict[str, int] = {}
    dumped = [p for p in out.glob("callgrind.*") if p.suffix[1:].isdigit()]
    for path in sorted(dumped, key=lambda p: (p.stem, int(p.suffix[1:]))):  # in the order written
        text = path.read_text("utf-8", "replace")
        label = re.search(r"^desc: Trigger: Client Request: (.*)$", text, re.M)
        # ``totals``, the sum of the costs dumped: with several threads (gthread) callgrind's
        # ``summary`` line misses the threads' costs after a zero
        total = re.search(r"^totals: (\d+)", text, re.M)
        if label and total:
            found[label.group(1)] = int(total.group(1))
    return found


def measure_inprocess(
    tree: Path, workdir: Path, marker: Path, bodies: Path, n: int, stages: bool = False
) -> dict[str, int]:
    out = workdir / "inprocess"
    out.mkdir()
    command = [sys.executable, "-P", __file__, "--child", str(bodies), str(marker), str(n)]
    command += ["--stages"] if stages else []
    subprocess.run(_callgrind(out) + command, cwd=tree, env=_tree_env(tree), check=True)
    found = dumps(out)
    empty = found.pop("empty")
    return {
        label: total - empty if ":" in label else round((total - empty) / n)
        for label, total in found.items()
    }


GUNICORN_CONF = """
import ctypes, os
_conf = os.path.join({tree!r}, "service", "gunicorn_conf.py")
exec(compile(open(_conf).read(), _conf, "exec"))
workers, max_requests, accesslog = 1, 0, None
_service_post_request, _marker, _seen = post_request, ctypes.CDLL({marker!r}), [0]
def post_request(worker, req, environ, resp):
    _service_post_request(worker, req, environ, resp)
    if environ["REQUEST_METHOD"] != "POST":
        return  # the readiness probe
    _seen[0] += 1
    phase, at = divmod(_seen[0], {per_phase})
    if at == {warm_up}:
        _marker.referee_open()
    elif at == 0:
        _marker.referee_close(str(phase - 1).encode())
"""


def measure_gunicorn(
    tree: Path, workdir: Path, marker: Path, bodies: dict[str, Any], n: int
) -> dict[str, int]:
    """Each app under one valgrind'd gunicorn worker; ``n`` requests a target after warm-up."""
    from benchmarks import servers

    figures: dict[str, int] = {}
    for app, targets in ((servers.REFEREE_APP, GAMES), (servers.ECHO_APP, (ECHO,))):
        out = workdir / f"gunicorn-{targets[0]}"
        out.mkdir()
        conf = out / "conf.py"
        fields = {"tree": str(tree), "marker": str(marker), "per_phase": WARM_UP + n}
        conf.write_text(GUNICORN_CONF.format(**fields, warm_up=WARM_UP))
        # valgrind's memory is no cause to recycle the worker
        env = {**_tree_env(tree), "REFEREE_WORKER_MAX_RSS_MIB": "1000000"}
        with servers.gunicorn(
            "instructions", app, 1, env, config=conf, cwd=tree, wrapper=_callgrind(out),
            ready_timeout=600,
        ) as server:  # fmt: skip
            conn = http.client.HTTPConnection(server.host, server.port, timeout=600)
            for target in targets:
                raw = json.dumps(bodies[target]).encode()
                for _ in range(WARM_UP + n):
                    servers.post_on(conn, _path(target), raw)
            conn.close()
            found = _await_dumps(out, len(targets))
        figures.update({t: round(found[str(i)] / n) for i, t in enumerate(targets)})
    return figures


def _await_dumps(out: Path, count: int) -> dict[str, int]:
    """The last dump is written after the last answer has gone: wait for it."""
    for _ in range(600):
        if len(found := dumps(out)) >= count:
            return found
        time.sleep(0.5)
    return dumps(out)


def measure(
    tree: Path, n_inprocess: int = 1, n_gunicorn: int = 10, http: bool = True, stages: bool = False,
    keep: Path | None = None,
) -> Figures:  # fmt: skip
    """The figures of ``tree``; ``stages`` adds ``game:stage`` windows to the in-process ones;
    ``keep``, a new directory, keeps callgrind's dumps (``callgrind_annotate`` reads them)."""
    tree = tree.resolve()
    with tempfile.TemporaryDirectory(prefix="referee-instructions-") as tmp:
        workdir = keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        marker = compile_marker(workdir)
        bodies_file = workdir / "bodies.json"
        command = [sys.executable, "-P", __file__, "--bodies", str(bodies_file)]
        subprocess.run(command, cwd=tree, env=_tree_env(tree), check=True)
        bodies = json.loads(raw := bodies_file.read_bytes())
        inprocess = measure_inprocess(tree, workdir, marker, bodies_file, n_inprocess, stages)
        under_gunicorn = measure_gunicorn(tree, workdir, marker, bodies, n_gunicorn) if http else {}
    describe = ["git", "-C", str(tree), "describe", "--always", "--dirty"]
    revision = subprocess.run(describe, capture_output=True, text=True, check=False).stdout.strip()
    sha = hashlib.sha256(raw).hexdigest()[:12]
    return Figures(str(tree), revision, sha, inprocess, under_gunicorn)


def render(figures: Figures, before: Figures | None = None) -> str:
    """A table: instructions per request, and the referee's own share (the apply less the echo)."""
    from benchmarks.tables import table

    rows: list[list[Any]] = []
    for target in (*GAMES, ECHO):
        row: list[Any] = [target]
        for where in ("inprocess", "gunicorn"):
            now = getattr(figures, where).get(target)
            echo = getattr(figures, where).get(ECHO)
            was = getattr(before, where).get(target) if before else None
            row += [was] if before else []
            row += [now, None if target == ECHO or now is None or echo is None else now - echo]
        rows.append(row)
    headers = ["target"]
    for where in ("in-process", "gunicorn"):
        headers += [f"{where} before"] if before else []
        headers += [f"{where}", f"{where} less echo"]
    was = f"; before: {before.revision}, bodies {before.bodies_sha256}" if before else ""
    where = f"{figures.revision or figures.tree}; bodies {figures.bodies_sha256}{was}"
    return f"Instructions per request ({where})\n\n" + table(headers, rows)


def render_stages(figures: Figures) -> str:
    """Instructions of each stage of a lean apply, by game; the rest is Flask's, werkzeug's and
    the service's glue (routing, the middleware, the query, the response)."""
    from benchmarks.tables import table

    found = figures.inprocess
    names = list(dict.fromkeys(k.split(":", 1)[1] for k in found if ":" in k))
    rows: list[list[Any]] = [[name, *(found.get(f"{g}:{name}") for g in GAMES)] for name in names]
    rest = [found[g] - sum(found.get(f"{g}:{n}", 0) for n in names) for g in GAMES]
    rows.append(["the rest (Flask, werkzeug, glue)", *rest])
    rows.append(["whole lean apply", *(found[g] for g in GAMES)])
    rows.append(["less the echo", *(found[g] - found[ECHO] for g in GAMES)])
    return table(["stage", *GAMES], rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="benchmarks/instructions.py", description=__doc__)
    ap.add_argument("--tree", type=Path, default=REPO, help="the checkout to measure")
    ap.add_argument("--before", type=Path, help="a JSON file of an earlier run, to compare")
    ap.add_argument("--json", type=Path, help="write the figures here as JSON")
    ap.add_argument("--requests", type=int, default=1, help="in-process requests counted")
    ap.add_argument("--gunicorn-requests", type=int, default=10, help="requests counted")
    ap.add_argument("--no-gunicorn", action="store_true", help="in-process only")
    ap.add_argument("--stages", action="store_true", help="count each stage of the path too")
    ap.add_argument("--keep", type=Path, help="keep callgrind's dumps in this new directory")
    ap.add_argument("--bodies", help=argparse.SUPPRESS)
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.bodies:
        Path(args.bodies).write_text(json.dumps(make_bodies()))
        return 0
    if args.child:
        run_inprocess(args.child[0], args.child[1], int(args.child[2]), args.stages)
        return 0
    counts = (args.requests, args.gunicorn_requests, not args.no_gunicorn, args.stages, args.keep)
    figures = measure(args.tree, *counts)
    if args.json:
        args.json.write_text(json.dumps(figures.__dict__, indent=1) + "\n")
    before = Figures(**json.loads(args.before.read_text())) if args.before else None
    print(render(figures, before))
    if args.stages:
        print("\n" + render_stages(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
