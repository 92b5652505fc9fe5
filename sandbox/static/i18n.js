// The pages' texts, from the bot's catalog (GET /api/texts), and the language picker.
// The choice is kept in this browser (localStorage); without one, the server follows the
// browser's Accept-Language.
"use strict";

const LANG_KEY = "hajime-sandbox-lang";
let TEXTS = {};

function chosenLang() {
  try { return localStorage.getItem(LANG_KEY) || ""; } catch (err) { return ""; }
}

// ``url`` with the chosen language (the server answers every text in it).
function withLang(url) {
  const lang = chosenLang();
  if (!lang) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

// A text of the catalog with its {placeholders} filled in.
function T(key, vars) {
  let text = TEXTS[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) text = text.replaceAll(`{${k}}`, v);
  return text;
}

async function loadTexts() {
  const data = await (await fetch(withLang("/api/texts"))).json();
  TEXTS = data.texts;
  document.documentElement.lang = data.lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = T(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-alt]")) node.alt = T(node.dataset.tAlt);
  const picker = document.getElementById("lang");
  if (picker) {
    picker.replaceChildren(...data.languages.map((l) => new Option(l.name, l.code)));
    picker.value = data.lang;
    picker.setAttribute("aria-label", T("language"));
    picker.onchange = () => {
      try { localStorage.setItem(LANG_KEY, picker.value); } catch (err) { /* private mode */ }
      location.reload();
    };
  }
}
