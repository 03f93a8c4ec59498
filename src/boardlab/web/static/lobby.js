// The lobby: create a game (seats are people or bots), join or watch one, upload a save.
import { api, copyButton, el, keepLinks, knownLinks } from "/static/common.js";

const AGENT_HELP = {
  human: "A person you invite: this seat gets its own secret link, and only that link can take it",
  open: "An open seat: anyone visiting the lobby may take it with the game's join link",
  random: "A bot that picks any legal option at random (instant)",
  greedy: "A bot that picks the option that looks best right now (fast)",
  "mcts:seconds=0.5": "A search bot (Monte Carlo tree search) thinking half a second per decision",
  "mcts:seconds=2": "A stronger search bot thinking two seconds per decision",
};

let catalog = { games: [], agents: [] };
const form = document.getElementById("new-game");
const message = document.getElementById("message");

function spec() {
  return catalog.games.find((g) => g.name === form.elements.game.value);
}

function say(text, kind = "error") {
  message.textContent = text;
  message.className = kind;
}

const SEAT_LABELS = { human: "a person with a link", open: "an open seat (anyone may join)" };
const RAW_SPECS = ["random", "greedy", "mcts:seconds=0.5", "mcts:seconds=2"];

// A seat's choices in groups: people, the game's named bot levels (with their measured
// strength), then any other agent spec under "advanced".
function seatGroups() {
  const levels = (spec() && spec().bot_levels) || [];
  const named = levels.map((level) => ({
    value: level.spec,
    text: `${level.name} bot (${levelStrength(level)})`,
    title: `${level.about} Strength: ${level.strength}${stepText(level)}. Agent spec: ${level.spec}.`,
  }));
  const taken = new Set(named.map((choice) => choice.value));
  const raw = [];
  for (const agent of [...RAW_SPECS, ...catalog.agents]) {
    if (taken.has(agent)) continue;
    taken.add(agent);
    raw.push({ value: agent, text: `bot: ${agent}`, title: AGENT_HELP[agent] || `The agent ${agent}` });
  }
  const people = ["human", "open"].map((value) => ({ value, text: SEAT_LABELS[value], title: AGENT_HELP[value] }));
  return [["People", people], ["Bots by level", named], ["Advanced: agent specs", raw]];
}

// "beats casual 78%": the share of games the level won against the one below it in the
// shipped ladder (short enough for the seat's select at 1280 px); the lowest level shows
// its rating. Both, with the games behind them, are in the option's title.
function levelStrength(level) {
  if (!level.measured) return "unrated";
  const below = level.against_below;
  if (!below) return `rating ${level.ordinal.toFixed(1)}`;
  return `beats ${below.level} ${Math.round(below.win_rate * 100)}%`;
}

function stepText(level) {
  const below = level.against_below;
  if (!below) return "";
  const [low, high] = below.interval.map((x) => Math.round(x * 100));
  return `; won ${Math.round(below.win_rate * 100)}% (${low}-${high}%) of ${below.games} games against ${below.level}`;
}

function drawSeats() {
  const box = document.getElementById("seats");
  const count = Number(form.elements.players.value) || 0;
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("legend", { text: "Seats" }));
  const groups = seatGroups();
  for (let k = 0; k < count; k++) {
    const select = el("select", { name: `seat-${k}`, title: "A person or a bot for this seat" });
    for (const [label, choices] of groups) {
      if (!choices.length) continue;
      const group = el("optgroup", { label });
      for (const choice of choices) group.append(el("option", choice));
      select.append(group);
    }
    select.value = kept[k] || (k === 0 ? "human" : "greedy");
    if (!select.value) select.value = k === 0 ? "human" : "greedy";
    box.append(el("label", { class: `seat-${k}` }, el("span", { text: `P${k + 1} (seat ${k})` }), select));
  }
}

