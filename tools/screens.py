"""Real screens of ``automa-sim play`` in an 80x24 terminal, in full screen and in line mode, as text
and SVG (docs/play.md, "Full screen and line mode"): each scene is a game played by keys in a tmux
window of 80x24 and captured at a prompt (tmux's ``capture-pane``: what the terminal shows).

    python tools/screens.py OUT_DIR

writes OUT_DIR/<scene>-<mode>.txt and .svg for a Rurik advisor placement and a Stroganov turn. Needs
tmux; the games are played in a fresh folder under OUT_DIR.
"""
from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text

SCENES = {  # name: (the play command's arguments, the answers typed before the capture)
    "rurik-advisor": (["rurik", "--seed", "3"], ["1", "1", "1", "1", "2"]),
    "stroganov-turn": (["stroganov", "--seed", "3"], ["1"] * 5),
}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def settled(window: str, seen: str, timeout: float = 30) -> str:
    """The screen once it shows a prompt that is not ``seen`` and has stopped changing."""
    end, last = time.monotonic() + timeout, None
    while time.monotonic() < end:
        time.sleep(0.3)
        now = tmux("capture-pane", "-p", "-t", window)
        if "choice 1-" in now and now != seen and now == last:
            return now
        last = now
    raise TimeoutError(f"no prompt on the screen:\n{last}")


def capture(name: str, mode: str, out: Path) -> None:
    args, answers = SCENES[name]
    work = out / "games" / f"{name}-{mode}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    command = shlex.join([sys.executable, "-c", "import cli; cli.main()", "play", *args, "--screen", mode,
                          "--results", str(work / "results"), "--save", str(work / "game.json")])
    window = f"screens-{name}-{mode}"
    tmux("new-session", "-d", "-s", window, "-x", "80", "-y", "24", "-c", str(work),
         f"TERM=xterm-256color {command}; sleep 60")
    try:
        screen = settled(window, "")
        for typed in answers:
            tmux("send-keys", "-t", window, typed, "Enter")
            screen = settled(window, screen)
        coloured = tmux("capture-pane", "-p", "-e", "-t", window)
        tmux("send-keys", "-t", window, "quit", "Enter")
    finally:
        time.sleep(1)
        subprocess.run(["tmux", "kill-session", "-t", window], capture_output=True)
    lines = screen.rstrip("\n").split("\n")
    (out / f"{name}-{mode}.txt").write_text("\n".join(line.rstrip() for line in lines) + "\n")
    console = Console(width=80, height=24, record=True, file=open("/dev/null", "w"), force_terminal=True,
                      color_system="truecolor")
    for line in coloured.rstrip("\n").split("\n"):
        console.print(Text.from_ansi(line), no_wrap=True, crop=True)
    title = f"automa-sim play {' '.join(args)} --screen {mode} (80x24)"
    (out / f"{name}-{mode}.svg").write_text(console.export_svg(title=title))


def main(argv: list[str]) -> int:
    if len(argv) != 1 or shutil.which("tmux") is None:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for name in SCENES:
        for mode in ("full", "line"):
            capture(name, mode, out)
            print(out / f"{name}-{mode}.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
