// A table's page: one seat's (or a spectator's), as the Discord table shows it.
// Everything shown comes from the server's answer for this page's seat key, drawn by the
// bot's own renderers: the board (its picture and its message), this seat's hand and its
// controls, the narration. The server sends those texts as HTML it escaped itself.
// The page asks a few times a second whether the match moved.
"use strict";

const matchId = location.pathname.split("/").pop();
const seatKey = new URLSearchParams(location.search).get("seat") || "";
const api = `/api/tables/${matchId}`;
let shown = null;   // the answer currently drawn
let busy = false;   // a click is on its way
const POLL_MS = 150;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;  // the server's escaped HTML
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// An embed of the bot (board or hand) as HTML: title, description, fields, footer.
function embed(box, data, secretOf) {
  box.replaceChildren();
  if (!data) return;
  const tag = (node) => { if (secretOf !== null) node.dataset.secretOf = secretOf; return node; };
  if (data.title) box.append(tag(el("h3", {class: "embed-title", html: data.title})));
  if (data.description) box.append(tag(el("div", {class: "embed-description", html: data.description})));
  const fields = el("div", {class: "embed-fields"});
  for (const f of data.fields) {
    const name = f.name.replace(/\u200b/g, "").trim();
    fields.append(tag(el("div", {class: f.inline ? "field inline" : "field"},
      ...(name ? [el("div", {class: "field-name", html: f.name})] : []),
      el("div", {class: "field-value", html: f.value}))));
  }
  box.append(fields);
  if (data.footer) box.append(tag(el("div", {class: "embed-footer", html: data.footer})));
}

function say(text, error) {
  const message = document.getElementById("message");
  message.textContent = text || "";
  message.className = error ? "error" : "";
}

// A multi-select of the bot (several parts picked at once, then sent as one choice):
// each part a toggle, and a button that sends the parts picked (their ids joined by
// ``page.join``, in the menu's order, as Discord sends them) once between ``group.min``
// and ``group.max`` are picked.
function multiSelect(group, page) {
  const box = el("fieldset", {class: "group select multi", "data-min": group.min,
                              "data-max": group.max}, el("legend", {text: group.title}));
  const parts = [];
  const list = el("div", {class: "parts"});  // scrolls; the confirm button stays in sight
  const confirm = el("button", {type: "button", class: "action confirm", "data-aid": ""});
  const update = () => {
    const picked = parts.filter((p) => p.getAttribute("aria-pressed") === "true");
    confirm.dataset.aid = picked.map((p) => p.dataset.part).join(page.join);
    confirm.textContent = T("confirm_picks", {n: picked.length});
    confirm.disabled = picked.length < group.min || picked.length > group.max;
  };
  for (const c of group.choices) {
    const part = el("button", {type: "button", class: "part", "data-part": c.aid,
                               "aria-pressed": "false"},
                    c.emoji ? `${c.emoji} ${c.label}` : c.label);
    part.disabled = c.disabled;
    part.onclick = () => {
      part.setAttribute("aria-pressed", part.getAttribute("aria-pressed") === "true" ? "false" : "true");
      update();
    };
    parts.push(part);
    list.append(part);
  }
  confirm.onclick = () => { if (!confirm.disabled) act(confirm.dataset.aid, page.version); };
  update();
  const hint = group.min > 1 ? [el("p", {class: "help", text: T("pick_at_least", {n: group.min})})] : [];
  box.append(list, ...hint, confirm);
  return box;
}

