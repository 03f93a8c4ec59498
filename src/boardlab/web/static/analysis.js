// The analysis of a finished game on its replay page: a button starts it on the server, the
// page follows its progress, then draws each seat's chance to win over the game (SVG) and the
// judged moves with their marks; clicking one shows its position, the move played and the
// move the analysis preferred.
import { api, el, sideName } from "/static/common.js";

const SECONDS = 0; // the server's default setting: the calibrated evaluation alone
const POLL_MS = 800;
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 38;
const TOP = 8;
const BOTTOM = 18;
const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const $ = (id) => document.getElementById(id);

let gameId = "";
let goTo = () => {};
let report = null;
let shownStep = 0;

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

function percent(chance) {
  return `${Math.round(100 * chance)}%`;
}

function status(text, kind = "") {
  $("analysis-status").textContent = text;
  $("analysis-status").className = kind;
}

async function ask(method) {
  const path = `/api/games/${encodeURIComponent(gameId)}/analysis`;
  try {
    const job = method === "POST" ? await api(path, { json: { seconds: SECONDS } })
      : await api(`${path}?seconds=${SECONDS}`);
    showJob(job);
  } catch (error) {
    $("analyse").disabled = false;
    if (error.status === 404 && method === "GET") {
      $("analyse").hidden = false;
      status("Not analysed yet: the analysis judges every decision from what its player knew then.", "muted");
    } else {
      $("analyse").hidden = false;
      status(error.message, "error");
    }
  }
}

function showJob(job) {
  const progress = $("analysis-progress");
  if (job.status === "running") {
    $("analyse").hidden = true;
    progress.hidden = false;
    progress.value = job.percent;
    const counted = job.total ? ` (${job.done} of ${job.total} decisions)` : "";
    status(`Analysing… ${job.percent}%${counted}`);
    $("analysis-box").setAttribute("data-progress", String(job.percent));
    setTimeout(() => ask("GET"), POLL_MS);
    return;
  }
  progress.hidden = true;
  if (job.status === "failed") {
    $("analyse").hidden = false;
    $("analyse").disabled = false;
    $("analyse").textContent = "Analyse again";
    status(job.error || "The analysis failed.", "error");
    return;
  }
  $("analyse").hidden = true;
  report = job.analysis;
  status("");
  drawSummary();
  drawGraph();
  drawReview();
  stepChanged(shownStep);
}

function x(step) {
  return LEFT + ((WIDTH - LEFT - 6) * step) / Math.max(1, report.steps);
}

function y(chance) {
  return TOP + (HEIGHT - TOP - BOTTOM) * (1 - chance);
}

function drawGraph() {
  const grid = [1, 0.5, 0].map((level) => svg("g", { class: "grid" },
    svg("line", { x1: LEFT, x2: WIDTH - 6, y1: y(level), y2: y(level) }),
    svg("text", { x: LEFT - 4, y: y(level) + 4, "text-anchor": "end" }, percent(level))));
  const lines = report.seats.map((seat) => {
    const points = [];
    for (const move of report.moves) {
      if (move.seat !== seat || move.step === undefined) continue;
      points.push(`${x(move.step)},${y(move.win_before)}`, `${x(move.step + 1)},${y(move.win_after)}`);
    }
    points.push(`${x(report.steps)},${y(report.final[seat])}`);
    return svg("polyline", { class: `seat-${seat}`, points: points.join(" ") },
      svg("title", {}, `${sideName(seat)}: chance to win`));
  });
  const marks = report.moves.filter((move) => move.mark && move.step !== undefined).map((move) => {
    const dot = svg("circle", { class: `mark mark-${move.mark} seat-${move.seat}`, cx: x(move.step + 1),
      cy: y(move.win_after), r: 5, "data-step": move.step, tabindex: 0 },
      svg("title", {}, `${move.step + 1}. ${sideName(move.seat)} ${move.played_label}: ${move.mark}, −${Math.round(100 * move.loss)}`));
    dot.addEventListener("click", () => select(move));
    return dot;
  });
  const cursor = svg("line", { id: "graph-cursor", x1: 0, x2: 0, y1: TOP, y2: HEIGHT - BOTTOM });
  const axis = svg("text", { x: WIDTH - 6, y: HEIGHT - 4, "text-anchor": "end", class: "axis" },
    `step ${report.steps}`);
  const drawing = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-label": "Each player's chance to win over the game" }, ...grid, cursor, ...lines, ...marks, axis);
  drawing.addEventListener("click", (event) => {
    if (event.target.closest("circle")) return;
    const box = drawing.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    goTo(Math.round(((at - LEFT) / (WIDTH - LEFT - 6)) * report.steps));
  });
  const legend = el("p", { class: "legend" }, ...report.seats.map((seat) =>
    el("span", { class: `seat-${seat}` }, el("span", { class: "seat-dot" }), `${sideName(seat)} `)));
  $("graph").replaceChildren(drawing, legend);
  $("analysis-graph").hidden = false;
}

