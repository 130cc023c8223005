"""Every rulebook sentence traced (issue 45, item 1): the splitter, the tables' reader, the checker.

The rulebooks live outside the repo (`../shared/rulebooks/`); a copy of each is kept in
`docs/rules/rulebooks/<game>.txt` so the check needs nothing beside the clone. `docs/rules/<game>.md`
holds one table row per sentence of that copy, in order:

    | n | sentence | engine | test or reason | quoted words |

- *engine*: `module:function` (or `module:Class.method`) that does the rule; `—` for none.
- *test or reason*, one of
  - `tests/…/test_x.py::test_name` (or `::Class::test_name`): a test whose source (decorators,
    docstring, comments and code of that function) contains the *quoted words*;
  - `house decision N`: the N-th item of the "House …" section of `assets/<game>/rules.md`, the
    text a player reads in `?`; the engine reads the sentence as that item says (or
    `house decision: <bold title>` where the section's items are bullets, not numbered);
  - `not a rule: <why>` (flavour, heading, contents, components…).
- *quoted words*: a run of the sentence's own words (at least `MIN_QUOTE_WORDS`, or the whole
  sentence when it is shorter) that the named test contains. Empty for the other two kinds.

Words are compared after `words()`: lower case, every run of non-letters/digits one space — so a
quote may break across lines, string literals (`"…" "…"`) and comment lines freely.

The sentence splitter (`sentences()`), documented here because the tables depend on it:
1. the text is cut into blocks at blank lines; inside a block, a line starting a bullet (`•`, `-`,
   `*`) or a numbered item (`1.`, `1)`, `a.`) starts a new block;
2. a block's lines are joined with single spaces;
3. a block is cut after `.`, `!` or `?` (and any closing quote or bracket) followed by white
   space and a capital letter, a digit, an opening quote or bracket — unless the word ending there
   is a known abbreviation (`ABBREVIATIONS`) or the piece so far is an item marker (`1.`, `a.`).
Every piece is one sentence, headings and list items included; nothing is dropped.

Run it: `python -m tests.support.rule_trace` checks all games and prints what is untraced;
`python -m tests.support.rule_trace --draft GAME` writes a first table for GAME, filling each
row it can with a test that already quotes the sentence (to be read and corrected by hand).
`--sync` compares the copies with `../shared/rulebooks/` when that folder is there.
"""
from __future__ import annotations

import ast
import importlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
COPIES = DOCS / "rulebooks"
GAMES = ("piratissimo", "finca", "terra_mystica", "maracaibo", "finis_terrae")

# Games whose tables are not finished yet: their rows are checked as far as they go, and the
# sentences without a row are listed (printed by the test), not failed. Empty this as tables
# are completed; the test fails if a game here turns out to be complete (so the list stays true).
INCOMPLETE: tuple[str, ...] = ()

# Tests a table names that another branch brings (the lead's digging rework, issue 45): while the
# file is absent the row is printed as awaited, not failed; once the test exists it is checked
# like any other.
AWAITED_TESTS = frozenset({
    "tests/rules/terra_mystica/test_rulebook_digging.py::"
    "test_a_transform_goes_the_short_way_up_to_three_steps",
})

MIN_QUOTE_WORDS = 5
ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "no", "nr", "fig", "p", "pp", "approx",
                           "incl", "max", "min", "ca", "st", "mr", "mrs", "dr"})
_ITEM = re.compile(r"^\s*(?:[•\-*]\s|\d{1,2}[.)]\s|[a-z][.)]\s)")
_CUT = re.compile(r"""(?<=[.!?])(["'”’)\]]*)\s+(?=["'“‘(\[]?[A-Z0-9•"“])""")


def words(text: str) -> str:
    """The text as a comparable run of words: lower case, non-alphanumerics as single spaces."""
    text = text.replace("’", "'").replace("'", "")
    return " ".join(re.findall(r"[0-9a-zà-ÿ]+", text.lower()))


def _blocks(text: str) -> list[str]:
    blocks: list[list[str]] = []
    fresh = True
    for line in text.splitlines():
        if not line.strip():
            fresh = True
            continue
        if fresh or _ITEM.match(line):
            blocks.append([])
        blocks[-1].append(line.strip())
        fresh = False
    return [" ".join(b) for b in blocks]


