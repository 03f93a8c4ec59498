// A seat's page (with ?token=) or a spectator's (/watch/ID): the live board, decision and log.
import { api, el, gameIdFromPath, knownLinks, sideName } from "/static/common.js";

const gameId = gameIdFromPath();
const token = new URLSearchParams(location.search).get("token");
const spectator = location.pathname.startsWith("/watch/") || !token;
const $ = (id) => document.getElementById(id);

let view = null;
let summary = null;
let busy = false;
let socket = null;
let retry = 500;
let explained = new Map();
let shownVersion = -1;

function say(text, kind = "error") {
  $("message").textContent = text || "";
  $("message").className = text ? kind : "";
}

function query(extra = {}) {
  const params = new URLSearchParams(extra);
  if (!spectator) params.set("token", token);
  const text = params.toString();
  return text ? `?${text}` : "";
}

function seatLabel(seat) {
  if (seat === null || seat === undefined) return "the game";
  const info = summary && summary.seats[seat];
  const who = info ? (info.kind === "bot" ? `bot ${info.agent}` : "a person") : "";
  return `${sideName(seat)}${who ? ` (${who})` : ""}`;
}

function drawStatus() {
  const status = $("status");
  status.className = "";
  if (view.over) {
    status.textContent = "The game is over.";
    status.classList.add("over");
  } else if (view.decision) {
    status.textContent = `Your turn, ${sideName(view.seat)}: choose below or on the board.`;
    status.classList.add("your-turn", `seat-${view.seat}`);
  } else {
    const who = view.to_move === view.seat && !spectator ? "you" : seatLabel(view.to_move);
    status.textContent = `Waiting for ${who} to move.`;
    status.classList.add(`seat-${view.to_move}`);
  }
  const you = spectator ? "watching" : `you are ${sideName(view.seat)}`;
  $("title").textContent = `${view.game} · ${you}`;
  document.title = `${view.decision ? "● " : ""}${view.game} · boardlab`;
}

function drawDecision() {
  const box = $("decision");
  const decision = view.decision;
  if (!decision || spectator) {
    box.hidden = true;
    box.removeAttribute("data-decision");
    $("options").replaceChildren();
    return;
  }
  box.hidden = false;
  box.setAttribute("data-decision", String(decision.id));
  $("prompt").textContent = decision.prompt;
  explained = new Map();
  const buttons = decision.options.map((option) => {
    const button = el("button", { type: "button", "data-action": option.id, text: option.label || option.id });
    button.addEventListener("mouseenter", () => explain(button, option.id));
    button.addEventListener("focus", () => explain(button, option.id));
    return button;
  });
  $("options").replaceChildren(...buttons);
  $("explain").textContent = "Hover over an option to see what it does.";
}

async function explain(button, actionId) {
  const decisionId = view && view.decision ? view.decision.id : null;
  let text = explained.get(actionId);
  if (text === undefined) {
    try {
      const answer = await api(`/api/games/${encodeURIComponent(gameId)}/explain${query({ action: actionId })}`);
      text = answer.text;
      explained.set(actionId, text);
    } catch (_ignored) {
      return;
    }
  }
  if (!view || !view.decision || view.decision.id !== decisionId) return;
  button.title = text;
  $("explain").textContent = text;
}

function drawScores() {
  const rows = view.sides.map((side, index) => {
    const score = view.scores[index];
    const mark = view.winners.includes(side) ? " ★" : "";
    return el("tr", { class: `seat-${index}` },
      el("td", {}, el("span", { class: "seat-dot" }), `${side}${index === view.seat ? " (you)" : ""}`),
      el("td", { text: score === null || score === undefined ? "?" : `${score}${mark}` }));
  });
  $("scores").replaceChildren(el("table", {}, el("tbody", {}, ...rows)));
  const result = $("result");
  if (view.over) {
    const winners = view.winners.length ? view.winners.join(" and ") : "nobody";
    const mine = view.seat !== null && view.winners.includes(view.sides[view.seat]);
    result.textContent = `Game over: ${view.winners.length > 1 ? "winners" : "winner"} ${winners}.${mine ? " You won!" : ""}`;
    result.hidden = false;
    $("download").hidden = false;
    $("download").href = `/api/games/${encodeURIComponent(gameId)}/save`;
  } else {
    result.hidden = true;
    $("download").hidden = true;
  }
  $("undo").hidden = spectator || view.over;
}

