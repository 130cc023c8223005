"""Player-facing labels and log sentences (names, never "you"; never another seat's hand)."""
from __future__ import annotations

from tabletop_tui.rules.core import counted

from .content import CARDS, CAREERS, CITY_ACTIONS, LOCS, NATION_NAMES, PRESTIGE, QUESTS, UPGRADES, card
from .assistants import assistant_effect
from .counters import count_words, per_word
from .state import SOURCE


def _loc(x: str) -> str:
    return f"{LOCS[x]['name']} ({x})" if x in LOCS else x


def _card(c: str) -> str:
    return f"{card(c)['name']} ({c})"


def describe(s, a) -> str:
    w = a.text.split(" ")
    k = w[0]
    if k == "career":
        return f"Keep the career {CAREERS[w[1]]['name']}: {career_words(CAREERS[w[1]]['milestones'])}"
    if k == "plan":
        return f"Put {_card(w[1])} into the planning area"
    if k == "plan-done":
        return "Stop planning"
    if k == "discard":
        return f"Discard {_card(w[1])}"
    if k == "move":
        via = f" via {_loc(w[3])}" if len(w) > 3 else ""
        return f"Sail to {_loc(w[1])}{via}"
    if k == "city":
        if len(w) > 1:
            return f"City action, delivering {w[3]} with {_card(w[2])} (disc from {UPGRADES[w[4]]['name']})"
        return "City action without a delivery"
    if k == "village":
        return "Village actions"
    if k == "quest":
        if w[1] == "skip":
            return "Leave the quest"
        paid = ", ".join(_card(c) for c in w[2:])
        from .quests import steps
        if not paid and steps(w[1]):
            n = len(steps(w[1]))
            return f"Fulfil the quest {QUESTS[w[1]]['name']}, " + (
                "choosing the card" if n == 1 else f"choosing its {n} cards one by one")
        return f"Fulfil the quest {QUESTS[w[1]]['name']}" + (f" paying {paid}" if paid else "")
    if k == "pay-with":
        t = s.g["stack"][-1] if s.g["stack"] else {}
        goods = ", ".join(card(w[1])["goods"]) or "no goods"
        if t.get("t") == "qpay":
            from .quests import qpay_step
            what = qpay_step(t)
            part = f"the {what}" if what != "card" else "a card"
            return f"Pay {part} with {_card(w[1])} ({goods})"
        return f"Pay with {_card(w[1])} ({goods})"
    if k == "assist":
        return f"Assistant action of {_card(w[1])}: {assistant_effect(w[1])}"
    if k == "pass":
        return "No main action"
    if k == "buy":
        return f"Buy {_card(w[1])}"
    if k == "invest":
        return f"Invest in {PRESTIGE[w[1]]['name']}"
    if k == "nation":
        t = s.g["stack"][-1] if s.g["stack"] else {}
        if t.get("t") == "fight":
            from .combat import base_value
            from .content import TOKENS
            rider = TOKENS[t["token"]]["riders"].get(w[1]) if t.get("token") else None
            extra = ""
            if rider:
                n = rider.get("n", 1)
                dbl = f"{n} doubloon{'s' if n != 1 else ''}"
                extra = {"pay_doubloons": f", pay {dbl}", "doubloons": f", take {dbl}",
                         "vp": f", score {rider.get('n')} VP", "figure": ", take a figure",
                         "influence": ", +1 influence"}[rider["op"]]
            return f"Fight for {NATION_NAMES[w[1]]} (combat value {base_value(s, t, w[1])}{extra})"
        if t.get("t") == "op" and t["op"].get("op") == "influence":
            return f"Gain {t['op'].get('n', 1)} influence with {NATION_NAMES[w[1]]}"
        return f"{NATION_NAMES[w[1]]}"
    if k == "explore":
        return f"Explorer to {w[1]}"
    if k == "disc":
        return f"Take a disc off {UPGRADES[w[1]]['name']} ({w[1]})"
    if k == "draw":
        return "Draw the top card of the deck" if w[1] == "deck" else f"Draw {_card(w[1])} from the display"
    if k == "pile":
        return f"Reveal the top combat token of pile {w[1]}"
    if k == "infl":
        return f"Gain {w[1]} influence, using {2 if w[1] == '1' else 5} of the combat value"
    if k == "annex":
        return f"Annex {_loc(w[1])}, using 4 of the combat value"
    if k == "displace":
        return f"Displace at {_loc(w[1])}, using 6 of the combat value"
    if k == "card":
        return f"Combat action of {_card(w[1])}"
    if k == "spend":
        return "Spend 1 combat point (+1 value)" if w[1] == "cp" else "Return 1 figure (+1 value)"
    simple = {"end": "End the combat", "sell": "Sell off: discard the hand for 2 doubloons",
              "odd-job": "Odd jobs: take 1 doubloon", "drill": "Drill the crew: gain 1 combat point",
              "news": "Listen for news: draw 1 card", "scout": "Short expedition: explore 1",
              "fittings": "Buy fittings: pay 2 doubloons, take 1 disc off", "palms": "Grease palms: pay 3 doubloons for 1 influence",
              "pay": "Pay", "decline": "Decline",
              "discard-hand": "Discard the whole hand", "keep-hand": "Keep the hand"}
    if k == "option":
        t = s.g["stack"][-1] if s.g["stack"] else {}
        opts = t.get("op", {}).get("options") if t.get("t") == "op" else None
        if opts:
            chosen = opts[int(w[1]) - 1]
            return "Option " + w[1] + ": " + ", ".join(_op_text(o) for o in chosen)
        return f"Option {w[1]}"
    return simple.get(k, a.text)