function draw(page) {
  document.body.dataset.version = page.version;
  document.body.dataset.status = page.status;
  document.body.dataset.seat = page.seat === null ? "" : page.seat;
  document.body.dataset.game = page.game;
  const title = T("table", {game: page.game_name, n: page.match});
  document.title = title;
  document.getElementById("title").textContent = title;
  const you = page.seat === null ? T("watching") : T("you_play", {name: page.names[page.seat]});
  document.getElementById("who").textContent = `${page.names.join(T("versus"))}. ${you}`;
  document.getElementById("watch-link").href = `/t/${page.match}`;
  const picture = document.getElementById("picture");
  picture.hidden = !page.picture;
  if (page.picture) picture.src = withLang(`${api}/board.png?v=${page.version}`);
  const status = [];
  if (page.waiting.length) status.push(T("waiting", {who: page.waiting.join(T("and"))}));
  if (page.committed.length) status.push(T("decided", {who: page.committed.join(T("and"))}));
  document.getElementById("status").textContent = status.join(" ");
  const result = document.getElementById("result");
  result.hidden = !page.result;
  result.innerHTML = page.result_html || "";  // the bot's result line ("🏆 Ann wins…")
  embed(document.getElementById("board"), page.board, null);
  document.getElementById("prompt").textContent = page.prompt || "";
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  for (const group of page.controls) {
    if (group.multi) { actions.append(multiSelect(group, page)); continue; }
    const box = el("fieldset", {class: group.select ? "group select" : "group"},
                   el("legend", {text: group.title}));
    for (const c of group.choices) {
      const cls = ["action", c.interrupt ? "interrupt" : "", c.danger ? "danger" : ""].join(" ");
      const button = el("button", {type: "button", "data-aid": c.aid, class: cls.trim()},
                        c.emoji ? `${c.emoji} ${c.label}` : c.label);
      button.disabled = c.disabled;
      button.onclick = () => act(c.aid, page.version);
      box.append(button);
    }
    actions.append(box);
  }
  const secret = document.getElementById("secret");
  secret.hidden = page.seat === null;
  secret.dataset.secretOf = page.seat === null ? "" : page.seat;
  embed(document.getElementById("hand"), page.hand, page.seat);
  const cards = document.getElementById("cards");
  cards.replaceChildren(...(page.cards || []).map((c) => el("div", {class: "card-tile",
    "data-secret-of": page.seat},
    el("div", {class: "card-name", text: c.name}), el("div", {class: "card-text", html: c.html}))));
  document.getElementById("cards-box").hidden = !(page.cards || []).length;
  document.getElementById("forfeit").hidden = page.seat === null || page.status !== "active";
  const narration = document.getElementById("narration");
  narration.replaceChildren(...page.narration.slice().reverse().map(  // newest first
    (n) => el("li", {class: n.private ? "private" : "", html: n.html})));
  shown = page;
}

async function fetchPage(since) {
  let url = `${api}?seat=${encodeURIComponent(seatKey)}`;
  if (since && shown) url += `&after=${shown.version}&status=${shown.status}`;
  const answer = await fetch(withLang(url), {cache: "no-store"});
  const page = await answer.json();
  if (!answer.ok) { say(page.error, true); return false; }
  if (page.same) return true;  // nothing moved since the page drawn
  if (!shown || shown.version !== page.version || shown.status !== page.status) {
    draw(page);
  }
  return true;
}

// Ask a few times a second whether the match moved (a tiny answer while it has not).
async function follow() {
  for (;;) {
    let ok = false;
    try { ok = await fetchPage(true); } catch (err) { say(T("no_server"), true); }
    await new Promise((r) => setTimeout(r, ok ? POLL_MS : 1000));
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
  for (const b of document.querySelectorAll("button.action, button.part")) b.disabled = true;
  const nonce = 1 + Math.floor(Math.random() * 2 ** 52);
  try {
    await post("act", {aid, version, nonce});
  } finally {
    busy = false;
    shown = null;  // redraw from the next answer (re-enables the buttons)
    try { await fetchPage(false); } catch (err) { say(T("no_server"), true); }
  }
}

document.getElementById("forfeit").onclick = async () => {
  if (confirm(T("confirm_forfeit"))) {
    await post("forfeit", {});
    shown = null;
    await fetchPage(false);
  }
};

loadTexts().finally(() => { follow(); });
