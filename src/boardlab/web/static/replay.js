// A game move by move, as a spectator saw it: step through with the buttons or the arrow keys.
import { api, el, gameIdFromPath, sideName } from "/static/common.js";
import { endDetails } from "/static/result.js";
import { setUpAnalysis, stepChanged } from "/static/analysis.js";

const gameId = gameIdFromPath();
const $ = (id) => document.getElementById(id);
let step = 0;
let steps = 0;
let loading = 0;

function say(text) {
  $("message").textContent = text || "";
  $("message").className = text ? "error" : "";
}

function draw(data) {
  step = data.step;
  steps = data.steps;
  const view = data.view;
  $("step").textContent = `step ${step} of ${steps}`;
  $("slider").max = String(steps);
  $("slider").value = String(step);
  $("board").innerHTML = data.board;
  $("first").disabled = $("prev").disabled = step <= 0;
  $("next").disabled = $("last").disabled = step >= steps;
  $("title").textContent = `${view.game} · replay`;
  $("guide-link").href = `/guide/${encodeURIComponent(view.game)}`;
  $("status").textContent = view.over ? "The game is over."
    : `${sideName(view.to_move)} is to move.`;
  $("log").replaceChildren(...data.log.map((entry) =>
    el("li", { "data-n": entry.n, class: entry.seat === null ? "event" : `seat-${entry.seat}`, text: entry.text })));
  $("log").scrollTop = $("log").scrollHeight;
  const rows = view.sides.map((side, index) => el("tr", { class: `seat-${index}` },
    el("td", {}, el("span", { class: "seat-dot" }), side),
    el("td", { text: view.scores[index] === null || view.scores[index] === undefined ? "?" : String(view.scores[index]) })));
  $("scores").replaceChildren(el("table", {}, el("tbody", {}, ...rows)));
  $("result").hidden = !view.over;
  if (view.over) {
    $("result").textContent = `Game over: ${view.winners.join(" and ") || "nobody"} won.`;
    if (data.result) $("result").append(endDetails(data.result));
  }
  stepChanged(step);
}

async function go(target) {
  const wanted = Math.max(0, Math.min(target, steps));
  const ticket = ++loading;
  try {
    const data = await api(`/api/games/${encodeURIComponent(gameId)}/replay?step=${wanted}`);
    if (ticket !== loading) return;
    say("");
    draw(data);
    history.replaceState(null, "", `?step=${data.step}`);
  } catch (error) {
    say(error.message);
  }
}

async function start() {
  $("watch-link").href = `/watch/${encodeURIComponent(gameId)}`;
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(steps));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT") return;
    if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(steps);
  });
  try {
    const summary = await api(`/api/games/${encodeURIComponent(gameId)}`);
    steps = summary.moves;
    if (summary.status === "over") {
      $("download").hidden = false;
      $("download").href = `/api/games/${encodeURIComponent(gameId)}/save`;
      setUpAnalysis(gameId, go);
    }
  } catch (error) {
    say(error.message);
    return;
  }
  const asked = new URLSearchParams(location.search).get("step");
  await go(asked === null ? steps : Number(asked));
}

start();
