"""The replay page's verdict (who won and why) in a real browser (headless Chromium): the
ten-seat game shared by many winners has a long one, and the page shows it whole, above
the board and as the first line of the board in words, as text the browser wraps at the
width it has (a wide window: one line; a phone's: several), never cut at the 46 columns
of the terminal's board nor cut off at the edge of its box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _journey import cosmic
from test_h36_viewer_verdict import _long_verdict
from test_replay_html import Browser

# The verdict as the page shows it: its text, and how it is laid out in its boxes.
READ = """(() => {
  const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e);
    return new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size; };
  const box = (e) => ({text: e.textContent, hidden: e.hidden || e.offsetHeight === 0,
    lines: lines(e), cut: e.scrollWidth > e.clientWidth + 1,
    inside: e.getBoundingClientRect().right <= document.documentElement.clientWidth + 1});
  const over = document.getElementById("gameover");
  const pre = document.getElementById("boardtext");
  const whole = pre.querySelector(".whole");
  return {position: Number(document.body.dataset.position), over: over ? box(over) : null,
          first: pre.textContent.split("\\n")[0], whole: whole ? box(whole) : null,
          pos: document.getElementById("pos").textContent};
})()"""


def _shown(browser: Browser, url: str, width: int, key: str | None) -> dict[str, Any]:
    browser.call("Emulation.setDeviceMetricsOverride", session=True, width=width,
                 height=900, deviceScaleFactor=1, mobile=False)
    browser.open(url)
    if key is not None:
        browser.press(key)
    seen: dict[str, Any] = browser.eval(READ)
    return seen


def test_the_page_shows_a_long_verdict_whole(tmp_path: Path, home: Path) -> None:
    journal, verdict = _long_verdict(home)
    page = tmp_path / "ten.html"
    r = cosmic("replay", str(journal), "--html", str(page), home=home)
    assert r.returncode == 0, r.stdout + r.stderr
    url = page.resolve().as_uri()
    browser = Browser(tmp_path)
    try:
        start = _shown(browser, url, 1400, None)
        assert start["position"] == 0 and start["first"].startswith("Turn "), start
        assert start["whole"] is None and (start["over"] or {}).get("hidden", True), start
        wide = _shown(browser, url, 1400, "End")
        assert wide["first"] == verdict, wide  # (it was cut at 46 columns)
        assert wide["pos"].endswith("(game over)") and wide["over"] is not None, wide
        assert wide["over"]["lines"] == 1, wide  # above the board: one line, if it fits
        for name in ("over", "whole"):  # (the board in words: as its side pane allows)
            shown = wide[name]
            assert shown["text"].strip() == verdict, (name, wide)
            assert not shown["cut"] and shown["inside"], (name, wide)
        narrow = _shown(browser, url, 420, "End")  # a phone: wrapped, every word shown
        assert narrow["first"] == verdict, narrow
        for name in ("over", "whole"):
            shown = narrow[name]
            assert shown["text"].strip() == verdict and shown["lines"] >= 2, (name, narrow)
            assert not shown["cut"] and shown["inside"], (name, narrow)
    finally:
        browser.close()
