"""The result record of one game, the rows of ``games.csv``, and the files a run writes and reads.

A game that declares more than one automa side (``Game.sides``), a game that may end without a
winner (``Game.no_winner``) or a game that has guards (``Game.guards``) gets the extra fields of
:class:`Result` and the extra columns of :func:`columns` (docs/new-game.md section 13); every other
game's rows are as they always were.

Rows are written in game-index order. The CSV writer writes each batch of rows as it comes; the
Parquet writer cuts row groups of a fixed :data:`ROW_GROUP` rows, so both files are byte-identical
whatever the job count or chunking of the run.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas and pyarrow load lazily: engines import Result on every worker start
    import pandas as pd

WINNERS = ("player", "automa", "tie")
NO_WINNER = "none"  # the game ended without a winner (Root's turn cap); only a game with Game.no_winner
GUARD_SEP = ";"  # between the rule IDs of the guards column
FORMATS = ("csv", "csv.gz", "parquet")  # csv.gz: the CSV text gzipped (no name, no time: the same bytes)
ROW_GROUP = 16384  # rows per Parquet row group: fixed, so the file never depends on --jobs


@dataclass(slots=True)
class Result:
    """What one played game returns.

    ``player`` and ``automa`` map each of the game's score categories to points; the final scores
    are their sums. ``winner`` is decided after the game's tie-breaks: one of :data:`WINNERS`, or
    :data:`NO_WINNER` in a game that declares ``no_winner``.

    A game with several automa sides (``Game.sides``) gives each side's total in ``sides`` (by side
    name, only the sides in this game); ``automa`` is then the best of them (the highest total), so
    the margin is the player's score against the best side's. ``guards`` are the rule IDs of the
    guards that fired in this game (a turn cap, an empty deck), each once, in a game that declares
    ``Game.guards``.
    """

    player: dict[str, int]
    automa: dict[str, int]
    winner: str
    rounds: int
    turns: int
    events: list[dict] | None = None
    sides: dict[str, int] | None = None
    guards: tuple[str, ...] = ()

    @property
    def player_score(self) -> int:
        return sum(self.player.values())

    @property
    def automa_score(self) -> int:
        return sum(self.automa.values())


def columns(game) -> list[str]:
    """The columns of ``games.csv`` for ``game``, in order: after ``turns``, a ``side_<name>`` column
    per declared automa side and a ``guards`` column if the game has guards; ``error`` last."""
    cols = ["game", "game_index", "seed", "strategy"]
    cols += [o.name for o in game.options]
    cols += ["player_score", "automa_score", "margin", "winner"]
    cols += [f"player_{c}" for c in game.categories]
    cols += [f"automa_{c}" for c in game.categories]
    cols += ["rounds", "turns"]
    cols += [f"side_{s}" for s in game.sides]
    if game.guards:
        cols.append("guards")
    cols.append("error")
    return cols


def winners(game) -> tuple[str, ...]:
    """The winners ``game`` may report: :data:`WINNERS`, and :data:`NO_WINNER` if it declares ``no_winner``."""
    return WINNERS + (NO_WINNER,) if game.no_winner else WINNERS


def row(game, index: int, seed: int, strategy: str, option_values: list, result: Result | None,
        error: str = "") -> list:
    """One row of ``games.csv``: the result of a game, or an error row (``option_values`` in the order of
    ``game.options``). A result the game may not report (a winner outside :func:`winners`, sides or
    guards it does not declare) is a ValueError."""
    head = [game.name, index, seed, strategy] + option_values
    n = len(game.categories)
    extra = len(game.sides) + bool(game.guards)
    if result is None:
        return head + ["", "", "", ""] + [""] * (2 * n) + ["", ""] + [""] * extra + [error]
    if result.winner not in winners(game):
        raise ValueError(f"game {game.name} reported winner {result.winner!r}; allowed: "
                         f"{', '.join(winners(game))}")
    p, a = result.player_score, result.automa_score
    out = (head + [p, a, p - a, result.winner]
           + [result.player.get(c, 0) for c in game.categories]
           + [result.automa.get(c, 0) for c in game.categories]
           + [result.rounds, result.turns])
    if extra or result.sides or result.guards:
        out += _extra_cells(game, result)
    out.append(error)
    return out


def _extra_cells(game, result: Result) -> list:
    """The ``side_<name>`` and ``guards`` cells of a result (empty for a side not in the game)."""
    sides = result.sides or {}
    unknown = [s for s in sides if s not in game.sides]
    if unknown:
        raise ValueError(f"game {game.name} reported side {unknown[0]!r}; declared sides: "
                         f"{', '.join(game.sides) or '(none)'}")
    if sides and max(sides.values()) != result.automa_score:
        raise ValueError(f"game {game.name}: the automa side scores {result.automa_score}, the best of its "
                         f"sides {max(sides.values())}; the automa side must be the best side")
    cells = [sides.get(s, "") for s in game.sides]
    undeclared = [g for g in result.guards if g not in (game.guards or ())]
    if undeclared:
        raise ValueError(f"game {game.name} reported guard {undeclared[0]!r}; declared guards: "
                         f"{', '.join(game.guards or ()) or '(none)'}")
    if game.guards:
        cells.append(GUARD_SEP.join(result.guards))
    return cells


def results_start(game) -> int:
    """Where a :func:`row`'s game results start (``player_score``): after the game, index, seed,
    strategy and option fields."""
    return 4 + len(game.options)


def layout(cols: list[str]) -> tuple[list[str], list[str]]:
    """The option columns and the category columns of a games table, found by column order."""
    options = cols[cols.index("strategy") + 1:cols.index("player_score")]
    categories = cols[cols.index("winner") + 1:cols.index("rounds")]
    return options, categories


def games_file(path: Path) -> Path:
    """The games file of a results directory (``games.csv``, ``games.csv.gz`` or ``games.parquet``), or
    ``path`` itself if it is a file (UsageError if there is none)."""
    from automa.core.errors import UsageError

    path = Path(path)
    if path.is_file():
        return path
    names = [f"games.{fmt}" for fmt in FORMATS]
    for name in names:
        if (path / name).is_file():
            return path / name
    raise UsageError(f"no {', '.join(names)} in {path}")


_OPTION_DTYPES = {"int": "int64", "bool": "bool"}


def dtypes(game) -> dict[str, str]:
    """The pandas dtype of every column of ``games.csv`` as read back (scores are nullable: error rows)."""
    types = {"game": "str", "game_index": "int64", "seed": "str", "strategy": "str"}
    types |= {o.name: _OPTION_DTYPES.get(o.type, "str") for o in game.options}
    for col in columns(game)[len(types):]:
        types[col] = "str" if col in ("winner", "guards", "error") else "Int64"
    return types


def read_games(source: str | Path | IO[str], game) -> "pd.DataFrame":
    """Read a ``games.csv`` / ``games.csv.gz`` / ``games.parquet`` file (or a CSV text stream) with its
    proper dtypes.

    ``game`` is the file's registry entry, or a function that gives the entry of the game named in the
    file's ``game`` column (:func:`automa.core.registry.get_game`: this module does not import the
    registry, whose entries it describes). The 128-bit root seed is kept as text. An option column
    the file lacks (a table written before the option existed) reads as the option's default, where
    the table has it. A file that is not a games file is a one-line UsageError.
    """
    import pandas as pd

    from automa.core.errors import UsageError

    is_parquet = isinstance(source, (str, Path)) and str(source).endswith(".parquet")
    try:
        if is_parquet:
            df = pd.read_parquet(source)
        else:
            df = pd.read_csv(source, dtype=str, keep_default_na=False)
    except (OSError, ValueError, EOFError) as exc:  # also pandas' and pyarrow's parse errors, bad UTF-8, cut gzip
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"{source}: cannot read it as a games file ({reason})") from None
    if callable(game):
        if "game" not in df.columns:
            raise UsageError(f"{source}: not a games file (no 'game' column); expected the games.csv or "
                             f"games.parquet of a run")
        if df.empty:
            raise UsageError(f"{source}: no games in file")
        game = game(df["game"].iloc[0])
    types = dtypes(game)
    _add_defaults(df, game, is_parquet)
    missing = [c for c in types if c not in df.columns]
    if missing:
        raise UsageError(f"{source}: not a games file of {game.name} (no {missing[0]!r} column)")
    if not is_parquet:
        _check_complete(df, source)
    for col, dtype in types.items():
        values = df[col]
        try:
            if not is_parquet and dtype != "str":
                values = values.replace("", None) if dtype == "Int64" else values
                values = values.map({"True": True, "False": False}) if dtype == "bool" else values
                values = pd.to_numeric(values) if dtype != "bool" else values
            df[col] = values.astype(dtype)
        except (TypeError, ValueError) as exc:
            raise UsageError(f"{source}: column {col}: not {dtype} values ({str(exc).splitlines()[0]})") from None
    return df


def _check_complete(df: "pd.DataFrame", source) -> None:
    """UsageError naming the first row cut short (a writer stopped mid-row): a row without its results
    and without an error, or a last row without its line end."""
    from automa.core.errors import UsageError

    results = df.loc[:, "player_score":"turns"]
    cut = ((df["error"] == "") & (results == "").any(axis=1)).to_numpy().nonzero()[0].tolist()
    if isinstance(source, (str, Path)) and str(source).endswith(".csv") and len(df):
        with open(source, "rb") as file:
            file.seek(-1, io.SEEK_END)
            if file.read(1) != b"\n":
                cut.append(len(df) - 1)
    if cut:
        n = min(cut) + 1
        raise UsageError(f"{source}: row {n} (line {n + 1}) is cut short; the run that wrote it stopped "
                         f"mid-row: resume or rerun it")


def _add_defaults(df: "pd.DataFrame", game, typed: bool) -> None:
    """Insert each option column ``df`` lacks, after the column before it, holding the option's
    default (as :func:`row` writes it to CSV, unless ``typed``); none without a ``strategy`` column."""
    prev = "strategy"
    for opt in game.options:
        if opt.name not in df.columns and prev in df.columns:
            df.insert(df.columns.get_loc(prev) + 1, opt.name, opt.default if typed else str(opt.default))
        prev = opt.name


class GamesWriter:
    """Streams rows of ``games.csv``, ``games.csv.gz`` or ``games.parquet`` to ``target`` (a path, or a text
    stream for CSV)."""

    def __init__(self, game, target: Path | IO[str], fmt: str = "csv", prefix: str | None = None):
        self.cols = ([prefix] if prefix else []) + columns(game)
        self.game = game
        self.fmt = fmt
        self.count = 0
        self.prefixed = bool(prefix)
        self._owned = isinstance(target, Path)
        if fmt == "csv.gz":
            self._raw = open(target, "wb")
            zipped = gzip.GzipFile(filename="", mode="wb", fileobj=self._raw, mtime=0)
            self._file = io.TextIOWrapper(zipped, encoding="utf-8", newline="")
            self._file.write(csv_text([self.cols]))
        elif fmt == "csv":
            self._file = open(target, "w", newline="") if self._owned else target
            self._file.write(csv_text([self.cols]))
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq

            types = {prefix: "str"} | dtypes(game) if prefix else dtypes(game)  # the prefix: text (a cell)
            arrow = {"str": pa.string(), "bool": pa.bool_()}
            self._schema = pa.schema([(c, arrow.get(types[c], pa.int64())) for c in self.cols])
            self._nullable = [types[c] == "Int64" for c in self.cols]
            self._pending: list[list] = []
            self._parquet = pq.ParquetWriter(target, self._schema)

    def write(self, rows: list[list]) -> None:
        """Append rows (already in game-index order)."""
        self.count += len(rows)
        if self.fmt != "parquet":
            self._file.write(csv_text(rows))
            return
        self._pending.extend(rows)
        while len(self._pending) >= ROW_GROUP:
            self._write_group(self._pending[:ROW_GROUP])
            del self._pending[:ROW_GROUP]

    def write_text(self, text: str, count: int) -> None:
        """Append ``count`` rows given as their CSV text (:func:`csv_text`, as a chunk is played)."""
        if self.fmt != "parquet":
            self.count += count
            self._file.write(text)
        else:
            self.write(parse_rows(self.game, text, self.prefixed))

    def _write_group(self, rows: list[list]) -> None:
        import pyarrow as pa

        arrays = []
        for values, nullable, fld in zip(zip(*rows), self._nullable, self._schema):
            if nullable:
                values = [None if v == "" else v for v in values]
            elif fld.type == pa.string():
                values = [str(v) for v in values]  # the seed is an int in a text column
            arrays.append(pa.array(values, type=fld.type))
        self._parquet.write_table(pa.Table.from_arrays(arrays, schema=self._schema))

    def close(self) -> None:
        """Flush and close; the file is complete and readable afterwards (also after Ctrl-C)."""
        if self.fmt == "csv.gz":
            self._file.close()  # ends the gzip stream; the file object under it stays open
            self._raw.close()
            return
        if self.fmt == "csv":
            if self._owned:
                self._file.close()
            return
        if self._pending:
            self._write_group(self._pending)
            self._pending = []
        self._parquet.close()


def csv_text(rows: list[list]) -> str:
    """Rows as CSV text (the one serialisation of a row, so every backend writes the same bytes)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


class _Lines(list):
    """A list that ``csv.writer`` writes to: the writer writes each row's line in one call."""

    write = list.append


def csv_lines(rows: list[list]) -> list[str]:
    """Each row's line of :func:`csv_text` (``"".join`` of them is that text)."""
    lines = _Lines()
    csv.writer(lines, lineterminator="\n").writerows(rows)
    return lines


def parse_rows(game, text: str, prefixed: bool = False) -> list[list]:
    """Rows of ``games.csv`` from their CSV text, with the values :func:`row` makes (ints, bools, text);
    ``prefixed``: each row starts with a prefix column (a sweep's ``cell``), kept as text."""
    kinds = ["str"] * prefixed + list(dtypes(game).values())
    rows = []
    for values in csv.reader(io.StringIO(text)):
        rows.append([_value(v, k) for v, k in zip(values, kinds)])
    return rows


def _value(text: str, kind: str):
    if kind == "str" or text == "":
        return text
    if kind == "bool":
        return text == "True"
    return int(text)


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write JSON atomically (write to a temporary file, then rename)."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=False, default=str) + "\n")
    tmp.replace(path)
