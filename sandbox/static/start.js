// The start page: one form per game of the registry (its options in the bot's words, how
// many players, who plays each seat, each seat's deck), and the tables being played.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

const NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];
let LEVELS = [];

// One option of the game: a list of the bot's choices, or a number to type.
function optionField(game, opt) {
  const id = `${game.id}-${opt.key}`;
  let input;
  if (opt.choices.length) {
    input = el("select", {id, name: opt.key});
    for (const c of opt.choices) input.append(el("option", {value: String(c.value), text: c.label}));
    input.value = String(opt.default);
  } else if (opt.type === "boolean") {
    input = el("input", {id, name: opt.key, type: "checkbox"});
    input.checked = !!opt.default;
  } else {
    input = el("input", {id, name: opt.key, type: opt.type === "integer" ? "number" : "text"});
    if (opt.min !== null) input.min = opt.min;
    if (opt.max !== null) input.max = opt.max;
    if (opt.default !== undefined && opt.default !== null) input.value = opt.default;
  }
  input.dataset.type = opt.type || "string";
  input.classList.add("option");
  return el("p", {}, el("label", {for: id, text: opt.label}), " ", input);
}

function readOptions(form) {
  const out = {};
  for (const input of form.querySelectorAll(".option")) {
    if (input.type === "checkbox") out[input.name] = input.checked;
    else if (input.dataset.type === "integer") out[input.name] = Number(input.value);
    else out[input.name] = input.value;
  }
  return out;
}

// A seat's deck: pick a fighter in the match, a leader's precon, a saved deck, or a
// pasted list (with its leader) or code.
function deckField(game, seat, saved) {
  const id = `${game.id}-deck-${seat}`;
  const pick = el("select", {id, class: "deck"});
  pick.append(el("option", {value: "", text: T("deck_pick")}));
  for (const l of game.decks.leaders) {
    pick.append(el("option", {value: `precon:${l.name}`, text: T("deck_precon", {leader: l.name})}));
  }
  for (const d of saved) {
    pick.append(el("option", {value: `saved:${d.name}`, text: T("deck_saved", {
      name: d.name, leader: d.leader, size: d.size, cards: game.decks.word})}));
  }
  pick.append(el("option", {value: "paste", text: T("deck_paste")}));
  const leader = el("select", {class: "deck-leader", "aria-label": T("deck_leader")});
  for (const l of game.decks.leaders) leader.append(el("option", {value: l.name, text: l.name}));
  const text = el("textarea", {class: "deck-text", rows: 5, cols: 40,
                               placeholder: T("deck_text", {card: game.decks.word})});
  const name = el("input", {class: "deck-name", maxlength: 32, "aria-label": T("deck_save")});
  const save = el("button", {type: "button", class: "deck-save"}, T("deck_save"));
  const said = el("span", {class: "deck-said"});
  save.onclick = async () => {
    const answer = await fetch(withLang("/api/decks"), {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({game: game.id, name: name.value, text: text.value,
                            leader: leader.value}),
    });
    const data = await answer.json();
    said.textContent = answer.ok ? T("deck_saved_ok", {size: data.size, cards: game.decks.word})
      : data.error;
  };
  const paste = el("div", {class: "deck-paste", hidden: ""},
                   el("p", {}, T("deck_leader"), " ", leader), el("p", {}, text),
                   el("p", {}, save, " ", name, " ", said));
  pick.onchange = () => { paste.hidden = pick.value !== "paste"; };
  return el("div", {class: "deck-field"},
            el("p", {}, el("label", {for: id, text: T("deck")}), " ", pick), paste);
}

function readDeck(row) {
  const pick = row.querySelector("select.deck");
  if (!pick || !pick.value) return "";
  if (pick.value.startsWith("precon:")) return {leader: pick.value.slice(7)};
  if (pick.value.startsWith("saved:")) return {saved: pick.value.slice(6)};
  return {text: row.querySelector(".deck-text").value,
          leader: row.querySelector(".deck-leader").value};
}

function seatRow(game, seat, saved) {
  const id = `${game.id}-name-${seat}`;
  const who = el("select", {class: "who", "aria-label": T("seat_who")});
  who.append(el("option", {value: "", text: T("person")}));
  for (const lv of LEVELS) who.append(el("option", {value: lv, text: T("ai_at", {level: T(`level.${lv}`)})}));
  const row = el("div", {class: "seat", "data-seat": seat},
                 el("p", {}, el("label", {for: id, text: T("player", {n: seat + 1})}), " ",
                    el("input", {id, class: "name", value: NAMES[seat] || "", maxlength: 32}),
                    " ", who));
  if (game.decks) row.append(deckField(game, seat, saved));
  return row;
}

