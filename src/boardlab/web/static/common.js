// Helpers shared by the pages: the JSON API, seat names and colours, links kept by this browser.

export async function api(path, options = {}) {
  const init = { ...options };
  if (init.json !== undefined) {
    init.method = init.method || "POST";
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(init.json);
    delete init.json;
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch (_ignored) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return data;
}

export function sideName(seat) {
  return seat === null || seat === undefined ? "" : `P${seat + 1}`;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

const LINKS_KEY = "boardlab:links:";

export function keepLinks(gameId, seats) {
  const kept = knownLinks(gameId);
  for (const seat of seats) {
    if (seat.url) kept[seat.seat] = seat.url;
  }
  try {
    localStorage.setItem(LINKS_KEY + gameId, JSON.stringify(kept));
  } catch (_ignored) {
    // private browsing without storage: the links are simply not remembered
  }
}

export function knownLinks(gameId) {
  try {
    return JSON.parse(localStorage.getItem(LINKS_KEY + gameId) || "{}") || {};
  } catch (_ignored) {
    return {};
  }
}

export function gameIdFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[1] || "");
}

// A button that copies `text` to the clipboard and says so.
export function copyButton(text, label = "Copy link") {
  const button = el("button", { type: "button", class: "copy", title: "Copy this link to send it", text: label });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch (_ignored) {
      window.prompt("Copy this link:", text);
    }
    setTimeout(() => { button.textContent = label; }, 1500);
  });
  return button;
}