function count(number, one, many) {
  return `${number} ${number === 1 ? one : many}`;
}

function drawSummary() {
  $("analysis-summary").replaceChildren(...report.summary.map((row) => el("li", { class: `seat-${row.seat}` },
    el("span", { class: "seat-dot" }),
    `${sideName(row.seat)}: ${count(row.moves, "decision", "decisions")}, `
    + `${(100 * row.mean_loss).toFixed(1)} points of winning chance lost a move; `
    + `${count(row.inaccuracies, "inaccuracy", "inaccuracies")}, ${count(row.mistakes, "mistake", "mistakes")}, `
    + `${count(row.blunders, "blunder", "blunders")}`)));
}

function drawReview() {
  const items = report.moves.filter((move) => move.step !== undefined).map((move) => {
    const loss = Math.round(100 * move.loss);
    const item = el("li", { class: `seat-${move.seat}${move.mark ? ` marked mark-${move.mark}` : ""}`,
      "data-step": move.step, "data-mark": move.mark || null, tabindex: 0,
      title: move.best === move.played ? "The option the analysis prefers"
        : `The analysis preferred ${move.best_label} (${percent(move.best_win)})` },
    el("span", { class: "number", text: `${move.step + 1}.` }),
    el("span", { class: "played", text: `${sideName(move.seat)} ${move.played_label}` }),
    move.mark ? el("span", { class: "symbol", text: SYMBOLS[move.mark] }) : null,
    loss >= 1 ? el("span", { class: "loss", text: `−${loss}` }) : null);
    item.addEventListener("click", () => select(move));
    item.addEventListener("keydown", (event) => { if (event.key === "Enter") select(move); });
    return item;
  });
  $("review").replaceChildren(...items);
  $("review-box").hidden = false;
}

function select(move) {
  goTo(move.step);
  const same = move.best === move.played;
  const lines = [
    el("p", { class: "note-head", text: `Move ${move.step + 1}, ${sideName(move.seat)} to choose (chance to win ${percent(move.win_before)})` }),
    el("p", { class: "note-played" }, el("b", { text: "Played: " }), `${move.played_label} → ${percent(move.win_after)}`),
  ];
  if (same) {
    lines.push(el("p", { class: "note-best", text: "The analysis prefers this move too." }));
  } else {
    lines.push(el("p", { class: "note-best" }, el("b", { text: "Preferred: " }), `${move.best_label} → ${percent(move.best_win)}`));
  }
  if (move.mark) {
    lines.push(el("p", { class: `note-mark mark-${move.mark}`,
      text: `${move.mark[0].toUpperCase()}${move.mark.slice(1)}: ${Math.round(100 * move.loss)} points of winning chance given up.` }));
  }
  $("move-note").replaceChildren(...lines);
  $("move-note").hidden = false;
  $("move-note").setAttribute("data-step", String(move.step));
}

// The replay moved to `step`: the graph's cursor and the review list follow.
export function stepChanged(step) {
  shownStep = step;
  if (!report) return;
  const cursor = document.getElementById("graph-cursor");
  if (cursor) {
    cursor.setAttribute("x1", String(x(step)));
    cursor.setAttribute("x2", String(x(step)));
  }
  for (const item of $("review").children) {
    item.classList.toggle("current", Number(item.dataset.step) === step);
  }
  const note = $("move-note");
  if (!note.hidden && Number(note.dataset.step) !== step) note.hidden = true;
}

// Offer the analysis of game `id`, whose replay page steps with `go(step)`.
export function setUpAnalysis(id, go) {
  gameId = id;
  goTo = go;
  $("analysis-box").hidden = false;
  $("analyse").addEventListener("click", () => {
    $("analyse").disabled = true;
    status("Starting the analysis…");
    ask("POST");
  });
  ask("GET");
}
