"""The `--html` page of a ten-seat game, where a planet can hold every colour and an
alliance can name eight seats: at every position, each colony tag is drawn inside its
seat's row (never over the seat's name or the next row), the allies' lines stay inside
the encounter's box, and the destiny card is not said twice ("destiny: destiny red")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _journey import cosmic
from test_replay_html import Browser

# Every position, drawn in turn by the page's own slider; the first thing out of place.
CHECK = """(() => {
  const slider = document.getElementById("slider");
  const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 &&
      a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
  let crowded = 0, many = 0;
  for (let k = 0; k <= Number(slider.max); k++) {
    slider.value = String(k);
    slider.dispatchEvent(new Event("input"));
    for (const seat of document.querySelectorAll("#board g.seat")) {
      const row = seat.querySelector("rect.row").getBBox();
      for (const p of seat.querySelectorAll("g.planet")) {
        const tags = p.querySelectorAll("g.colony");
        if (tags.length > 4) crowded += 1;
        for (const g of tags) {
          if (!inside(g.getBBox(), row)) {
            return {k, where: p.dataset.planet, colour: g.dataset.colour, tags: tags.length};
          }
        }
      }
    }
    const enc = document.getElementById("encounter");
    const box = enc.querySelector("rect.box");
    for (const line of enc.querySelectorAll("text.allies")) {
      if (line.textContent.split(",").length > 4) many += 1;
      if (!inside(line.getBBox(), box.getBBox())) return {k, allies: line.textContent};
    }
    for (const line of enc.querySelectorAll("text.line")) {
      if (/destiny.*destiny/.test(line.textContent)) return {k, twice: line.textContent};
    }
  }
  return {crowded, many};
})()"""


def test_a_ten_seat_game_is_drawn_inside_its_boxes(tmp_path: Path, home: Path) -> None:
    for seed in range(1, 7):
        r = cosmic("simulate", "--players", "10", "--games", "1", "--seed", f"crowd-{seed}",
                   "--bots", "heuristic", "--max-turns", "25", "--journal-dir", "j",
                   "--json", home=home)
        assert r.returncode == 0, r.stderr
        journal = Path(json.loads(r.stdout)["games"][0]["journal"])
        if not journal.is_absolute():
            journal = home / journal
        page = tmp_path / f"crowd-{seed}.html"
        made = cosmic("replay", str(journal), "--html", str(page), home=home)
        assert made.returncode == 0, made.stdout + made.stderr
        b = Browser(tmp_path)
        try:
            b.open(page.resolve().as_uri())
            found = b.eval(CHECK)
        finally:
            b.close()
        assert "k" not in found, found  # something drawn out of place at position k
        if found["crowded"] and found["many"]:
            return
    pytest.fail("no game of six put five colours on one planet and five allies in a line")
