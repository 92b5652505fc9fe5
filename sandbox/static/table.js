// A table's page: one seat's view (or a spectator's), polled from the server.
// Everything shown comes from the server's answer for this page's seat key: the seat's
// own view, the public board picture, the events this seat may see, its legal actions.
"use strict";

const matchId = location.pathname.split("/").pop();
const seatKey = new URLSearchParams(location.search).get("seat") || "";
const api = `/api/tables/${matchId}`;
let shown = null;   // the answer currently drawn
let busy = false;   // a click is on its way

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function isCard(value) {
  return value && typeof value === "object" && !Array.isArray(value) && "id" in value &&
    Object.values(value).every((v) => v === null || typeof v !== "object");
}

function cardText(card) {
  if (card.name) return String(card.name);
  if (card.type && card.glyph) {  // Sushido's cards: "Hit ◆", as the bot words them
    return `${card.type[0].toUpperCase()}${card.type.slice(1)} ${card.glyph}`;
  }
  return Object.entries(card).filter(([k, v]) => k !== "id" && v !== null && v !== "")
    .map(([, v]) => String(v)).join(" ");
}

// A view's value as HTML: cards as chips (tagged with their id), lists, fields.
function tree(value, secretOf) {
  if (isCard(value)) {
    const chip = el("span", {class: "card", "data-card": value.id, text: cardText(value)});
    if (secretOf !== null) chip.dataset.secretOf = secretOf;
    return chip;
  }
  if (Array.isArray(value)) {
    if (!value.length) return document.createTextNode(T("none"));
    const list = el("ul");
    for (const v of value) list.append(el("li", {}, tree(v, secretOf)));
    return list;
  }
  if (value && typeof value === "object") {
    const dl = el("dl");
    for (const [k, v] of Object.entries(value)) {
      dl.append(el("dt", {text: k.replaceAll("_", " ")}), el("dd", {}, tree(v, secretOf)));
    }
    return dl;
  }
  if (value === null) return document.createTextNode("—");
  return document.createTextNode(String(value));
}

function say(text, error) {
  const message = document.getElementById("message");
  message.textContent = text || "";
  message.className = error ? "error" : "";
}

function draw(page) {
  document.body.dataset.version = page.version;
  document.body.dataset.status = page.status;
  document.body.dataset.seat = page.seat === null ? "" : page.seat;
  const title = T("table", {game: page.game_name, n: page.match});
  document.title = title;
  document.getElementById("title").textContent = title;
  const you = page.seat === null ? T("watching") : T("you_play", {name: page.names[page.seat]});
  document.getElementById("who").textContent = `${page.names.join(T("versus"))}. ${you}`;
  const picture = document.getElementById("picture");
  picture.hidden = !page.picture;
  if (page.picture) picture.src = `${api}/board.png?v=${page.version}`;
  const status = [];
  if (page.waiting.length) status.push(T("waiting", {who: page.waiting.join(T("and"))}));
  if (page.committed.length) status.push(T("decided", {who: page.committed.join(T("and"))}));
  document.getElementById("status").textContent = status.join(" ");
  const result = document.getElementById("result");
  result.hidden = !page.result;
  result.textContent = page.result || "";  // the bot's result line ("🏆 Ann wins…")
  document.getElementById("prompt").textContent = page.prompt || "";
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  const groups = new Map();
  for (const a of page.actions) {
    const key = a.interrupt ? T("any_moment") : a.kind.replaceAll("_", " ");
    if (!groups.has(key)) groups.set(key, el("fieldset", {}, el("legend", {text: key})));
    const button = el("button", {type: "button", "data-aid": a.aid,
                                 class: a.interrupt ? "action interrupt" : "action"}, a.label);
    button.onclick = () => act(a.aid, page.version);
    groups.get(key).append(button);
  }
  actions.append(...groups.values());
  const secret = document.getElementById("secret");
  secret.hidden = page.seat === null;
  secret.dataset.secretOf = page.seat === null ? "" : page.seat;
  document.getElementById("secret-body").replaceChildren(tree(page.secret, page.seat));
  document.getElementById("public-body").replaceChildren(tree(page.public, null));
  document.getElementById("forfeit").hidden = page.seat === null || page.status !== "active";
  const narration = document.getElementById("narration");
  narration.replaceChildren(...page.narration.slice().reverse().map(  // newest first
    (n) => el("li", {class: n.private ? "private" : "", text: n.text})));
  shown = page;
}

async function poll() {
  try {
    const answer = await fetch(withLang(`${api}?seat=${encodeURIComponent(seatKey)}`),
                               {cache: "no-store"});
    const page = await answer.json();
    if (!answer.ok) { say(page.error, true); return; }
    if (!shown || shown.version !== page.version || shown.status !== page.status) {
      draw(page);
    }
  } catch (err) {
    say(T("no_server"), true);
  }
}

async function post(path, payload) {
  const answer = await fetch(withLang(`${api}/${path}`), {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({seat: seatKey, ...payload}),
  });
  const data = await answer.json();
  say(answer.ok ? "" : data.error, !answer.ok);
  return answer.ok;
}

async function act(aid, version) {
  if (busy) return;
  busy = true;
  for (const b of document.querySelectorAll("button.action")) b.disabled = true;
  const nonce = 1 + Math.floor(Math.random() * 2 ** 52);
  try {
    await post("act", {aid, version, nonce});
  } finally {
    busy = false;
    shown = null;  // redraw from the next answer (re-enables the buttons)
    await poll();
  }
}

document.getElementById("forfeit").onclick = async () => {
  if (confirm(T("confirm_forfeit"))) { await post("forfeit", {}); shown = null; poll(); }
};

loadTexts().finally(() => { poll(); setInterval(poll, 700); });