def log_line(before, a, after) -> str:
    """The sentence for an action; a round's end, the interim and the final scoring it sets off
    are entries of their own (step_line). A decision an effect asked for (a disc off the ship
    board, a village action) says which: "… took a disc off Figurehead (U05) for explorer reward:
    E6.", "… bought Prize Crew (B20.1) (village action: Grand Regatta)." (issue 45)."""
    line = _action_line(before, a, after)
    t = before.g["stack"][-1] if before.g["stack"] else {}
    why = t.get(SOURCE)
    if why and t["t"] in ("disc", "village"):
        said = f" for {why}" if t["t"] == "disc" else f" (village action: {why})"
        line = f"{line[:-1]}{said}." if line.endswith(".") else line + said
    return line


def step_line(key: str, before, after) -> str:
    """The log line of an automatic step of the game between two positions: the round end
    ("round end"), the interim scoring step by step ("interim"), the final scoring ("final")."""
    gb, ga = before.g, after.g
    if key == "round end":
        from .content import C
        trig = ga["trigger"]
        who = after.names[trig] if trig is not None else "?"
        last = gb["round"] >= 4
        reached = LOCS[C["map"]["round_trigger"]["round_4" if last else "rounds_1_3"]]["name"]
        then = "then the final scoring" if last else "then the interim scoring"
        end = C["map"]["round_end_space"]
        moved = "" if last else f"; the ship moves on to the {LOCS[end]['name']} ({end})"
        return (f"End of round {gb['round']}: {who} reached {reached} first{moved}. Each player takes "
                f"1 village action, from {who}; {then}.")
    if key == "interim":
        return scoring_lines(before, after)
    f = ga["final"]
    totals = ", ".join(f"{after.names[i]} {f[str(i)]['total']} VP" for i in range(ga["n"]))
    return f"Game end: final scoring ({totals})."


def scoring_lines(before, after) -> str:
    """The interim scoring, one rulebook step a line (numbered as the rulebook's round end)."""
    from .surface import interim_report

    out = [f"End of round {before.g['round']}: interim scoring."]
    for k, st in enumerate(interim_report(before, after) or [], 1):
        if st["step"] in ("Round end", "Village action", "Totals"):
            continue  # the round end's own entry told them; the rows below give every seat's changes
        per = "; ".join(f"{after.names[i]} {t}" for i, t in st["per_seat"].items())
        if st["step"] in ("Unused assistants", "Income"):
            per = ""  # said in signed numbers, with the reason, in the rows below
        out.append(f"  {k}. {st['step']}: {st['text']}" + (f" {per}." if per else ""))
    return "\n".join(out)


def _action_line(before, a, after) -> str:
    g = before.g
    t = g["stack"][-1]
    who = before.names[t["seat"]]
    w = a.text.split(" ")
    k = w[0]
    if k == "draw":
        # the card's change says where it came from and why ("+1 card (taken from the display:
        # refill)"): the sentence does not say it again, unless no card came
        seat = t["seat"]
        came = len(after.g["players"][seat]["hand"]) > len(g["players"][seat]["hand"])
        if w[1] == "deck":
            return f"{who} drew a card." if came else f"{who} drew a card from the deck."
        return f"{who} drew {_card(w[1])}." if came else f"{who} drew {_card(w[1])} from the display."
    if k == "discard" and t["t"] == "odiscard":
        return f"{who} discarded {_card(w[1])} from the opening hand."
    if k == "quest" and len(w) == 2 and w[1] != "skip":
        from .quests import steps
        if steps(w[1]):
            return f"{who} chose to fulfil the quest {QUESTS[w[1]]['name']}; the cards follow."
    if k == "pay-with" and t["t"] == "qpay":
        from .quests import steps
        line = sentence(who, describe(before, a))
        if len(t["cards"]) + 1 == len(steps(t["quest"])):
            line = line[:-1] + f" and fulfilled the quest {QUESTS[t['quest']]['name']}."
        return line
    if k == "career":  # the milestones are in the menu and on the sheet
        return f"{who} kept the career {CAREERS[w[1]]['name']}."
    if k == "assist":  # a sentence of its own, not the menu's label again
        return f"{who}'s assistant {_card(w[1])} acted: {assistant_effect(w[1])}."
    if k == "pile":
        toks = after.g["stack"][-1].get("token") if after.g["stack"] and after.g["stack"][-1]["t"] == "fight" else None
        return f"{who} revealed combat token {toks or '?'} from pile {w[1]}."
    return sentence(who, describe(before, a))


