"""A deal that gives you a colony asks which of your ships go there, and says where:
"YOUR DECISION (resolution: you settle blue.1): ships". It said "(resolution: which
ships move)": moving where? (The words in full, "you move ships to your new colony on
blue.1", were too long for the status line's one row, so the step's bare name stood.)

The game: `cosmic play --local --plain --players 2 --seed s1`, red (the person) choosing
negotiate whenever it can and proposing, at each deal, a colony for itself (its target
as the offense, one of blue's planets as the defense). The seed and the answers make the
same game every time: blue accepts such a deal in its tenth turn or so."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game

ASKED = "-- YOUR DECISION (resolution: "


def test_a_deal_s_colony_asks_for_ships_naming_the_planet(home: Path) -> None:
    proc = plain_game(home, "s1", 2)
    seen: list[str] = []
    turn = target = proposal = decision = ""
    options: list[str] = []
    tried = False
    settle = ""
    try:
        for line in lines_of(proc, seen, 90):
            if line.startswith("Turn "):
                turn, tried = line, False
            if " vs " in line and " at " in line:
                target = line
            if "proposes a deal" in line:
                proposal = line
            if line.startswith("-- YOUR DECISION ("):
                decision, options = line, []
                if "ships" in line and "resolution" in line and "warp" not in line \
                        and "gate" not in line and "home" not in line:
                    settle = line
                    break
            numbered = re.match(r"\s+\d+\. (.*)", line)
            if numbered and decision:
                options.append(numbered.group(1))
            many = re.search(r"how many ships \((\d+)", line)
            if many:
                answer(proc, many.group(1))
                continue
            if not line.startswith("Type a number") or not decision:
                continue
            said = [o for o in options if o.startswith("select negotiate")]
            if said:
                reply = said[0]
            elif "make a deal" in decision and not tried:
                tried = True
                aim = re.search(r"at (\w+\.\d)", target)
                reply = f"propose 1 0 {aim.group(1)} -" if ": red;" in turn and aim \
                    else f"propose 0 1 - blue.{1 + len(seen) % 5}"
            elif any(o.startswith("accept") for o in options) and "you get" in proposal:
                reply = "accept"
            elif "(launch" in decision:
                reply = f"launch {options[0].split()[1]} 1"
            elif any(o.startswith("pass") for o in options):
                reply = "pass"
            else:
                reply = "1"
            answer(proc, reply)
            decision = ""
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert settle, "\n".join(seen[-40:])
    assert re.fullmatch(r"-- YOUR DECISION \(resolution: you settle blue\.\d\): ships",
                        settle), settle