function drawOptions() {
  const box = document.getElementById("options");
  box.replaceChildren(el("legend", { text: "Options" }));
  const game = spec();
  const count = game ? game.options.length : 0;
  document.getElementById("options-count").textContent =
    count ? `(${count}; the published rules unless changed)` : "(none)";
  if (!game || !game.options.length) {
    box.append(el("p", { class: "muted", text: "This game has no options." }));
    return;
  }
  for (const option of game.options) {
    let input;
    const name = `option-${option.name}`;
    if (Array.isArray(option.default)) {
      const help = option.choices ? `${option.help} (comma-separated: ${option.choices.join(", ")})` : option.help;
      input = el("input", { name, type: "text", value: option.default.join(", "), title: help,
        placeholder: option.choices ? option.choices.slice(0, 3).join(", ") + ", …" : "" });
    } else if (option.choices && option.choices.length) {
      input = el("select", { name, title: option.help });
      for (const choice of option.choices) {
        input.append(el("option", { value: JSON.stringify(choice), text: String(choice) }));
      }
      input.value = JSON.stringify(option.default);
    } else if (typeof option.default === "boolean") {
      input = el("input", { name, type: "checkbox", title: option.help });
      input.checked = option.default;
    } else if (typeof option.default === "number") {
      input = el("input", { name, type: "number", step: "any", value: option.default, title: option.help });
    } else {
      const shown = typeof option.default === "string" ? option.default : JSON.stringify(option.default);
      input = el("input", { name, type: "text", value: shown, title: option.help });
    }
    box.append(el("label", { class: "option", title: option.help },
      el("span", { text: option.name.replaceAll("_", " ") }), input,
      el("small", { class: "help", text: option.help })));
  }
}

function drawGame() {
  const game = spec();
  if (!game) return;
  document.getElementById("game-summary").textContent =
    `${game.title}: ${game.min_players === game.max_players ? game.min_players : `${game.min_players} to ${game.max_players}`} players. ${game.summary || ""}`;
  const players = form.elements.players;
  players.min = game.min_players;
  players.max = game.max_players;
  const now = Number(players.value);
  if (!(now >= game.min_players && now <= game.max_players)) players.value = game.min_players;
  drawSeats();
  drawOptions();
}

function optionValues() {
  const values = {};
  const game = spec();
  for (const option of game ? game.options : []) {
    const input = form.elements[`option-${option.name}`];
    if (!input) continue;
    let value;
    if (Array.isArray(option.default)) {
      value = input.value.split(",").map((part) => part.trim()).filter(Boolean);
    } else if (input.type === "checkbox") value = input.checked;
    else if (input.tagName === "SELECT") value = JSON.parse(input.value);
    else if (input.type === "number") value = input.value === "" ? option.default : Number(input.value);
    else if (typeof option.default === "string") value = input.value;
    else {
      try { value = JSON.parse(input.value); } catch (_ignored) { value = input.value; }
    }
    if (JSON.stringify(value) !== JSON.stringify(option.default)) values[option.name] = value;
  }
  return values;
}

async function create(event) {
  event.preventDefault();
  const button = document.getElementById("create");
  const players = Number(form.elements.players.value);
  const seats = [];
  for (let k = 0; k < players; k++) {
    const value = form.elements[`seat-${k}`].value;
    seats.push(value === "human" || value === "open" ? { kind: value } : { kind: "bot", agent: value });
  }
  const body = { game: form.elements.game.value, players, seats, options: optionValues() };
  if (form.elements.hints.checked) body.hints = true;
  if (form.elements.seed.value.trim() !== "") body.seed = Number(form.elements.seed.value);
  button.disabled = true;
  say("Creating the game…", "info");
  try {
    const made = await api("/api/games", { json: body });
    keepLinks(made.id, made.seats);
    const first = made.seats.find((s) => s.url);
    location.href = first ? first.url : made.watch_url;
  } catch (error) {
    say(error.message);
    button.disabled = false;
  }
}

async function join(gameId) {
  try {
    const joined = await api(`/api/games/${encodeURIComponent(gameId)}/join`, { json: {} });
    keepLinks(gameId, [joined]);
    location.href = joined.url;
  } catch (error) {
    say(error.message);
    listGames();
  }
}