def _split_block(block: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _CUT.finditer(block):
        end = m.start() + len(m.group(1))
        piece = block[start:end]
        last = re.search(r"([\w.]+)[.!?][\"'”’)\]]*$", piece)
        if (last and last.group(1).lower() in ABBREVIATIONS) or re.search(r"\be\. g\.$", piece):
            continue  # "e.g. The…", "e. g. France"
        if len(piece.strip()) <= 3:
            continue  # an item marker ("1.", "a.") is not a sentence
        out.append(piece.strip())
        start = m.end()
    out.append(block[start:].strip())
    return [s for s in out if s]


def sentences(text: str) -> list[str]:
    """The rulebook's sentences in order (see the module docstring for the rules)."""
    return [s for block in _blocks(text) for s in _split_block(block)]


# -- the tables ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    n: int
    sentence: str
    engine: str
    trace: str
    quote: str
    line: int

    @property
    def kind(self) -> str:
        if self.trace.startswith("not a rule"):
            return "flavour"
        if self.trace.startswith("house decision"):
            return "house"
        if "::" in self.trace:
            return "test"
        return ""


def _cells(line: str) -> list[str]:
    # cells are split on "|" not escaped as "\|"; the escapes are undone
    parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [p.strip().replace("\\|", "|") for p in parts]


def _plain(cell: str) -> str:
    cell = cell.strip()
    if len(cell) >= 2 and cell[0] == cell[-1] and cell[0] in "`\"":
        cell = cell[1:-1]
    return "" if cell in ("—", "-", "") else cell


def read_table(game: str) -> list[Row]:
    path = DOCS / f"{game}.md"
    rows = []
    if not path.exists():
        return rows
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        if len(cells) != 5 or not cells[0].isdigit():
            continue  # the header and its rule
        n, sentence, engine, trace, quote = cells
        rows.append(Row(int(n), sentence, _plain(engine), _plain(trace), _plain(quote), i))
    return rows


def escape(text: str) -> str:
    return text.replace("|", "\\|")


# -- the checks ------------------------------------------------------------------------------
_TEST_SOURCES: dict[str, dict[str, str]] = {}


def _functions(path: Path) -> dict[str, str]:
    """Every test function of a file by its pytest id tail (`name` or `Class::name`) → its source,
    decorators included (a quote may sit in a parametrize or a comment above the def)."""
    key = str(path)
    if key not in _TEST_SOURCES:
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        found: dict[str, str] = {}

        def visit(body, prefix):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                    # comments just above the def (and its decorators) belong to it too
                    while first > 1 and lines[first - 2].lstrip().startswith("#"):
                        first -= 1
                    found[prefix + node.name] = "\n".join(lines[first - 1:node.end_lineno])
                elif isinstance(node, ast.ClassDef):
                    visit(node.body, prefix + node.name + "::")

        visit(ast.parse(text).body, "")
        _TEST_SOURCES[key] = found
    return _TEST_SOURCES[key]


def test_source(ref: str) -> str | None:
    path, _, name = ref.partition("::")
    file = ROOT / path
    if not file.is_file():
        return None
    return _functions(file).get(name)


def engine_exists(ref: str) -> bool:
    module, _, attr = ref.partition(":")
    try:
        obj = importlib.import_module(module)
    except ImportError:
        return False
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part, None)
        if obj is None:
            return False
    return bool(attr)


def house_decisions(game: str) -> set[str]:
    """The items under the `## House …` heading(s) of the game's rules text, each by its number
    (`"3"`, for a numbered list) and by the words of its bold title (`"no story campaign"`)."""
    text = (ROOT / "assets" / game / "rules.md").read_text(encoding="utf-8")
    found: set[str] = set()
    inside = False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].lower().startswith("house")
        elif inside:
            m = re.match(r"(?:(\d+)\.|-) (?:\*\*(.+?)\*\*)?", line)
            if m and m.group(1):
                found.add(m.group(1))
            if m and m.group(2):
                found.add(words(m.group(2)))
    return found


@dataclass
class Report:
    game: str
    untraced: list[str]        # sentences without a row, or whose row traces nothing
    problems: list[str]        # rows that name something that is not there or does not quote
    awaited: list[str]         # rows naming a test another branch brings

    @property
    def ok(self) -> bool:
        return not self.untraced and not self.problems


def check(game: str) -> Report:
    book = sentences((COPIES / f"{game}.txt").read_text(encoding="utf-8"))
    rows = read_table(game)
    untraced: list[str] = []
    problems: list[str] = []
    awaited: list[str] = []
    houses = house_decisions(game)
    for i, sentence in enumerate(book, 1):
        if i > len(rows):
            untraced.append(f"{game} #{i}: no row: {sentence}")
            continue
        row = rows[i - 1]
        where = f"docs/rules/{game}.md:{row.line} (#{row.n})"
        if row.n != i or row.sentence != sentence:
            problems.append(f"{where}: row should be #{i} {sentence!r}, is #{row.n} "
                            f"{row.sentence!r}; the rows from here on are out of step with the "
                            f"rulebook (python -m tests.support.rule_trace --draft {game})")
            return Report(game, untraced, problems, awaited)
        if row.engine and not engine_exists(row.engine):
            problems.append(f"{where}: no engine function {row.engine}")
        kind = row.kind
        if kind == "flavour":
            continue
        if kind == "house":
            m = re.fullmatch(r"house decision(?: (\d+)|: (.+))", row.trace)
            if not m or (m.group(1) or words(m.group(2) or "")) not in houses:
                problems.append(f"{where}: {row.trace!r} is not an item of the House section of "
                                f"assets/{game}/rules.md")
            continue
        if kind != "test":
            untraced.append(f"{game} #{i}: {sentence}")
            continue
        if not row.engine:
            problems.append(f"{where}: a tested rule names the engine function that does it")
        quote = words(row.quote)
        whole = words(sentence)
        bare = words(_ITEM.sub("", sentence, count=1))  # "1. Move farmer": 2 words are enough
        if not quote or f" {quote} " not in f" {whole} ":
            problems.append(f"{where}: the quote {row.quote!r} is not words of the sentence")
        elif len(quote.split()) < min(MIN_QUOTE_WORDS, len(bare.split())):
            problems.append(f"{where}: the quote {row.quote!r} is shorter than "
                            f"{MIN_QUOTE_WORDS} words")
        source = test_source(row.trace)
        if source is None:
            if row.trace in AWAITED_TESTS:
                awaited.append(f"{game} #{i}: {row.trace}")
            else:
                problems.append(f"{where}: no test {row.trace}")
            continue
        if quote and f" {quote} " not in f" {words(source)} ":
            problems.append(f"{where}: {row.trace} does not quote {row.quote!r}")
    for row in rows[len(book):]:
        problems.append(f"docs/rules/{game}.md:{row.line}: row #{row.n} has no sentence in the "
                        f"rulebook")
    return Report(game, untraced, problems, awaited)


