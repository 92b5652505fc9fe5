// The start page: one form per game of the registry, its options from the game's schema.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function optionField(gameId, key, schema) {
  const id = `${gameId}-${key}`;
  const label = el("label", {for: id, text: schema.title || key});
  let input;
  if (Array.isArray(schema.enum)) {
    input = el("select", {id, name: key});
    for (const v of schema.enum) input.append(el("option", {value: v, text: v}));
    if (schema.default !== undefined) input.value = schema.default;
  } else if (schema.type === "boolean") {
    input = el("input", {id, name: key, type: "checkbox"});
    input.checked = !!schema.default;
  } else {
    input = el("input", {id, name: key, type: schema.type === "integer" ? "number" : "text"});
    if (schema.default !== undefined) input.value = schema.default;
  }
  input.dataset.type = schema.type || "string";
  return el("p", {}, label, " ", input);
}

function readOptions(form) {
  const out = {};
  for (const input of form.querySelectorAll("[data-type]")) {
    if (input.type === "checkbox") out[input.name] = input.checked;
    else if (input.dataset.type === "integer") out[input.name] = Number(input.value);
    else out[input.name] = input.value;
  }
  return out;
}

async function open(game, form, ai) {
  const message = document.getElementById("message");
  message.textContent = "";
  const names = [...form.querySelectorAll("input.name")].map((i) => i.value);
  const answer = await fetch(withLang("/api/tables"), {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({game: game.id, options: readOptions(form), names, ai}),
  });
  const data = await answer.json();
  if (!answer.ok) { message.textContent = data.error; return; }
  if (ai) { location.href = data.seats[0].url; return; }
  const links = document.getElementById("links");
  links.replaceChildren();
  data.seats.forEach((seat, i) => {
    const a = el("a", {href: seat.url, class: "seat-link", "data-seat": i,
                       target: i === 0 ? "_self" : "_blank"}, T("play_as", {name: seat.name}));
    links.append(el("li", {}, a, " ", el("code", {text: location.origin + seat.url})));
  });
  links.append(el("li", {}, el("a", {href: data.watch, class: "watch-link"}, T("watch"))));
  document.getElementById("opened").hidden = false;
}

async function start() {
  await loadTexts();
  const main = document.getElementById("games");
  const data = await (await fetch(withLang("/api/games"))).json();
  main.replaceChildren();
  for (const game of data.games) {
    const form = el("form", {class: "game", "data-game": game.id});
    form.append(el("h2", {text: game.name}));
    for (const [key, schema] of Object.entries(game.options.properties || {})) {
      form.append(optionField(game.id, key, schema));
    }
    ["Alice", "Bob"].slice(0, game.seats).forEach((name, i) => {
      const id = `${game.id}-name-${i}`;
      form.append(el("p", {}, el("label", {for: id, text: T("player", {n: i + 1})}), " ",
                     el("input", {id, class: "name", value: name, maxlength: 32})));
    });
    const two = el("button", {type: "button", class: "two-tabs"}, T("two_tabs"));
    two.onclick = () => open(game, form, null);
    const level = el("select", {class: "level", "aria-label": T("level")});
    for (const lv of data.ai_levels) {
      level.append(el("option", {value: lv, text: T(`level.${lv}`)}));
    }
    level.value = data.ai_levels.includes("normal") ? "normal" : data.ai_levels[0];
    const vsAi = el("button", {type: "button", class: "vs-ai"}, T("vs_ai"));
    vsAi.onclick = () => open(game, form, level.value);
    form.append(el("p", {}, two), el("p", {}, vsAi, ` ${T("level")} `, level));
    main.append(form);
  }
}

start();
