// The console's views over the JSON under data/ (relative to this page, so the same file works wherever a host mounts it).
// DOM built with text nodes only: names from ACC never become markup.
"use strict";

const view = () => document.getElementById("view");
const title = () => document.getElementById("title");
const statusLine = () => document.getElementById("status");

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  for (const child of children.flat(Infinity)) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

async function getJson(path) {
  const response = await fetch(path, { headers: { "Accept": "application/json", "X-Requested-With": "XMLHttpRequest" } });
  if (response.status === 401) throw new Error("Your sign-in has expired: reload the page to sign in again.");
  if (!response.ok) {
    let detail = response.statusText;
    try { detail = (await response.json()).detail || detail; } catch { /* not a problem document */ }
    throw new Error(detail);
  }
  return response.json();
}

const number = new Intl.NumberFormat("en-US");
function bytes(value) {
  if (value === null || value === undefined) return "";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let size = value, unit = 0;
  while (size >= 1024 && unit < units.length - 1) { size /= 1024; unit++; }
  return unit === 0 ? `${number.format(value)} B` : `${size.toFixed(1)} ${units[unit]}`;
}
function duration(seconds) {
  if (seconds === null || seconds === undefined) return "";
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
function when(iso) { return iso ? iso.replace("T", " ").replace(/\.\d+/, "").replace("+00:00", " UTC").replace("Z", " UTC") : ""; }

function table(id, caption, columns, rows, empty) {
  if (rows.length === 0) return el("p", { class: "empty", id: id + "-empty" }, empty);
  return el("div", { class: "table-wrap" },
    el("table", { id },
      el("caption", {}, caption),
      el("thead", {}, el("tr", {}, columns.map(c => el("th", { scope: "col", class: c.num ? "num" : null }, c.label)))),
      el("tbody", {}, rows.map(row => el("tr", {}, columns.map((c, i) => {
        const cell = c.value(row);
        return i === 0 ? el("th", { scope: "row", class: c.className ? c.className(row) : null }, cell)
          : el("td", { class: [c.num ? "num" : "", c.hash ? "hash" : "", c.className ? c.className(row) : ""].join(" ").trim() || null }, cell);
      }))))));
}

function show(heading, ...content) {
  title().textContent = heading;
  document.title = `${heading} · ACC Backup console`;
  view().replaceChildren(...content.flat(Infinity).filter(node => node !== null && node !== undefined));
  statusLine().textContent = "";
}

function fail(error) {
  statusLine().textContent = "";
  view().replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
}

// ---- Nights -------------------------------------------------------------------------------------------------------------

function barChart(label, nights, value, format) {
  const width = 360, height = 160, left = 8, bottom = 24, top = 18;
  const values = nights.map(value);
  const max = Math.max(1, ...values);
  const step = (width - left * 2) / Math.max(1, nights.length);
  const bars = nights.map((night, i) => {
    const h = Math.round((values[i] / max) * (height - bottom - top));
    const x = left + i * step + step * 0.15;
    return svg("rect", {
      x: x.toFixed(1), y: height - bottom - h, width: (step * 0.7).toFixed(1), height: Math.max(h, 1),
      class: night.status === "Succeeded" ? "bar-ok" : "bar-bad",
    }, svg("title", {}, `${night.runId}: ${format(values[i])}`));
  });
  const first = nights[0], last = nights[nights.length - 1];
  const summary = `${label} per night, oldest to newest: ` + nights.map((n, i) => `${n.runId} ${format(values[i])}`).join("; ");
  return el("figure", {},
    el("figcaption", {}, label),
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": summary },
      svg("text", { x: left, y: 12 }, `max ${format(max)}`),
      bars,
      svg("line", { x1: left, x2: width - left, y1: height - bottom, y2: height - bottom, stroke: "#767f8c" }),
      first ? svg("text", { x: left, y: height - 6 }, first.runId) : [],
      last && last !== first ? svg("text", { x: width - left, y: height - 6, "text-anchor": "end" }, last.runId) : []));
}

async function showNights() {
  statusLine().textContent = "Reading the nights…";
  const data = await getJson("data/nights");
  const oldestFirst = [...data.nights].filter(n => n.finishedAt).sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  const chart = oldestFirst.length === 0 ? [] : el("div", { class: "chart" },
    barChart("Files", oldestFirst, n => n.files, v => number.format(v)),
    barChart("Bytes stored", oldestFirst, n => n.bytes, bytes),
    barChart("Duration", oldestFirst, n => n.durationSeconds || 0, duration));
  show("Nights", chart, table("nights-table", `${data.nights.length} nights kept, newest first. A night that left files behind is marked in red in the charts.`, [
    { label: "Night", value: n => el("a", { href: `#/night/${encodeURIComponent(n.runId)}` }, n.runId) },
    { label: "Status", value: n => n.status, className: n => `status-${n.status}` },
    { label: "Finished", value: n => when(n.finishedAt) },
    { label: "Files", num: true, value: n => number.format(n.files) },
    { label: "Bytes", num: true, value: n => bytes(n.bytes) },
    { label: "Duration", num: true, value: n => duration(n.durationSeconds) },
    { label: "Failures", num: true, value: n => number.format(n.failed + n.carried) },
    { label: "Size mismatches", num: true, value: n => number.format(n.sizeMismatches) },
    { label: "Coverage gaps", num: true, value: n => number.format(n.coverageGaps) },
  ], data.nights, "No night has been backed up yet."));
}

