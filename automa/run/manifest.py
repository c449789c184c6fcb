"""A run's record, ``manifest.json``: made from the resolved inputs, read back to resume, and the paths
and command it publishes.

A new run's manifest holds the command, the versions, the git commit of a checkout, the run's
settings and the content hash of every user data file; the later stages add to it as they go (the
plan, :mod:`automa.run.plan`; the counts, :mod:`automa.run.collect`; the end,
:mod:`automa.run.finish`). ``--resume DIR`` reads it back (:func:`load_manifest`) as the run's inputs.
"""
from __future__ import annotations

import os
import shlex
from datetime import datetime
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.version import __version__

CHECKOUT = Path(__file__).resolve().parents[2]  # the repository root, when automa-sim runs from a checkout


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def new_manifest(command: str, fields: dict) -> dict:
    """A new run's manifest: the command, the package and library versions, the git commit of a
    checkout, ``fields``, the content hash of every user data file, and the run state before
    anything is played."""
    import platform
    from importlib.metadata import version

    # the installed versions, read without importing numpy and pandas (a run may need neither)
    versions = {"automa-sim": __version__, "python": platform.python_version(),
                "numpy": version("numpy"), "pandas": version("pandas")}
    found = git_commit()
    files = data_files(fields.get("game"), [fields.get("options") or {}, fields.get("grid") or {}])
    return {"command": command, "versions": versions, **({"git": found} if found else {}), **fields,
            **({"data_files": files} if files else {}), "started": now(), "ended": None,
            "games_done": 0, "errors": 0, "interrupted": False}


def git_commit() -> dict | None:
    """``{"commit": sha, "dirty": bool}`` when automa-sim runs from a git checkout, else ``None``."""
    import subprocess

    if not (CHECKOUT / ".git").exists():
        return None
    try:
        sha = subprocess.run(["git", "-C", str(CHECKOUT), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(CHECKOUT), "status", "--porcelain",
                                  "--untracked-files=no"],
                                 capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": sha, "dirty": bool(changed)}


def data_files(game_name: str | None, option_sets: list[dict]) -> dict[str, list[dict]]:
    """The user data files a run reads (its ``path`` options: ``automa=``, ``scoring=``, ``rules=``):
    option name -> ``[{"path", "sha256"}]``, one entry per file given (a sweep grid may give several)."""
    import hashlib

    from automa.core.registry import get_game

    if not game_name:
        return {}
    out: dict[str, list[dict]] = {}
    for opt in get_game(game_name).options:
        if opt.type != "path":
            continue
        given = [v for options in option_sets for v in
                 (options.get(opt.name) if isinstance(options.get(opt.name), list) else [options.get(opt.name)])]
        for path in dict.fromkeys(str(v) for v in given if v and Path(str(v)).is_file()):
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            out.setdefault(opt.name, []).append({"path": path, "sha256": digest})
    return out


def load_manifest(out: Path, kind: str) -> dict:
    """The manifest of a run to resume (UsageError if there is none, it is finished, or of another kind)."""
    import json

    path = Path(out) / "manifest.json"
    try:
        manifest = json.loads(path.read_text())
    except OSError:
        raise UsageError(f"--resume {out}: no manifest.json there; nothing to resume") from None
    except ValueError as exc:
        raise UsageError(f"--resume {out}: manifest.json is not valid JSON: {exc}") from None
    if manifest.get("kind", "simulate") != kind:
        other = manifest.get("kind", "simulate")
        raise UsageError(f"--resume {out}: that is a {other} run; resume it with `automa-sim {other} --resume`")
    if "chunks_done" not in manifest:
        raise UsageError(f"--resume {out}: the manifest records no chunks (made by an older version)")
    if manifest.get("complete"):
        raise UsageError(f"--resume {out}: the run is already complete; nothing to resume")
    recorded = manifest.get("data_files", {})
    now_files = data_files(manifest.get("game"), [manifest.get("options") or {}, manifest.get("grid") or {}])
    for name, files in recorded.items():
        if files != now_files.get(name):
            raise UsageError(f"--resume {out}: data file {name}={files[0]['path']} is missing or changed "
                             f"since the run started (its sha256 differs from the manifest's)")
    return manifest


def record_resume(manifest: dict, command: str, backend: str | None, jobs: int) -> None:
    """Note a resumed run in its manifest."""
    manifest["resumed"].append({"command": command, "at": now(), "games_done": manifest["games_done"],
                                "backend": backend or "processes", "jobs": jobs})
    manifest["interrupted"] = False


def repository_path(path: str | Path) -> str:
    """``path`` as a published command names it: relative to the root of the automa-sim checkout when
    it is inside it, else as given when relative, else its name alone: never an absolute path of the
    machine that ran it."""
    path = Path(path)
    try:
        return path.resolve().relative_to(CHECKOUT).as_posix()
    except ValueError:
        return path.name if path.is_absolute() else path.as_posix()


def recorded_path(path: str) -> str:
    """A path a manifest recorded, as a report publishes it: an absolute one as a
    :func:`repository_path`; a relative one as recorded (relative to where the run was started)."""
    return repository_path(path) if os.path.isabs(path) else path


def regenerate_command(command: str, out: Path) -> str:
    """The run's recorded ``command`` as a report publishes it beside the results now in ``out``: its
    ``--out`` names ``out`` (with ``--force``, as ``out`` exists), and every other path, a word or
    after a word's ``=`` (a comma-separated list too), is a :func:`recorded_path`."""
    words = shlex.split(command)
    for k, word in enumerate(words):
        if k and words[k - 1] == "--out":
            words[k] = repository_path(out)
        elif word.startswith("--out="):
            words[k] = "--out=" + repository_path(out)
        else:
            head, eq, value = word.rpartition("=")
            words[k] = head + eq + ",".join(recorded_path(v) for v in value.split(","))
    if "--force" not in words and any(w == "--out" or w.startswith("--out=") for w in words):
        words.append("--force")
    return shlex.join(words)