function drawLog(entries, length) {
  const list = $("log");
  for (const item of [...list.children]) {
    if (Number(item.dataset.n) >= length) item.remove();
  }
  for (const entry of entries) {
    const existing = list.querySelector(`li[data-n="${entry.n}"]`);
    const item = el("li", { "data-n": entry.n, class: entry.seat === null ? "event" : `seat-${entry.seat}`, text: entry.text });
    if (existing) existing.replaceWith(item); else list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

function drawLinks() {
  const kept = knownLinks(gameId);
  const mine = spectator ? null : view && view.seat;
  const links = Object.entries(kept).filter(([seat]) => Number(seat) !== mine);
  $("seat-links-box").hidden = links.length === 0;
  $("seat-links").replaceChildren(...links.map(([seat, url]) =>
    el("a", { href: url, class: `seat-${seat}`, "data-seat": seat, text: `${sideName(Number(seat))}: ${location.origin}${url}` })));
}

function show(message) {
  if (message.version !== undefined) {
    if (message.version < shownVersion && message.restart !== true) return;
    shownVersion = message.version;
  }
  view = message.view;
  if (message.board !== undefined) $("board").innerHTML = message.board;
  drawStatus();
  drawDecision();
  drawScores();
  if (message.log) drawLog(message.log, message.log_length);
  drawLinks();
}

async function play(actionId) {
  if (busy || spectator || !view || !view.decision) return;
  busy = true;
  for (const button of $("options").querySelectorAll("button")) button.disabled = true;
  try {
    await api(`/api/games/${encodeURIComponent(gameId)}/actions`,
      { json: { token, decision: view.decision.id, action: actionId } });
    say("");
    catchUp();
  } catch (error) {
    say(error.message);
    for (const button of $("options").querySelectorAll("button")) button.disabled = false;
  } finally {
    busy = false;
  }
}

async function undo() {
  try {
    await api(`/api/games/${encodeURIComponent(gameId)}/undo`, { json: { token } });
    say("Your last move was taken back.", "info");
    catchUp();
  } catch (error) {
    say(error.message);
  }
}

// The websocket brings the new view; if it is down, fetch the view and board by HTTP.
function catchUp() {
  const before = shownVersion;
  setTimeout(async () => {
    if (shownVersion !== before || (socket && socket.readyState === WebSocket.OPEN)) return;
    try {
      const [next, board] = await Promise.all([
        api(`/api/games/${encodeURIComponent(gameId)}/view${query()}`),
        fetch(`/api/games/${encodeURIComponent(gameId)}/board${query()}`).then((r) => r.text()),
      ]);
      if (shownVersion === before) show({ view: next, board });
    } catch (_ignored) {
      // the reconnecting websocket will bring it
    }
  }, 1500);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${query()}`);
  socket.addEventListener("open", () => {
    retry = 500;
    $("connection").textContent = "live";
    $("connection").className = "connection";
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") show(message);
    else if (message.type === "error") say(message.error);
  });
  socket.addEventListener("close", (event) => {
    $("connection").textContent = "reconnecting…";
    $("connection").className = "connection down";
    if (event.code === 4403 || event.code === 4404) {
      $("connection").textContent = "refused";
      $("status").textContent = event.reason || "This page cannot show that game.";
      return;
    }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

async function start() {
  $("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;
  try {
    summary = await api(`/api/games/${encodeURIComponent(gameId)}`);
    $("guide-link").href = `/guide/${encodeURIComponent(summary.game)}`;
  } catch (error) {
    say(error.message);
  }
  document.body.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target) return;
    event.preventDefault();
    play(target.getAttribute("data-action"));
  });
  $("undo").addEventListener("click", undo);
  if (spectator) $("undo").hidden = true;
  connect();
}

start();