// ---- One night ----------------------------------------------------------------------------------------------------------

async function showNight(runId) {
  statusLine().textContent = `Reading night ${runId}…`;
  const data = await getJson(`data/nights/${encodeURIComponent(runId)}`);
  const n = data.night;
  show(`Night ${n.runId}`,
    el("ul", { class: "figures", "aria-label": "Figures of the night" },
      [["Status", n.status], ["Files", number.format(n.files)], ["Bytes", bytes(n.bytes)], ["Copied", number.format(n.copied)],
       ["Duration", duration(n.durationSeconds)], ["Finished", when(n.finishedAt)], ["Listing", data.listingMode]]
        .map(([label, value]) => el("li", {}, label, el("b", {}, value)))),
    el("p", {}, el("a", { href: `data/nights/${encodeURIComponent(n.runId)}/manifest.csv`, download: `manifest-${n.runId}.csv`, id: "manifest-csv" },
      "Download the manifest (CSV, opens in Excel)"), " · ",
      el("a", { href: `#/browse?night=${encodeURIComponent(n.runId)}` }, "Browse this night")),
    el("h2", {}, "Failures"),
    table("failures-table", `${data.failures.length} files not stored as ACC serves them this night`, [
      { label: "Path", value: f => f.path },
      { label: "Status", value: f => f.status, className: f => `status-${f.status}` },
      { label: "Version", num: true, value: f => f.versionNumber ?? "" },
      { label: "Why", value: f => f.error ?? "" },
    ], data.failures, "Every file was stored."),
    data.failedProjects.length === 0 ? [] : [el("h2", {}, "Projects not listed whole"),
      table("projects-table", "Projects this night could not list whole", [
        { label: "Project", value: p => p.projectName }, { label: "Why", value: p => p.error }], data.failedProjects, "")],
    el("h2", {}, "Size mismatches"),
    table("mismatches-table", `${data.mismatches.length} files stored with another size than APS reported`, [
      { label: "Path", value: m => m.path },
      { label: "APS size", num: true, value: m => number.format(m.apiSize) },
      { label: "Stored size", num: true, value: m => number.format(m.storedSize) },
      { label: "APS size from", value: m => m.sizeReference ?? "aps" },
    ], data.mismatches, "No size mismatch."));
}

// ---- Browse -------------------------------------------------------------------------------------------------------------

function browseHash(state) {
  const query = new URLSearchParams();
  for (const key of ["night", "at", "project", "folder", "q", "file"]) if (state[key]) query.set(key, state[key]);
  return `#/browse?${query}`;
}

function historyPanel(data) {
  return el("section", { "aria-labelledby": "history-heading", id: "history" },
    el("h2", { id: "history-heading", tabindex: "-1" }, `History of ${data.path}`),
    table("history-table", `${data.versions.length} stored versions, newest first`, [
      { label: "Version", value: v => v.versionNumber === undefined ? "" : `v${v.versionNumber}${v.earlierVersion ? " (earlier)" : ""}` },
      { label: "Size", num: true, value: v => v.storedSize === undefined ? "" : number.format(v.storedSize) },
      { label: "SHA-256", hash: true, value: v => v.sha256 ?? "" },
      { label: "Nights holding it", value: v => v.nights.map((night, i) => [i ? ", " : "", el("a", { href: `#/night/${encodeURIComponent(night.runId)}` }, night.runId)]) },
      { label: "Download", value: v => v.downloadable && v.versionNumber !== undefined
          ? el("a", { href: `data/download?path=${encodeURIComponent(data.path)}&version=${v.versionNumber}`, download: "", "aria-label": `Download version ${v.versionNumber}` }, "Download")
          : "not stored" },
    ], data.versions, "No stored version."));
}

