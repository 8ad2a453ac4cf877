// "Try it live" on the docs site (docs/live.md): each `.cw-live` placeholder follows the still
// picture of a widget. Its button loads, on demand, the classroom site's console (JupyterLite's
// REPL, copied into this site as lite/) in a frame that runs the widget. Every frame starts its own
// Python in the browser (about 120 MB), hence only on a click. From file:// no kernel can start,
// so the still picture stays and says so.
(function () {
  "use strict";

  const STILL = "Above: a still picture of the widget; its cards do not respond. ";
  const LIVE = "Above: the live widget, running in your browser's own Python. ";

  function liveUrl(box) {
    const root = document.documentElement.dataset.content_root || "";
    const url = new URL(root + "lite/repl/index.html", window.location.href);
    const widget = box.dataset.widget;
    const params = url.searchParams;
    params.set("kernel", "python");
    params.set("toolbar", "1");
    params.set("showBanner", "0");
    params.set("hideCodeInput", "1"); // the page says which three lines run
    params.append("code", "%pip install cardwidgets");
    params.append("code", "from cardwidgets.widgets import " + widget);
    params.append("code", widget + "(seed=" + box.dataset.seed + ', opponent="greedy")');
    if (dark()) {
      params.set("theme", "JupyterLab Dark");
    }
    return url.href;
  }

  function dark() {
    const theme = document.body.dataset.theme; // furo: "light", "dark" or "auto"
    if (theme === "dark" || theme === "light") {
      return theme === "dark";
    }
    return window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function still(box) {
    const before = box.previousElementSibling;
    return before && before.querySelector(".cw-root") ? before : null;
  }

  function setUp(box) {
    const caption = document.createElement("p");
    caption.className = "cw-live-caption";
    const label = document.createElement("span");
    label.className = "cw-live-label";
    label.textContent = STILL;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cw-live-button";
    button.textContent = "Try it live";
    const note = document.createElement("span");
    note.className = "cw-live-note";
    note.setAttribute("role", "status");
    caption.append(label, button, " ", note);
    box.append(caption);
    if (window.location.protocol === "file:") {
      button.disabled = true;
      note.textContent =
        "Live widgets need the site served over HTTP (python3 -m http.server -d build/docs); " +
        "opened as a file, the page keeps this still picture.";
      return;
    }
    button.addEventListener("click", () => toggle(box, button, note));
  }

  async function toggle(box, button, note) {
    const frame = box.querySelector("iframe");
    const picture = still(box);
    if (frame) {
      frame.remove(); // ends the frame's Python and frees its memory
      if (picture) picture.hidden = false;
      box.querySelector(".cw-live-label").textContent = STILL;
      button.textContent = "Try it live";
      note.textContent = "";
      return;
    }
    const src = liveUrl(box);
    button.disabled = true;
    try {
      const found = await fetch(src, { method: "HEAD", cache: "no-store" });
      if (!found.ok) throw new Error(String(found.status));
    } catch (error) {
      note.textContent =
        "The classroom site is not part of this build: build it with scripts/lite.sh.";
      button.disabled = false;
      return;
    }
    const live = document.createElement("iframe");
    live.className = "cw-live-frame";
    live.title = "Live " + box.dataset.widget;
    live.src = src;
    box.prepend(live);
    if (picture) picture.hidden = true;
    box.querySelector(".cw-live-label").textContent = LIVE;
    button.textContent = "Close";
    button.disabled = false;
    note.textContent = "Starting Python in your browser: 30 to 60 seconds.";
    live.addEventListener("load", () => {
      note.textContent = "";
    });
  }

  function start() {
    document.querySelectorAll(".cw-live").forEach(setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