async function open(game, form, quickAi) {
  const message = document.getElementById("message");
  message.textContent = "";
  const rows = [...form.querySelectorAll("div.seat")];
  if (quickAi) rows.forEach((r, i) => { r.querySelector("select.who").value = i ? quickAi : ""; });
  const payload = {
    game: game.id, seats: rows.length, options: readOptions(form),
    names: rows.map((r) => r.querySelector("input.name").value),
    ai: rows.map((r) => r.querySelector("select.who").value || null),
  };
  if (game.decks) payload.decks = rows.map(readDeck);
  const answer = await fetch(withLang("/api/tables"), {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(payload),
  });
  const data = await answer.json();
  if (!answer.ok) { message.textContent = data.error; return; }
  const people = data.seats.filter((s) => s.url);
  if (people.length === 1) { location.href = people[0].url; return; }
  if (!people.length) { location.href = data.watch; return; }
  const links = document.getElementById("links");
  links.replaceChildren();
  data.seats.forEach((seat, i) => {
    if (!seat.url) { links.append(el("li", {text: seat.name})); return; }
    const a = el("a", {href: seat.url, class: "seat-link", "data-seat": i,
                       target: i === 0 ? "_self" : "_blank"}, T("play_as", {name: seat.name}));
    links.append(el("li", {}, a, " ", el("code", {text: location.origin + seat.url})));
  });
  links.append(el("li", {}, el("a", {href: data.watch, class: "watch-link"}, T("spectator_link"))));
  document.getElementById("opened").hidden = false;
  document.getElementById("opened").scrollIntoView();
}

async function gameForm(game) {
  const form = el("form", {class: "game", "data-game": game.id});
  form.append(el("h2", {text: game.name}));
  for (const opt of game.options) form.append(optionField(game, opt));
  const saved = game.decks
    ? (await (await fetch(withLang(`/api/decks?game=${game.id}`))).json()).decks : [];
  const seats = el("div", {class: "seats"});
  const count = el("select", {class: "seat-count", id: `${game.id}-seats`});
  for (let n = game.seats; n <= game.max_seats; n++) count.append(el("option", {value: n, text: n}));
  const redraw = () => {
    const n = Number(count.value);
    const rows = [...seats.children];
    for (let i = rows.length; i < n; i++) seats.append(seatRow(game, i, saved));
    rows.slice(n).forEach((r) => r.remove());
  };
  count.onchange = redraw;
  const countRow = el("p", {}, el("label", {for: count.id, text: T("seats")}), " ", count);
  if (game.max_seats === game.seats) countRow.hidden = true;
  form.append(countRow, seats);
  redraw();
  const openButton = el("button", {type: "button", class: "open-table"}, T("open"));
  openButton.onclick = () => open(game, form, null);
  const level = el("select", {class: "level", "aria-label": T("level")});
  for (const lv of LEVELS) level.append(el("option", {value: lv, text: T(`level.${lv}`)}));
  level.value = LEVELS.includes("normal") ? "normal" : LEVELS[0];
  const vsAi = el("button", {type: "button", class: "vs-ai"}, T("vs_ai"));
  vsAi.onclick = () => open(game, form, level.value);
  form.append(el("p", {class: "help", text: T("open_help")}), el("p", {}, openButton),
              el("p", {}, vsAi, ` ${T("level")} `, level));
  return form;
}

async function openTables() {
  try {
    const data = await (await fetch(withLang("/api/tables"), {cache: "no-store"})).json();
    const list = document.getElementById("tables");
    list.replaceChildren(...data.tables.map((tb) => el("li", {},
      el("a", {href: tb.watch, class: "table-link"}, T("table", {game: tb.game_name, n: tb.match})),
      ` · ${tb.names.join(T("versus"))}`)));
    document.getElementById("no-tables").hidden = data.tables.length > 0;
  } catch (err) { /* the next round tries again */ }
}

async function start() {
  await loadTexts();
  const main = document.getElementById("games");
  const data = await (await fetch(withLang("/api/games"))).json();
  LEVELS = data.ai_levels;
  const forms = await Promise.all(data.games.map(gameForm));
  main.replaceChildren(...forms);
  document.body.dataset.ready = "1";
  openTables();
  setInterval(openTables, 5000);
}

start();