async function showBrowse(params) {
  statusLine().textContent = "Reading the night…";
  const state = Object.fromEntries(params.entries());
  const nights = (await getJson("data/nights")).nights.filter(n => n.status !== "Unreadable" && n.status !== "DryRun");
  const at = state.at ? `&at=${encodeURIComponent(state.at)}` : "";
  const nightQuery = state.night ? `night=${encodeURIComponent(state.night)}` : at ? at.slice(1) : "";
  const projects = await getJson(`data/projects?${nightQuery}`);
  const night = projects.night;
  const project = state.project && projects.projects.includes(state.project) ? state.project : projects.projects[0];
  const base = `${nightQuery}&project=${encodeURIComponent(project ?? "")}`;

  const controls = el("form", { class: "controls", id: "browse-form", onsubmit: event => {
    event.preventDefault();
    const form = new FormData(event.target);
    const date = form.get("at");
    location.hash = browseHash({
      night: date ? "" : form.get("night"), at: date, project: form.get("project"), q: form.get("q"),
      folder: form.get("project") === project ? state.folder : "" });
  } },
    el("label", {}, "Night", el("select", { name: "night", id: "night-select" },
      nights.map(n => el("option", { value: n.runId, selected: n.runId === night.runId }, `${n.runId} (${when(n.finishedAt)})`)))),
    el("label", {}, "Or as of (UTC)", el("input", { type: "datetime-local", name: "at", id: "at-input", value: state.at ?? "", step: 1 })),
    el("label", {}, "Project", el("select", { name: "project", id: "project-select" },
      projects.projects.map(p => el("option", { value: p, selected: p === project }, p)))),
    el("label", {}, "Search file names", el("input", { type: "search", name: "q", id: "search-input", value: state.q ?? "" })),
    el("button", { type: "submit" }, "Show"));

  if (!project) { show("Browse", controls, el("p", { class: "empty" }, "This night holds no project.")); return; }

  const heading = `Browse ${project} as of ${night.runId}`;
  let main;
  if (state.q) {
    const found = await getJson(`data/search?${base}&q=${encodeURIComponent(state.q)}`);
    main = [el("h2", {}, `Files named like “${state.q}”`), filesTable("search-table", found.files, state,
      `${found.files.length}${found.truncated ? "+" : ""} files found`, true)];
  } else {
    const folder = await getJson(`data/folder?${base}&folder=${encodeURIComponent(state.folder ?? "")}`);
    const parts = folder.folder ? folder.folder.split("/") : [];
    const crumbs = el("ol", { class: "crumbs", "aria-label": "Folder" },
      el("li", {}, el("a", { href: browseHash({ ...state, folder: "", file: "" }) }, project)),
      parts.map((part, i) => el("li", {}, i === parts.length - 1
        ? el("span", { "aria-current": "location" }, part)
        : el("a", { href: browseHash({ ...state, folder: parts.slice(0, i + 1).join("/"), file: "" }) }, part))));
    main = [el("nav", { "aria-label": "Folder path" }, crumbs),
      el("div", { class: "browse" },
        el("section", { "aria-labelledby": "folders-heading" }, el("h2", { id: "folders-heading" }, "Folders"),
          folder.folders.length === 0 ? el("p", { class: "empty" }, "No sub-folder.") :
            el("ul", { class: "folders", id: "folder-list" }, folder.folders.map(name => el("li", {},
              el("a", { href: browseHash({ ...state, folder: folder.folder ? `${folder.folder}/${name}` : name, file: "" }) }, name))))),
        el("section", { "aria-labelledby": "files-heading" }, el("h2", { id: "files-heading" }, "Files"),
          filesTable("files-table", folder.files, state, `${folder.files.length} files in ${folder.folder || project}`, false)))];
  }
  const history = state.file ? historyPanel(await getJson(`data/history?path=${encodeURIComponent(state.file)}`)) : [];
  show(heading, controls, history, main);
}

function filesTable(id, files, state, caption, withFolder) {
  const columns = [
    { label: "Name", value: f => el("a", { href: browseHash({ ...state, file: f.path }), "aria-label": `History of ${f.name}` }, f.name) },
    { label: "Status", value: f => f.status, className: f => `status-${f.status}` },
    { label: "Version", num: true, value: f => f.versionNumber ?? "" },
    { label: "Size", num: true, value: f => f.storedSize === undefined ? "" : bytes(f.storedSize) },
  ];
  if (withFolder) columns.splice(1, 0, { label: "Folder", value: f => f.folder });
  return table(id, caption, columns, files, "No file here.");
}

// ---- Routing ------------------------------------------------------------------------------------------------------------

async function route() {
  const hash = location.hash || "#/nights";
  const [path, query] = hash.slice(1).split("?");
  const parts = path.split("/").filter(Boolean);
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === (parts[0] === "night" ? "nights" : parts[0])) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  try {
    if (parts[0] === "night" && parts[1]) await showNight(decodeURIComponent(parts[1]));
    else if (parts[0] === "browse") await showBrowse(new URLSearchParams(query || ""));
    else await showNights();
  } catch (error) {
    fail(error);
  }
  document.body.dataset.ready = hash;
}

// After a move within the console, keyboard and screen-reader users start at the new view (the history, when a file was picked).
window.addEventListener("hashchange", async () => {
  await route();
  const target = document.getElementById("history-heading") || title();
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
});
document.addEventListener("DOMContentLoaded", route);
