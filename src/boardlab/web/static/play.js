// A seat's page (with ?token=) or a spectator's (/watch/ID): the live board, decision and log.
import { api, copyButton, el, gameIdFromPath, knownLinks, sideName } from "/static/common.js";
import { appendEnd } from "/static/result.js";

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
let hinted = null; // {decision, hints} of the last hint asked for

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
  drawHints();
}

function drawHints() {
  const decision = view && view.decision;
  $("hint-box").hidden = !(summary && summary.hints && decision && !spectator);
  const shown = hinted && decision && hinted.decision === decision.id ? hinted.hints : [];
  $("hints").replaceChildren(...shown.map((hint, rank) => el("li", { "data-hint": hint.option },
    el("b", { class: "hint-rank", text: `★${rank + 1}` }),
    el("span", { class: "hint-label", text: hint.label || hint.option }),
    el("span", { class: "hint-chance", text: `${Math.round(100 * hint.chance)}% to win` }))));
  shown.forEach((hint, rank) => {
    const button = $("options").querySelector(`[data-action="${CSS.escape(hint.option)}"]`);
    if (button) button.setAttribute("data-hint-rank", String(rank + 1));
  });
  $("hint").disabled = shown.length > 0;
}

async function askHint() {
  if (!view || !view.decision) return;
  const decision = view.decision.id;
  $("hint").disabled = true;
  $("hint").textContent = "Thinking…";
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/hint`, { json: { token, decision } });
    hinted = { decision: answer.decision, hints: answer.hints };
    say(`Hints used in this game: ${answer.used}.`, "info");
  } catch (error) {
    say(error.message);
  } finally {
    $("hint").textContent = "Hint";
    drawHints();
  }
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
    appendEnd(result, gameId);
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
  $("seat-links").replaceChildren(...links.map(([seat, url]) => el("div", { class: "seat-link-line" },
    el("a", { href: url, class: `seat-${seat}`, "data-seat": seat, text: `${sideName(Number(seat))}: ${location.origin}${url}` }),
    copyButton(`${location.origin}${url}`))));
}

function show(message) {
  if (message.version !== undefined) {
    if (message.version < shownVersion && message.restart !== true) return;
    shownVersion = message.version;
  }
  view = message.view;
  if (message.board !== undefined) {
    $("board").innerHTML = message.board;
    sizeBoard();
  }
  drawStatus();
  drawDecision();
  drawScores();
  if (message.log) drawLog(message.log, message.log_length);
  drawLinks();
}

// Reading size: the board is drawn at least wide enough that all but SMALL_SHARE of its text
// renders at READABLE_PX or more; on a narrower screen it scrolls sideways inside its frame,
// unless the person chose to fit it to the page.
const READABLE_PX = 10.2;
const SMALL_SHARE = 0.04;
const FIT_KEY = "boardlab:fit-board";

function readableWidth(svg) {
  const box = svg.viewBox && svg.viewBox.baseVal;
  if (!box || !box.width) return 0;
  const sizes = [...svg.querySelectorAll("text")]
    .filter((text) => text.textContent.trim())
    .map((text) => parseFloat(getComputedStyle(text).fontSize))
    .filter((size) => size > 0)
    .sort((a, b) => a - b);
  if (!sizes.length) return 0;
  const small = sizes[Math.floor(sizes.length * SMALL_SHARE)];
  return Math.ceil((box.width * READABLE_PX) / small);
}

function fitChosen() {
  try {
    return localStorage.getItem(FIT_KEY) === "1";
  } catch (_ignored) {
    return false;
  }
}

function sizeBoard() {
  const svg = $("board").querySelector("svg");
  const button = $("board-size");
  if (!svg) return;
  const frame = getComputedStyle($("board"));
  const room = $("board").clientWidth - parseFloat(frame.paddingLeft) - parseFloat(frame.paddingRight);
  const readable = readableWidth(svg);
  const fit = fitChosen();
  svg.style.width = !fit && readable > room ? `${readable}px` : "";
  button.hidden = readable <= room;
  button.textContent = fit ? "Show the board at reading size" : "Fit the whole board on the page";
  button.title = fit
    ? "Draw the board large enough to read; it scrolls sideways in its frame"
    : "Shrink the board to the page's width (its smallest text gets hard to read)";
}

function toggleFit() {
  try {
    localStorage.setItem(FIT_KEY, fitChosen() ? "0" : "1");
  } catch (_ignored) {
    return;
  }
  sizeBoard();
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
  $("hint").addEventListener("click", askHint);
  $("board-size").addEventListener("click", toggleFit);
  window.addEventListener("resize", sizeBoard);
  if (spectator) $("undo").hidden = true;
  connect();
}

start();