function age(createdAt) {
  const seconds = Math.max(0, Date.now() / 1000 - createdAt);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86400)} days ago`;
}

function seatText(seat) {
  const who = `P${seat.seat + 1}`;
  if (seat.kind === "bot") return `${who} bot ${seat.agent}`;
  if (seat.kind === "open") return `${who} ${seat.taken ? "person (joined)" : "open seat"}`;
  return `${who} person (${seat.taken ? "playing" : "invited"})`;
}

const STATUS_WORDS = { open: "open seat", playing: "playing", over: "over" };

function drawMyGames(games) {
  const box = document.getElementById("my-games");
  const rows = [];
  for (const game of games) {
    const links = Object.entries(knownLinks(game.id));
    if (!links.length || game.status === "over") continue;
    const list = el("ul", { class: "seat-link-list" });
    for (const [seat, url] of links) {
      const full = `${location.origin}${url}`;
      list.append(el("li", { class: `seat-${seat}` },
        el("span", { class: "seat-dot" }), el("b", { text: `P${Number(seat) + 1} ` }),
        el("a", { href: url, class: "seat-link", "data-seat": seat, text: full }), copyButton(full)));
    }
    rows.push(el("div", { class: "my-game", "data-game": game.id },
      el("div", { text: `${game.game} · game ${game.id} · ${age(game.created_at)}` }), list));
    if (rows.length >= 3) break;
  }
  box.replaceChildren(...rows);
  document.getElementById("my-games-box").hidden = rows.length === 0;
}

async function listGames() {
  const body = document.getElementById("open-games");
  let games = [];
  try {
    games = await api("/api/games?limit=100");
  } catch (error) {
    say(error.message);
    return;
  }
  body.replaceChildren();
  document.getElementById("no-games").hidden = games.length > 0;
  drawMyGames(games);
  for (const game of games) {
    const actions = el("td", { class: "actions" });
    const mine = Object.entries(knownLinks(game.id));
    if (mine.length) {
      const [seat, url] = mine[0];
      actions.append(el("a", { class: "resume", href: url, text: `your seat (P${Number(seat) + 1})` }));
    }
    if (game.free_seats > 0 && game.status !== "over") {
      const link = el("a", { class: "join", href: "#", text: `join (${game.free_seats} open)` });
      link.addEventListener("click", (event) => { event.preventDefault(); join(game.id); });
      actions.append(link);
    }
    actions.append(el("a", { class: "watch", href: `/watch/${encodeURIComponent(game.id)}`, text: "watch" }));
    actions.append(el("a", { class: "replay", href: `/replay/${encodeURIComponent(game.id)}`, text: "replay" }));
    const seats = el("td", { class: "seats" }, ...(game.seats || []).map((seat) =>
      el("span", { class: `seat seat-${seat.seat} kind-${seat.kind}`, text: seatText(seat) })));
    const moves = game.moves ? ` · ${game.moves} moves` : "";
    body.append(el("tr", { "data-game": game.id },
      el("td", { class: "game-id" }, el("code", { text: game.id })),
      el("td", { class: "game-name", text: game.game }),
      el("td", { class: "age", title: new Date(game.created_at * 1000).toLocaleString(), text: age(game.created_at) }),
      seats,
      el("td", { class: `status status-${game.status}`, text: `${STATUS_WORDS[game.status] || game.status}${moves}` }),
      actions));
  }
}

async function upload(event) {
  event.preventDefault();
  const file = document.querySelector("#upload input[type=file]").files[0];
  if (!file) { say("Choose a save file first."); return; }
  try {
    const made = await api("/api/replays", { method: "POST", body: await file.text(),
      headers: { "Content-Type": "application/json" } });
    location.href = made.replay_url || `/replay/${made.id}`;
  } catch (error) {
    say(error.message);
  }
}

async function start() {
  catalog = await api("/api/catalog");
  const select = form.elements.game;
  for (const game of catalog.games) select.append(el("option", { value: game.name, title: game.summary || game.title, text: game.title }));
  select.addEventListener("change", drawGame);
  form.elements.players.addEventListener("input", drawSeats);
  form.addEventListener("submit", create);
  const uploadForm = document.getElementById("upload");
  uploadForm.addEventListener("submit", upload);
  uploadForm.querySelector("input[type=file]").addEventListener("change", upload);
  drawGame();
  listGames();
  setInterval(listGames, 5000);
}

start().catch((error) => say(error.message));
