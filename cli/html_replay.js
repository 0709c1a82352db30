// The replay page's script (cli/html_replay.py writes it inline). It draws what the data
// says and words nothing itself: every sentence (events, board lines, the verdict) comes
// from the Python side. It loads nothing: the data is the JSON block in the page.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const S = D.strings;
  const N = D.colors.length;

  // Every position, rebuilt from its changes (the first frame is whole).
  const states = [];
  let cur = {};
  for (const frame of D.frames) {
    cur = Object.assign({}, cur);
    for (let i = 0; i < frame.length; i += 2) {
      const key = D.keys[frame[i]];
      if (frame[i + 1] === null) delete cur[key]; else cur[key] = frame[i + 1];
    }
    states.push(cur);
  }
  const LAST = states.length - 1;

  const FILL = {
    red: "#d62728", blue: "#1f5fb4", yellow: "#f2cf1d", green: "#2ca02c",
    purple: "#8e44ad", orange: "#ff7f0e", black: "#222222", white: "#f4f4f4",
    brown: "#8c564b", pink: "#f781bf",
  };
  const DARK_TEXT = { yellow: 1, white: 1, orange: 1, pink: 1 };
  const esc = (t) => String(t).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const $ = (id) => document.getElementById(id);
  const num = (v) => (typeof v === "number" ? v : 0);
  // A narrow screen (a phone): the boards lay their parts one under the other (the style
  // sheet's matching rule keeps them at a readable size, scrolled sideways if need be).
  const NARROW = window.matchMedia("(max-width: 700px)");

  let pos = 0;
  let showHands = false;
  let addressTimer = 0;

  // -- drawing ---------------------------------------------------------------------------

  function text(x, y, t, cls, extra) {
    return `<text x="${x}" y="${y}" class="${cls || ""}"${extra || ""}>${esc(t)}</text>`;
  }

  // A colour's ship count: a small filled tag (data-colour, data-ships for the tests).
  // `small`: a narrower, shorter tag, for a planet crowded with colours.
  function ships(x, y, colour, n, cls, small) {
    const fill = FILL[colour] || "#888";
    const ink = DARK_TEXT[colour] ? " dark" : "";
    const w = small ? 20 : 24, h = small ? 13 : 16;
    return `<g class="colony ${cls || ""}" data-colour="${esc(colour)}" data-ships="${n}">` +
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${fill}"` +
      ` stroke="#aab4c8" stroke-width="0.6"/><text x="${x + w / 2}" y="${y + h - 3}"` +
      ` class="count${ink}${small ? " small" : ""}">${n}</text></g>`;
  }

  function tags(x, y, st, prefix, cls, perLine) {
    let out = "", i = 0;
    for (const c of D.colors) {
      const n = num(st[prefix + c]);
      if (!n) continue;
      out += ships(x + (i % perLine) * 27, y + Math.floor(i / perLine) * 19, c, n, cls);
      i += 1;
    }
    return out;
  }

  function planet(st, name, cx, cy, target) {
    let out = `<g class="planet${target ? " target" : ""}" data-planet="${esc(name)}">`;
    out += `<circle cx="${cx}" cy="${cy}" r="30" class="globe"/>`;
    out += text(cx, cy - 34, name, "pname");
    const here = D.colors.filter((c) => num(st[`planets/${name}/${c}`]) > 0);
    // Up to four colours: two a row of full tags; more (up to ten): three a row of small
    // ones, so that every tag stays inside the seat's row.
    const small = here.length > 4, cols = small ? 3 : 2;
    const dx = small ? 22 : 27, dy = small ? 15 : 19;
    const rows = Math.ceil(here.length / cols);
    here.forEach((c, i) => {
      const per = Math.min(cols, here.length - Math.floor(i / cols) * cols);
      const x = cx - (per * dx - 3) / 2 + (i % cols) * dx;
      const y = cy - (rows * dy - 3) / 2 + Math.floor(i / cols) * dy;
      out += ships(x, y, c, st[`planets/${name}/${c}`], "", small);
    });
    return out + "</g>";
  }

  function seatRow(st, seat, y) {
    const c = D.colors[seat];
    const off = st.offense === c, dfn = st["encounter/defense"] === c;
    let out = `<g class="seat${off ? " offense" : ""}${dfn ? " defense" : ""}"` +
      ` data-colour="${esc(c)}">`;
    out += `<rect x="4" y="${y}" width="592" height="80" rx="8" class="row"/>`;
    out += `<circle cx="22" cy="${y + 20}" r="9" fill="${FILL[c] || "#888"}" stroke="#000"/>`;
    out += text(38, y + 25, c, "sname");
    const aliens = st.aliens || [];
    const alien = aliens[seat] === "?" ? "alien not yet dealt"
      : aliens[seat] ? aliens[seat].replace(/_/g, " ") : "no alien";
    out += text(14, y + 46, alien, "alien");
    const hand = num(st[`hand_sizes/${c}`]);
    out += text(14, y + 66, `hand ${hand}`, "hand", ` data-hand="${hand}"`);
    if (off || dfn) out += text(80, y + 66, off ? "offense" : "defense", "role");
    const per = D.per;
    for (let j = 0; j < per; j++) {
      const name = D.planets[seat * per + j];
      out += planet(st, name, 180 + j * 84, y + 46, st["encounter/target"] === name);
    }
    return out + "</g>";
  }

  function cardText(st, side) {
    const cards = st["encounter/cards"] || [null, null];
    if (cards[side]) return cards[side];
    const who = side === 0 ? st.offense : st["encounter/defense"];
    return (st["encounter/face_down"] || []).includes(who) ? "face down" : "-";
  }

  // A line of allies: a long one (many seats) is drawn narrower to fit in the box.
  function alliesLine(x, y, t) {
    const fit = t.length > 50 ? ` textLength="346" lengthAdjust="spacingAndGlyphs"` : "";
    return text(x, y, t, "line allies", fit);
  }

  function encounterBox(st, x, y) {
    const n = st["encounter/number"];
    let out = `<g id="encounter" data-number="${n || 0}" data-offense="${esc(st.offense || "")}"` +
      ` data-defense="${esc(st["encounter/defense"] || "")}"` +
      ` data-target="${esc(st["encounter/target"] || "")}">`;
    out += `<rect x="${x}" y="${y}" width="370" height="238" rx="8" class="box"/>`;
    if (!n) {
      out += text(x + 12, y + 24, "Encounter", "head");
      out += text(x + 12, y + 48, "no encounter under way", "dim");
      return out + "</g>";
    }
    const result = st["encounter/result"];
    out += text(x + 12, y + 24, `Encounter ${n}` + (result ? `: ${result}` : ""), "head");
    const dfn = st["encounter/defense"], target = st["encounter/target"];
    out += text(x + 12, y + 46, `${st.offense || "?"} vs ${dfn || "?"}` +
      (target ? ` at ${target}` : ""), "line");
    if (st["encounter/destiny"]) {  // the card's label says "destiny" once already
      out += text(x + 12, y + 66, `drawn: ${st["encounter/destiny"]}`, "line");
    }
    out += text(x + 12, y + 90, "gate", "label");
    out += `<g class="gate">${tags(x + 80, y + 78, st, "gate/", "", 10)}</g>`;
    out += text(x + 12, y + 114, "defense", "label");
    const def = dfn && target ? num(st[`planets/${target}/${dfn}`]) : 0;
    let bx = x + 80;
    if (def) { out += ships(bx, y + 102, dfn, def, "on-target"); bx += 35; }
    out += `<g class="beside">${tags(bx, y + 102, st, "beside/", "", 9)}</g>`;
    const oa = st["encounter/offensive_allies"] || [], da = st["encounter/defensive_allies"] || [];
    out += alliesLine(x + 12, y + 138, `offense allies: ${oa.join(", ") || "none"}`);
    out += alliesLine(x + 12, y + 156, `defense allies: ${da.join(", ") || "none"}`);
    out += text(x + 12, y + 180, `offense card: ${cardText(st, 0)}`, "line card",
      ' data-side="offense"');
    out += text(x + 12, y + 198, `defense card: ${cardText(st, 1)}`, "line card",
      ' data-side="defense"');
    const totals = st["encounter/totals"];
    if (totals) {
      out += text(x + 12, y + 222, `totals: offense ${totals[0]}, defense ${totals[1]}`,
        "line totals", ` data-offense="${totals[0]}" data-defense="${totals[1]}"`);
    }
    return out + "</g>";
  }

  function warpBox(st, x, y) {
    let out = `<g id="warp"><rect x="${x}" y="${y}" width="370" height="58" rx="8"` +
      ` class="box warp"/>`;
    out += text(x + 12, y + 22, "Warp", "head");
    const any = D.colors.some((c) => num(st["warp/" + c]));
    out += any ? tags(x + 12, y + 32, st, "warp/", "", 13) : text(x + 12, y + 46, "empty", "dim");
    return out + "</g>";
  }

  function trackBox(st, x, y) {
    let out = `<g id="track"><rect x="${x}" y="${y}" width="370" height="${34 + N * 20}"` +
      ` rx="8" class="box"/>`;
    out += text(x + 12, y + 22, "Colony track (foreign colonies)", "head");
    D.colors.forEach((c, i) => {
      const n = num(st["foreign_colonies/" + c]);
      const ty = y + 36 + i * 20;
      out += `<g class="track" data-colour="${esc(c)}" data-colonies="${n}">`;
      out += text(x + 12, ty + 11, c, "line");
      for (let k = 1; k <= 5; k++) {
        out += `<circle cx="${x + 90 + k * 24}" cy="${ty + 7}" r="7" stroke="#555"` +
          ` fill="${k <= n ? FILL[c] || "#888" : "none"}"/>`;
      }
      out += text(x + 240, ty + 11, String(n), "line") + "</g>";
    });
    return out + "</g>";
  }

  function drawBoard(st) {
    // Side by side (the seats, then the encounter, warp and track beside them), or on a
    // narrow screen one under the other, so that the board is drawn at a readable size.
    const narrow = NARROW.matches;
    const rows = N * 88 + 8;
    const right = 238 + 10 + 58 + 12 + 34 + N * 20 + 12 + 70;
    const h = narrow ? rows + right + 8 : Math.max(rows, right) + 8;
    let out = "";
    for (let i = 0; i < N; i++) out += seatRow(st, i, 8 + i * 88);
    const x = narrow ? 4 : 612, y0 = narrow ? rows : 8;
    out += encounterBox(st, x, y0);
    out += warpBox(st, x, y0 + 248);
    out += trackBox(st, x, y0 + 318);
    const ty = y0 + 318 + 34 + N * 20 + 24;
    out += text(x + 12, ty, `deck ${num(st.deck)}, discard ${num(st.discard)}, ` +
      `destiny ${num(st.destiny_deck)}`, "line decks");
    if (st.discard_top) {
      out += text(x + 12, ty + 18, `top of the discard: ${st.discard_top}`, "line");
    }
    if ((D.teams || []).length) {  // team play: who shares a win with whom
      out += text(x + 12, ty + 36, "teams: " + D.teams.map((t) => t.join(" + ")).join(", "),
        "line teams", ` data-teams="${esc(D.teams.map((t) => t.join("+")).join(","))}"`);
    }
    const board = $("board");
    board.setAttribute("viewBox", `0 0 ${narrow ? 600 : 990} ${h}`);
    board.innerHTML = out;
  }

  // -- words -----------------------------------------------------------------------------

  function li(t, cls) {
    const e = document.createElement("li");
    e.textContent = t;
    if (cls) e.className = cls;
    return e;
  }

  function stepHead(k) {
    const st = D.steps[k - 1];
    const who = st[1] >= 0 ? D.colors[st[1]] : "(note)";
    return `record ${st[0]}, ${who}: ${S[st[2]]}`;
  }

  function drawWords(st) {
    const head = $("stephead"), events = $("events");
    events.textContent = "";
    if (pos === 0) {
      head.textContent = "The game as dealt: no record yet";
    } else {
      head.textContent = stepHead(pos);
      for (const e of D.steps[pos - 1][3]) events.appendChild(li(S[e]));
    }
    $("waiting").textContent = S[st.waiting] || "";
    const log = $("log");
    log.textContent = "";
    for (let k = Math.max(1, pos - 11); k <= pos; k++) {
      const item = li(stepHead(k), k === pos ? "current" : "");
      const sub = document.createElement("ul");
      for (const e of D.steps[k - 1][3]) sub.appendChild(li(S[e]));
      item.appendChild(sub);
      log.appendChild(item);
    }
    const lines = [];
    for (let i = 0; ("board/" + i) in st; i++) lines.push(S[st["board/" + i]]);
    // A finished game's verdict: above the board, and first in the board in words, as
    // text the browser wraps at the box's width (the other rows keep their columns).
    const over = "gameover" in st ? S[st.gameover] : "";
    const gameover = $("gameover");
    gameover.textContent = over;
    gameover.hidden = !over;
    const boardtext = $("boardtext");
    boardtext.textContent = "";
    if (over && lines[0] === over) {
      const whole = document.createElement("span");
      whole.className = "whole";
      whole.textContent = lines.shift() + (lines.length ? "\n" : "");
      boardtext.appendChild(whole);
    }
    boardtext.appendChild(document.createTextNode(lines.join("\n")));
    const box = $("handsbox");
    box.textContent = "";
    if (showHands && D.revealed) {
      const h = document.createElement("h2");
      h.textContent = "Every hand";
      box.appendChild(h);
      const ul = document.createElement("ul");
      ul.id = "handlist";
      for (const c of D.colors) {
        const cards = (st["hands/" + c] || []).map((x) => S[x]);
        const item = li(`${c}: ${cards.join(", ") || "(none)"}`);
        item.dataset.colour = c;
        item.dataset.cards = String(cards.length);
        ul.appendChild(item);
      }
      box.appendChild(ul);
    }
  }

  // -- moving ----------------------------------------------------------------------------

  function show(k) {
    pos = Math.max(0, Math.min(LAST, k | 0));
    const st = states[pos];
    if (GAME_BOARD) GAME_BOARD(st, HELP); else drawBoard(st);
    drawWords(st);
    const slider = $("slider");
    slider.value = String(pos);
    const where = "gameover" in st ? "game over" : `turn ${num(st.turn)}`;
    const cut = LAST < D.total ? `; the records after ${LAST} are not shown` : "";
    $("pos").textContent = `position ${pos} of ${D.total} (${where}${cut})`;
    document.body.dataset.position = String(pos);
    $("turn").value = String(num(st.turn));
    // The address names the position (a link to share), once the moving stops: the
    // browser limits how often a page may rewrite its address.
    clearTimeout(addressTimer);
    addressTimer = setTimeout(() => {
      try { history.replaceState(null, "", "#record=" + pos); } catch (e) { /* file: */ }
    }, 300);
  }

  function nextEncounter() {
    const k = D.encounters.find((x) => x > pos);
    show(k === undefined ? LAST : k);
  }

  function previousEncounter() {
    let k = 0;
    for (const x of D.encounters) if (x < pos) k = x;
    show(k);
  }

  function goTurn() {
    const t = parseInt($("turn").value, 10);
    if (Number.isNaN(t)) {  // no number typed: stay, and show where we are
      $("turn").value = String(num(states[pos].turn));
      return;
    }
    const hit = D.turns.find((x) => x[0] >= t);
    show(hit ? hit[1] : LAST);
  }

  // The next position whose record (its line, as the log shows it, or one of its
  // events) says the words in the find box, ignoring case; past the end it goes on from
  // the first record. As the terminal viewer's `/TEXT`.
  function find() {
    const want = $("find").value.trim().toLowerCase();
    if (!want) { $("found").textContent = ""; return; }
    const n = D.steps.length;
    for (let i = 0; i < n; i++) {
      const at = (pos + i) % n;  // the record that leads to position at + 1
      const st = D.steps[at];
      const said = [stepHead(at + 1), ...st[3].map((x) => S[x])];
      if (said.some((x) => x.toLowerCase().includes(want))) {
        $("found").textContent = `record ${st[0]}` + (at + 1 <= pos ? " (from the start)" : "");
        show(at + 1);
        return;
      }
    }
    $("found").textContent = "not found";
  }

  function toggleHands() {
    if (!D.revealed) return;
    showHands = !showHands;
    $("hands").checked = showHands;
    show(pos);
  }

  function fromHash() {
    const m = /record=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : null;
  }

  // -- setting up ------------------------------------------------------------------------

  // Another game's board (the map game's: html_replay_worlds.js, run before this script)
  // is drawn by its own drawer, with these helpers; Cosmic's is drawBoard above.
  const GAME_BOARD = (window.replayBoards || {})[D.game] || null;
  const HELP = { D, S, FILL, esc, num, text, ships, board: $("board"), narrow: NARROW };

  const verdict = $("verdict");
  const v = D.verify;
  verdict.className = "verdict " + (v.ok ? "ok" : v.failed ? "failed" : "partial");
  verdict.dataset.ok = v.ok ? "1" : "0";
  const title = document.createElement("strong");
  title.textContent = v.ok ? "Verified" : v.failed ? "Not verified" : "Verified in part";
  const vhead = document.createElement("span");
  vhead.id = "verdicthead";
  vhead.textContent = " " + v.head;
  verdict.append(title, vhead);
  if (v.fault) {
    const f = document.createElement("div");
    f.id = "fault";
    f.textContent = v.fault;
    verdict.appendChild(f);
  }
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "what was checked";
  const pre = document.createElement("pre");
  pre.textContent = v.text;
  details.append(summary, pre);
  verdict.appendChild(details);

  const hands = $("hands");
  if (!D.revealed) {
    hands.disabled = true;
    $("handslabel").title = "the hands stay hidden: this game's cards were not revealed " +
      "(a network game reveals them when every key share is published at its end)";
  }
  hands.addEventListener("change", () => { showHands = hands.checked; show(pos); });
  $("slider").max = String(LAST);
  NARROW.addEventListener("change", () => show(pos));
  $("slider").addEventListener("input", (e) => show(parseInt(e.target.value, 10)));
  $("first").addEventListener("click", () => show(0));
  $("last").addEventListener("click", () => show(LAST));
  $("prev").addEventListener("click", () => show(pos - 1));
  $("next").addEventListener("click", () => show(pos + 1));
  $("prevenc").addEventListener("click", previousEncounter);
  $("nextenc").addEventListener("click", nextEncounter);
  $("goturn").addEventListener("click", goTurn);
  $("turn").max = String(D.turns.length ? D.turns[D.turns.length - 1][0] : 0);

  const KEYS = {
    ArrowRight: () => show(pos + 1), n: () => show(pos + 1),
    ArrowLeft: () => show(pos - 1), p: () => show(pos - 1),
    PageDown: nextEncounter, e: nextEncounter,
    PageUp: previousEncounter, E: previousEncounter,
    Home: () => show(0), End: () => show(LAST),
    h: toggleHands, t: () => { $("turn").focus(); $("turn").select(); },
    "/": () => { $("find").focus(); $("find").select(); },
  };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    if (e.target === $("turn")) {
      if (e.key === "Enter") { e.preventDefault(); goTurn(); $("turn").blur(); }
      return;  // typing a turn number
    }
    if (e.target === $("find")) {
      if (e.key === "Enter") { e.preventDefault(); find(); }
      if (e.key === "Escape") $("find").blur();
      return;  // typing words to find (Enter again: the next record that says them)
    }
    const fn = KEYS[e.key];
    if (!fn) return;
    e.preventDefault();  // also keeps the slider from moving by itself
    fn();
  });
  window.addEventListener("hashchange", () => {
    const k = fromHash();
    if (k !== null && k !== pos) show(k);
  });

  const start = fromHash();
  show(start === null ? (v.failed ? LAST : 0) : start);
  document.body.dataset.ready = "1";
})();