# The choices read as orders ("Sail to Havana"); the log tells what a player did.
PAST = (("Village actions", "took the village actions"), ("No main action", "took no main action"),
        ("City action, ", "took the city action, "), ("Odd jobs: take ", "did odd jobs: took "),
        ("Explorer to ", "moved the explorer to "), ("Option ", "chose option "),
        ("Sell off: discard ", "sold off: discarded "), ("Drill the crew: gain ", "drilled the crew: gained "),
        ("End the combat", "ended the combat"), ("Stop planning", "stopped planning"),
        ("Leave the quest", "left the quest"), ("City action without", "took the city action without"),
        ("Combat action of ", "used the combat action of "), ("Grease palms: pay ", "greased palms: paid "),
        ("Buy fittings: pay ", "bought fittings: paid "), ("Listen for news: draw ", "listened for news: drew "),
        ("Short expedition: explore ", "went on a short expedition: explored "), ("Fight for ", "fought for "), ("Invest in ", "invested in "))
VERBS = {"Sail": "sailed", "Draw": "drew", "Buy": "bought", "Put": "put", "Gain": "gained",
         "Take": "took", "Fulfil": "fulfilled", "Return": "returned", "Spend": "spent", "Keep": "kept",
         "Annex": "annexed", "Displace": "displaced", "Discard": "discarded", "Play": "played",
         "Pass": "passed", "Choose": "chose", "Skip": "skipped", "Use": "used", "Move": "moved",
         "Score": "scored", "Place": "placed", "Pay": "paid", "Remove": "removed",
         "Upgrade": "upgraded", "Deliver": "delivered", "Advance": "advanced", "Reveal": "revealed",
         "Plan": "planned", "Finish": "finished", "Refill": "refilled", "Build": "built",
         "Claim": "claimed", "Give": "gave", "Lose": "lost", "Go": "went", "Stay": "stayed",
         "Decline": "declined", "Accept": "accepted", "Hire": "hired", "Send": "sent"}


def sentence(who: str, label: str) -> str:
    """'Anna sailed to Mayaguez (6).' from the choice 'Sail to Mayaguez (6)'."""
    label = label.rstrip(".")
    for imperative, past in PAST:
        if label.startswith(imperative):
            return f"{who} {past}{label[len(imperative):]}."
    verb, _, rest = label.partition(" ")
    if verb in VERBS:
        return f"{who} {VERBS[verb]}{' ' + rest if rest else ''}."
    return f"{who}: {label}."


def _op_text(o: dict) -> str:
    n = o.get("n", "")
    return {"fight": "fight a combat", "explore": f"explore up to {n}", "doubloons": f"take {counted(n, 'doubloon')}",
            "vp": f"score {n} VP", "vp_per": f"score {n} VP per {per_word(o.get('per', ''))}"}.get(o["op"], o["op"])


def career_words(milestones: list) -> str:
    """A career's milestones as a player reads them: "at 2 combat tokens: 2 doubloons, 1 VP; at 4:
    3 VP; at 6: 5 VP" (the counter named once, with the first)."""
    out = []
    for k, m in enumerate(milestones):
        at = count_words(m["counter"], m["at_least"]) if k == 0 else str(m["at_least"])
        out.append(f"at {at}: {ops_words(m['reward'])}")
    return "; ".join(out)


def ops_words(ops: list) -> str:
    """Rewards in words, plurals right: "2 doubloons, 1 VP, 1 influence with a nation"."""
    out = []
    for o in ops:
        n = o.get("n", 1)
        name = o["op"]
        if name == "doubloons":
            out.append(counted(n, "doubloon"))
        elif name == "vp":
            out.append(f"{n} VP")
        elif name == "combat_points":
            out.append(counted(n, "combat point"))
        elif name == "influence":
            nat = o.get("nation")
            who = {"any": "a nation", "each": "each nation", "fighting": "the fighting nation"}.get(
                nat, NATION_NAMES.get(nat, nat)) if nat else None
            out.append(f"{n} influence with {who}" if who else f"{n} influence")
        elif name == "explore":
            out.append(f"explore {n}")
        elif name == "remove_disc":
            out.append(f"{counted(n, 'disc')} off the ship")
        elif name == "draw":
            out.append(f"draw {n}")
        elif name == "figure":
            out.append(f"{n} figure")
        elif name == "fight":
            out.append("a combat")
        elif name == "village_actions":
            out.append(f"{n} village action{'s' if n > 1 else ''}")
        else:
            out.append(name.replace("_", " "))
    return ", ".join(out)