# -- drafting --------------------------------------------------------------------------------
def _all_tests() -> dict[str, str]:
    out = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        rel = path.relative_to(ROOT).as_posix()
        try:
            for name, src in _functions(path).items():
                if name.split("::")[-1].startswith("test"):
                    out[f"{rel}::{name}"] = words(src)
        except SyntaxError:
            continue
    return out


def _best_quote(sentence: str, tests: dict[str, str], prefer: str) -> tuple[str, str] | None:
    """The test sharing the longest run of the sentence's words (at least the minimum)."""
    ws = words(sentence).split()
    need = min(MIN_QUOTE_WORDS, len(ws))
    for length in range(len(ws), need - 1, -1):
        found = []
        for start in range(len(ws) - length + 1):
            run = " " + " ".join(ws[start:start + length]) + " "
            for ref, src in tests.items():
                if run in f" {src} ":
                    found.append((not ref.startswith(prefer), ref, run.strip()))
        if found:
            found.sort()
            return found[0][1], found[0][2]
    return None


def draft(game: str) -> str:
    book = sentences((COPIES / f"{game}.txt").read_text(encoding="utf-8"))
    # old rows by their sentence and its occurrence (a sentence may be printed twice)
    seen: dict[str, int] = {}
    old = {}
    for r in read_table(game):
        seen[r.sentence] = seen.get(r.sentence, 0) + 1
        old[(r.sentence, seen[r.sentence])] = r
    seen.clear()
    tests: dict[str, str] = {}
    title = game.replace("_", " ").title()
    lines = [f"# {title}: every rulebook sentence traced", "",
             f"One row per sentence of `docs/rules/rulebooks/{game}.txt` (the rulebook, split as "
             f"`tests/support/rule_trace.py` says), in order. How to read and keep this table: "
             f"[README.md](README.md). Checked by `tests/test_rulebook_trace.py`.", "",
             "| # | Rule sentence | Engine | Test, house decision or not a rule | Quoted words |",
             "|---|---|---|---|---|"]
    for i, sentence in enumerate(book, 1):
        seen[sentence] = seen.get(sentence, 0) + 1
        row = old.get((sentence, seen[sentence]))
        if row and row.trace:
            engine, trace, quote = row.engine, row.trace, row.quote
            trace = f"`{trace}`" if "::" in trace else trace
            engine = f"`{engine}`" if engine else engine
        else:
            engine, trace, quote = "", "", ""
            tests = tests or _all_tests()  # read only when a row needs a proposal
            hit = _best_quote(sentence, tests, f"tests/rules/{game}/")
            if hit:
                trace, quote = hit
        quoted = f'"{quote}"' if quote else ""
        lines.append(f"| {i} | {escape(sentence)} | {engine or '—'} | {trace or '—'} | {quoted} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--draft"]:
        sys.stdout.write(draft(argv[1]))
        return 0
    if argv[:1] == ["--split"]:
        for i, s in enumerate(sentences((COPIES / f"{argv[1]}.txt").read_text("utf-8")), 1):
            print(i, s)
        return 0
    if argv[:1] == ["--sync"]:
        shared = ROOT.parent / "shared" / "rulebooks"
        bad = [g for g in GAMES if (shared / f"{g}.txt").exists()
               and (shared / f"{g}.txt").read_bytes() != (COPIES / f"{g}.txt").read_bytes()]
        print("copies differ from ../shared: " + ", ".join(bad) if bad else "copies match")
        return 1 if bad else 0
    failed = False
    for game in GAMES:
        report = check(game)
        for line in report.problems + report.untraced:
            print(line)
        for line in report.awaited:
            print("awaited (another branch brings it):", line)
        print(f"{game}: {len(report.untraced)} untraced, {len(report.problems)} problems"
              + (" (incomplete: listed in INCOMPLETE)" if game in INCOMPLETE else ""))
        failed |= not report.ok and game not in INCOMPLETE
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
