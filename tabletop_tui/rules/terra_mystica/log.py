"""The log of a Terra Mystica game as sentences a table would say; what each action changed follows
in the ledger's signed numbers (core.change_text). A round's end with its cult bonus, the next
round's income and the final scoring are entries of their own (the engine's ledger.step)."""
from __future__ import annotations

from tabletop_tui.rules.terra_mystica.data import FACTIONS
from tabletop_tui.rules.terra_mystica.words import TRACKS, WORDS, amount, cult_bonus_words  # noqa: F401 (the log's words)

BUILDINGS = {"D": "a dwelling", "TP": "a trading house", "TE": "a temple", "SH": "a stronghold",
             "SA": "a sanctuary"}
PAST = (("Build ", "built "), ("Transform ", "transformed "), ("Upgrade ", "upgraded "),
        ("Send ", "sent "), ("Pass and take ", "passed and took "), ("Take ", "took "),
        ("Decline ", "declined "), ("Power action ", "used power action "),
        ("Answer later", "will answer later"), ("End the turn", "ended the turn"),
        ("Stop here", "stopped there"), ("Place ", "placed "))


def _convert_words(text: str) -> str:
    # "convert 3PW to 1W" → "converted 3 power to 1 worker"
    import re

    def one(m: re.Match) -> str:
        n, r = int(m.group(1)), m.group(2)
        return amount({r: n})
    return re.sub(r"(\d+)(PW|VP|W|C|P)\b", one, text)


def action_words(rules, before, a) -> str:
    """What the player did, lower-case, past tense, without the name."""
    k = a.kind
    if k == "pick":
        return f"chose the {FACTIONS[a.a]['name']}" if a.a in FACTIONS else f"chose {a.a}"
    if k == "convert":
        return "converted " + _convert_words(str(a)[len("convert "):])
    if k == "burn":
        return f"burned {a.n} power (bowl II to bowl III)" if a.n else "burned no power"
    if k == "pass" and not a.a:
        return "passed"
    if k == "take" or (k == "pass" and before.phase != "play"):
        return f"took the bonus card {a.a}"
    if k == "wait":
        return ("will answer the offer later (at the latest when their next turn comes)"
                if before.queue and before.queue[0][0] == "leech" else
                "will choose the cult step later (at the latest when their next turn comes)")
    if k == "cult" and before.key_choice:
        return f"put a town key on {a.a.title()} and went up to space 10"
    if k == "cult" and a.b:
        return f"went up one step on {a.a.title()} (the Cultists' step)"
    if k == "cult":
        steps = before.cult_steps or 1
        return f"went up {steps} step{'s' if steps > 1 else ''} on {a.a.title()}"
    if k == "favor":
        return f"took the favor tile {a.a}"
    if k == "town":
        return f"founded a town and took the town tile {a.a}"
    if k == "advance":
        return "advanced on the " + ("shipping" if str(a).endswith("ship") else "digging") + " track"
    if k == "action" and str(a).startswith("action BON") or str(a).startswith("action FAV"):
        return f"used the special action of {a.a}"
    label = rules.describe(before, a)
    for imperative, past in PAST:
        if label.startswith(imperative):
            return past + label[len(imperative):].replace("(gives up ", "(gave up ")
    return label[:1].lower() + label[1:]


def sentence(rules, before, a, after, who: str) -> str:
    if a.kind == "drop":
        text = f"{who} dropped out of the game."
    else:
        text = f"{who} {action_words(rules, before, a)}."
    return text  # a round's end, income and the final scoring are entries of their own (engine steps)
