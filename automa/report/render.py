"""A report's blocks rendered as ``report.md`` and as one self-contained ``report.html``.

Every report (a sweep's or simulate run's, a sensitivity study's, a ladder's) is a list of blocks:
("h1"|"h2"|"h3"|"p", text), ("ul", items), ("img", path, alt) with the plot's path below the report's
directory, ("table", head, rows), ("details", summary, blocks) for a part folded away. The pages carry
no timestamp, so the same blocks give the same bytes.
"""
from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import pandas as pd

STYLE = ("body{font-family:system-ui,sans-serif;max-width:1280px;margin:1.5em auto;padding:0 1em;color:#222;"
         "line-height:1.4}"
         "h1{margin-bottom:0.2em}h2{margin-top:1.6em;border-bottom:1px solid #ddd}h3{margin:1.2em 0 0.3em}"
         "p{max-width:60em}"
         "table{border-collapse:collapse;font-size:0.85em;margin:0.6em 0}"
         "th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}th{background:#eee}"
         "td:not(:first-child){white-space:nowrap}"
         "details{margin:0.5em 0;border:1px solid #ddd;border-radius:4px;padding:0.3em 0.8em}"
         "summary{cursor:pointer;font-weight:600}"
         "details>div{max-height:36em;overflow:auto}"
         "img{max-width:100%;display:block;margin:0.6em 0}")
PLAIN_STYLE = ("body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em}"
               "table{border-collapse:collapse;font-size:0.85em}th,td{border:1px solid #ccc;padding:3px 6px}"
               "img{max-width:100%}")  # the sensitivity and ladder pages: one table after another, nothing folded


def markdown(items: list[tuple]) -> str:
    """The blocks as Markdown, each plot linked by its path and folded parts in ``<details>``."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = []
    for kind, *rest in items:
        if kind in ("h1", "h2", "h3"):
            lines += [f"{'#' * int(kind[1])} {rest[0]}", ""]
        elif kind == "p":
            lines += [rest[0], ""]
        elif kind == "ul":
            lines += [f"- {item}" for item in rest[0]] + [""]
        elif kind == "img":
            lines += [f"![{rest[1]}]({rest[0]})", ""]
        elif kind == "details":
            lines += ["<details>", f"<summary>{html.escape(rest[0])}</summary>", ""]
            lines += markdown(rest[1]).splitlines() + ["</details>", ""]
        else:
            head, rows = rest
            lines += ["| " + " | ".join(map(cell, head)) + " |", "|" + "---|" * len(head)]
            lines += ["| " + " | ".join(map(cell, r)) + " |" for r in rows] + [""]
    return "\n".join(lines)


def _html(items: list[tuple], root: Path) -> list[str]:
    e = html.escape
    parts = []
    for kind, *rest in items:
        if kind in ("h1", "h2", "h3", "p"):
            parts.append(f"<{kind}>{e(rest[0])}</{kind}>")
        elif kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{e(i)}</li>" for i in rest[0]) + "</ul>")
        elif kind == "img":
            data = base64.b64encode((root / rest[0]).read_bytes()).decode("ascii")
            parts.append(f"<img alt=\"{e(rest[1])}\" src=\"data:image/png;base64,{data}\">")
        elif kind == "details":
            parts += [f"<details><summary>{e(rest[0])}</summary><div>", *_html(rest[1], root), "</div></details>"]
        else:
            head, rows = rest
            parts.append("<table><thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in head)
                         + "</tr></thead><tbody>"
                         + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows)
                         + "</tbody></table>")
    return parts


def to_html(items: list[tuple], root: Path, style: str = STYLE) -> str:
    """The blocks as one self-contained HTML page titled by its first heading, every plot (a path below
    ``root``) embedded as a base64 PNG."""
    title = next(rest[0] for kind, *rest in items if kind == "h1")
    parts = ["<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
             f"<title>{html.escape(title)}</title>", f"<style>{style}</style>", "</head>", "<body>"]
    parts += _html(items, root) + ["</body>", "</html>", ""]
    return "\n".join(parts)


def write_pages(path: Path, items: list[tuple], style: str = STYLE) -> list[Path]:
    """Write the blocks as ``report.md`` and ``report.html`` into the directory ``path`` (its plots below
    it); the two files, the page first."""
    (path / "report.md").write_text(markdown(items))
    (path / "report.html").write_text(to_html(items, path, style))
    return [path / "report.html", path / "report.md"]


def run_kind(path: Path) -> str | None:
    """The kind of run a directory holds, as its manifest says (``sweep``, ``sensitivity``, ``ladder``,
    ...; ``simulate`` when it names none), or ``None`` without a readable manifest."""
    try:
        return json.loads((Path(path) / "manifest.json").read_text()).get("kind", "simulate")
    except (OSError, ValueError):
        return None


def pts(value: float) -> str:
    """A rate difference in percentage points, signed ("+2.5"); "–" when there is none."""
    return "–" if pd.isna(value) else f"{value * 100:+.1f}"
