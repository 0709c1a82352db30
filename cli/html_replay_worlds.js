// The map game's board on the replay page (cli/html_replay_worlds.py writes its data; the
// page runs this script before the common one, html_replay.js, which calls the drawer
// registered here with each position and its drawing helpers). It draws the 10 x 10 map:
// each world with its letter, its race, its controller (the frame's colour) and the stacks
// on it (a tag a colour, with its count); then the players' scores. It words nothing but
// labels: every sentence comes from the Python side.
"use strict";
(function () {
  const CELL = 86, X0 = 28, Y0 = 28, GRID = 10;
  const PANEL = X0 + GRID * CELL + 18;

  function cell(st, h, letter, info) {
    const [square, owner, race, counts] = info;
    const x = X0 + Math.floor(square / GRID) * CELL, y = Y0 + (square % GRID) * CELL;
    const fight = st.conflict_world === letter;
    const stacks = [];
    h.D.colors.forEach((c, i) => { if (counts[i] > 0) stacks.push(`${c}:${counts[i]}`); });
    let out = `<g class="world${fight ? " fight" : ""}" data-world="${letter}"` +
      ` data-controller="${h.esc(owner)}" data-tokens="${stacks.join(",")}">`;
    const frame = owner ? h.FILL[owner] || "#888" : "#4e6590";
    out += `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="6"` +
      ` class="wbox" stroke="${frame}" stroke-width="${owner ? 4 : 1.5}"/>`;
    out += h.text(x + 8, y + 20, letter, "wletter");
    out += h.text(x + CELL - 8, y + 18, owner ? owner : "free", "wowner");
    let i = 0;
    h.D.colors.forEach((c, seat) => {
      if (!counts[seat]) return;
      out += h.ships(x + 5 + (i % 3) * 26, y + 27 + Math.floor(i / 3) * 19, c, counts[seat]);
      i += 1;
    });
    const name = race.length > 15 ? race.slice(0, 14) + "." : race;
    out += h.text(x + CELL / 2, y + CELL - 9, name || "unexplored", "wrace");
    return out + "</g>";
  }

  function panel(st, h) {
    let out = `<g id="scores">`;
    out += h.text(PANEL, Y0 + 14, `Worlds controlled (${st.win || 20} to win)`, "head");
    h.D.colors.forEach((c, i) => {
      const [worlds, tokens, cards] = st["seats/" + c] || [0, 0, 0];
      const y = Y0 + 34 + i * 62;
      const active = !st.outcome && st.active === c;  // nobody's turn once it is over
      out += `<g class="score${active ? " active" : ""}" data-colour="${h.esc(c)}"` +
        ` data-worlds="${worlds}" data-tokens="${tokens}" data-cards="${cards}">`;
      out += `<rect x="${PANEL - 6}" y="${y - 4}" width="262" height="56" rx="8" class="row"/>`;
      out += `<circle cx="${PANEL + 8}" cy="${y + 10}" r="8" fill="${h.FILL[c] || "#888"}"` +
        ` stroke="#000"/>`;
      out += h.text(PANEL + 22, y + 15, c + (active ? " (its turn)" : ""), "sname");
      // right-aligned at the row's end: "orange (its turn)" never runs into it
      out += h.text(PANEL + 248, y + 15, `${worlds} worlds`, "line", ' text-anchor="end"');
      const w = Math.min(1, worlds / (st.win || 20)) * 240;
      out += `<rect x="${PANEL}" y="${y + 24}" width="240" height="7" rx="3" class="track"/>`;
      out += `<rect x="${PANEL}" y="${y + 24}" width="${w}" height="7" rx="3"` +
        ` fill="${h.FILL[c] || "#888"}"/>`;
      out += h.text(PANEL, y + 46, `${tokens} tokens on the map, ${cards} cards`, "line");
      out += "</g>";
    });
    let y = Y0 + 44 + h.D.colors.length * 62;
    if (st.outcome) {
      out += h.text(PANEL, y, "Game over: " + (st.outcome.join(", ") || "nobody") + " won",
        "head", ' id="outcome"');
      y += 26;
    }
    if (st.conflict >= 0) {  // the conflict in the client's words, wrapped to the panel
      out += `<g id="conflict" data-world="${h.esc(st.conflict_world)}">`;
      let line = "";
      for (const word of h.S[st.conflict].split(" ")) {
        if (line && (line + " " + word).length > 40) {
          out += h.text(PANEL, y, line, "line");
          y += 17;
          line = word;
        } else {
          line = line ? line + " " + word : word;
        }
      }
      out += h.text(PANEL, y, line, "line") + "</g>";
    }
    return out + "</g>";
  }

  function drawWorlds(st, h) {
    let out = "";
    for (let k = 0; k < GRID; k++) {
      out += h.text(X0 + k * CELL + CELL / 2, Y0 - 10, String(k), "axis column");
      out += h.text(X0 - 14, Y0 + k * CELL + CELL / 2 + 4, String(k), "axis row");
    }
    const taken = {};
    for (const key of Object.keys(st)) {
      if (key.startsWith("world/")) taken[st[key][0]] = key.slice(6);
    }
    for (let sq = 0; sq < GRID * GRID; sq++) {
      if (taken[sq] !== undefined) continue;  // empty space: a faint square
      const x = X0 + Math.floor(sq / GRID) * CELL, y = Y0 + (sq % GRID) * CELL;
      out += `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}"` +
        ` rx="6" class="space"/>`;
      const counts = st["space/" + sq];
      if (counts) {  // a stack in deep space (Space Pilgrims): its tags, no frame
        const stacks = [];
        let i = 0;
        h.D.colors.forEach((c, seat) => {
          if (!counts[seat]) return;
          stacks.push(`${c}:${counts[seat]}`);
          out += h.ships(x + 5 + (i % 3) * 26, y + 27 + Math.floor(i / 3) * 19, c,
            counts[seat]);
          i += 1;
        });
        out += `<g class="deep" data-square="${sq}" data-tokens="${stacks.join(",")}">` +
          h.text(x + CELL / 2, y + CELL - 9, "deep space", "wrace") + "</g>";
      }
    }
    for (const sq of Object.keys(taken)) {
      out += cell(st, h, taken[sq], st["world/" + taken[sq]]);
    }
    const map = Y0 + GRID * CELL + 10;
    const board = h.board;
    if (h.narrow.matches) {  // a phone: the scores under the map, not beside it
      out += `<g transform="translate(${X0 - PANEL} ${map})">${panel(st, h)}</g>`;
      const below = Y0 + 44 + h.D.colors.length * 62 + 26 + 12 * 17;
      board.setAttribute("viewBox", `0 0 ${PANEL} ${map + below}`);
    } else {
      out += panel(st, h);
      board.setAttribute("viewBox", `0 0 ${PANEL + 272} ${map}`);
    }
    board.setAttribute("class", "map");
    board.setAttribute("aria-label", "the map");
    board.innerHTML = out;
  }

  window.replayBoards = Object.assign(window.replayBoards || {}, { worlds: drawWorlds });
})();
