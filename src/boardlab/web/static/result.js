// The end of a game: why it ended, in words, and every side's points by source (a table
// carrying data-score-breakdown), for the seat, spectator and replay pages.
import { api, el } from "/static/common.js";

function points(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
}

// The reason and the table of points by source (one column per side, one row per source).
export function endDetails(result) {
  const sources = [];
  for (const row of result.breakdown) {
    for (const name of Object.keys(row.sources)) if (!sources.includes(name)) sources.push(name);
  }
  const head = el("tr", {}, el("th", { text: "Points from" }), ...result.breakdown.map((row, index) =>
    el("th", { class: `seat-${index}` }, el("span", { class: "seat-dot" }),
      `${row.side}${result.winners.includes(row.side) ? " ★" : ""}`)));
  const body = sources.map((name) => el("tr", {}, el("th", { scope: "row", text: name }),
    ...result.breakdown.map((row) => el("td", { text: name in row.sources ? points(row.sources[name]) : "" }))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row", text: "Total" }),
    ...result.breakdown.map((row) => el("td", { text: points(row.total) })));
  const hints = Array.isArray(result.hints)
    ? el("p", { class: "hints-used", "data-hints-used": result.hints.join(",") },
      `Hints used: ${result.hints.map((count, seat) => `P${seat + 1} ${count}`).join(", ")}.`)
    : null;
  return el("div", { class: "end-details" },
    el("p", { class: "end-reason", text: result.end_reason }),
    el("table", { class: "breakdown", "data-score-breakdown": "" },
      el("thead", {}, head), el("tbody", {}, ...body, total)), hints);
}

let fetched = null;
let asking = false;

// Append the end details of game `gameId` to `container`, fetched once per page.
export function appendEnd(container, gameId) {
  if (fetched) {
    container.append(endDetails(fetched));
    return;
  }
  if (asking) return;
  asking = true;
  api(`/api/games/${encodeURIComponent(gameId)}/result`).then((result) => {
    fetched = result;
    if (!container.querySelector(".end-details")) container.append(endDetails(result));
  }).catch(() => {
    asking = false;
  });
}
