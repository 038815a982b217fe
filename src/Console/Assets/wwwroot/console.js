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

async function postJson(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Accept": "application/json", "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: body === undefined ? "{}" : JSON.stringify(body),
  });
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
      { label: "Restore", value: v => v.downloadable && v.versionNumber !== undefined
          ? el("a", { href: restoreHash({ project: data.path.split("/")[0], path: data.path, version: v.versionNumber }), "aria-label": `Restore version ${v.versionNumber} into ACC` }, "Restore…")
          : "" },
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
      el("p", {}, el("a", { href: restoreHash({ project, path: folder.folder ? `${project}/${folder.folder}` : "", night: night.runId }), id: "restore-folder" },
        folder.folder ? `Restore the folder ${folder.folder} into ACC…` : `Restore the project ${project} into ACC…`)),
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
    { label: "Restore", value: f => el("a", { href: restoreHash({ project: state.project, path: f.path, night: state.night }), "aria-label": `Restore ${f.name} into ACC` }, "Restore…") },
  ];
  if (withFolder) columns.splice(1, 0, { label: "Folder", value: f => f.folder });
  return table(id, caption, columns, files, "No file here.");
}

// ---- Restore ------------------------------------------------------------------------------------------------------------

function restoreHash(state) {
  const query = new URLSearchParams();
  for (const key of ["project", "path", "night", "at", "version", "target"]) if (state[key]) query.set(key, state[key]);
  return `#/restore?${query}`;
}

const localNote = () => el("p", { class: "note", id: "local-note" },
  "A restore to a local folder stays a command-line job: ", el("code", {}, "acc-backup restore --run NIGHT --path PATH --to FOLDER"),
  ". This page restores into ACC: it plans first, against ACC as it is now, and writes nothing until you apply the plan.");

async function showRestoreForm(params) {
  statusLine().textContent = "Reading the nights…";
  const state = Object.fromEntries(params.entries());
  const nights = (await getJson("data/nights")).nights.filter(n => n.status !== "Unreadable" && n.status !== "DryRun");
  const projects = await getJson(`data/projects${state.night ? `?night=${encodeURIComponent(state.night)}` : ""}`);
  const project = state.project && projects.projects.includes(state.project) ? state.project : projects.projects[0];
  const inPlace = !state.target;
  const form = el("form", { class: "restore-form", id: "restore-form", onsubmit: async event => {
    event.preventDefault();
    const data = new FormData(event.target);
    const where = data.get("where");
    const version = data.get("version");
    const ask = {
      project: data.get("project"), path: data.get("path") || null,
      night: version || data.get("at") ? null : data.get("night"), at: version ? null : data.get("at") || null,
      version: version ? Number(version) : null,
      target: where === "elsewhere" ? data.get("target") : null, allVersions: data.get("allVersions") === "on",
    };
    const button = event.target.querySelector("button[type=submit]");
    button.disabled = true;
    statusLine().textContent = "Asking for a plan…";
    try {
      const started = await postJson("data/restores", ask);
      location.hash = `#/restore/${encodeURIComponent(started.restoreId)}`;
    } catch (error) {
      button.disabled = false;
      statusLine().textContent = "";
      document.getElementById("restore-error").textContent = error.message;
    }
  } },
    el("fieldset", {}, el("legend", {}, "What"),
      el("label", { for: "restore-project" }, "Project"),
      el("select", { name: "project", id: "restore-project" }, projects.projects.map(p => el("option", { value: p, selected: p === project }, p))),
      el("label", { for: "restore-path" }, "File or folder (its ACC path, as Browse shows it; empty: the whole project)"),
      el("input", { type: "text", name: "path", id: "restore-path", value: state.path ?? "", size: 60 }),
      el("label", { for: "restore-version" }, "One stored version of that file (optional; see its history in Browse)"),
      el("input", { type: "number", name: "version", id: "restore-version", min: 1, step: 1, value: state.version ?? "" })),
    el("fieldset", {}, el("legend", {}, "From"),
      el("label", { for: "restore-night" }, "Night"),
      el("select", { name: "night", id: "restore-night" },
        nights.map(n => el("option", { value: n.runId, selected: n.runId === (state.night || projects.night.runId) }, `${n.runId} (${when(n.finishedAt)})`))),
      el("label", { for: "restore-at" }, "Or as of a date (UTC): the last night finished by then"),
      el("input", { type: "datetime-local", name: "at", id: "restore-at", value: state.at ?? "", step: 1 })),
    el("fieldset", {}, el("legend", {}, "To"),
      el("div", { class: "choice" }, el("input", { type: "radio", name: "where", value: "inPlace", id: "restore-in-place", checked: inPlace }),
        el("label", { for: "restore-in-place" }, "Back in place (each file to its own project and folder)")),
      el("div", { class: "choice" }, el("input", { type: "radio", name: "where", value: "elsewhere", id: "restore-elsewhere", checked: !inPlace }),
        el("label", { for: "restore-elsewhere" }, "Into another project or folder")),
      el("label", { for: "restore-target" }, "Target folder: Project name/Folder/Sub folder"),
      el("input", { type: "text", name: "target", id: "restore-target", value: state.target ?? "", size: 60, placeholder: "Demo Tower/Project Files/Restored" }),
      el("div", { class: "choice" }, el("input", { type: "checkbox", name: "allVersions", id: "restore-all-versions" }),
        el("label", { for: "restore-all-versions" }, "Upload every stored version of a file, oldest first (default: the night's version)"))),
    el("p", { class: "error", id: "restore-error", "aria-live": "assertive" }),
    el("button", { type: "submit" }, "Plan the restore"));
  show("Restore into ACC", localNote(), form);
}

function restoreFigures(plan) {
  const floor = plan.quotaFloor;
  return el("ul", { class: "figures", "aria-label": "The plan in figures", id: "plan-figures" },
    [["Files", number.format(plan.files)], ["Folders to create", number.format(plan.foldersToCreate)],
     ["Folders to bring back", number.format(plan.foldersToUnhide)], ["Bytes to upload", bytes(plan.uploadBytes)],
     ["Least time at APS quotas", duration(floor.minutes * 60)],
     ["Write calls", `${number.format(floor.items)} items, ${number.format(floor.versions)} versions, ${number.format(floor.folders)} folders`]]
      .map(([label, value]) => el("li", {}, label, el("b", {}, value))));
}

function countsTable(id, caption, counts) {
  return table(id, caption, [
    { label: "Action", value: c => c.action },
    { label: "What it does", value: c => c.meaning },
    { label: "Files", num: true, value: c => number.format(c.files) },
  ], counts.filter(c => c.files > 0), "No file.");
}

let following = null;

async function showRestore(restoreId) {
  clearTimeout(following);
  const hash = location.hash;
  const data = await getJson(`data/restores/${encodeURIComponent(restoreId)}`);
  const progress = data.progress;
  const plan = data.plan;
  const phaseText = {
    planning: "Planning against ACC…",
    planned: "Planned: nothing in ACC has changed yet. Read the plan, then apply it.",
    applying: plan ? `Applying: ${number.format(progress.filesDone)} of ${number.format(plan.files)} files done` : "Applying…",
    done: "Done: the restore's record is written.",
    failed: `Failed: ${progress.failure ?? "see the log"}`,
  }[progress.phase] ?? progress.phase;
  const content = [
    el("p", { id: "restore-phase", "data-phase": progress.phase, class: progress.phase === "failed" ? "error" : null }, phaseText),
    progress.phase === "applying" && plan ? el("p", {}, el("label", { for: "restore-progress" }, "Files written "),
      el("progress", { id: "restore-progress", max: plan.files, value: progress.filesDone }, `${progress.filesDone} of ${plan.files}`)) : null,
  ];
  if (plan) {
    content.push(el("h2", {}, "The plan"),
      el("p", {}, `From night ${plan.runId}, planned ${when(plan.plannedAt)}, `, plan.target ? `into ${plan.target}.` : "back in place."),
      restoreFigures(plan));
    if (progress.phase === "planned" && !data.outcome) {
      content.push(el("p", {}, el("button", { type: "button", id: "apply-button", onclick: async event => {
        event.target.disabled = true;
        statusLine().textContent = "Starting the writes…";
        try {
          const started = await postJson(`data/restores/${encodeURIComponent(restoreId)}/apply`);
          const next = `#/restore/${encodeURIComponent(started.restoreId)}`;
          // Locally the restore keeps its id (no hashchange then): follow it from here.
          if (location.hash === next) await showRestore(started.restoreId);
          else location.hash = next;
        } catch (error) {
          event.target.disabled = false;
          statusLine().textContent = "";
          document.getElementById("apply-error").textContent = error.message;
        }
      } }, "Apply this plan"), " ", el("span", { class: "error", id: "apply-error", "aria-live": "assertive" })));
    }
    content.push(countsTable("plan-counts-table", `${number.format(plan.files)} files by what the restore does with them`, plan.counts),
      plan.folders.length === 0 ? [] : [el("h2", {}, "Folders"), table("plan-folders-table", "Target folders, parents first", [
        { label: "Folder", value: f => f.path }, { label: "Project", value: f => f.targetProject }, { label: "Action", value: f => f.action }], plan.folders, "")],
      el("h2", {}, "Files"),
      table("plan-files-table", plan.fileRows.length < plan.files ? `The first ${plan.fileRows.length} of ${plan.files} files` : `${plan.files} files`, [
        { label: "File", value: f => f.path },
        { label: "Action", value: f => f.action },
        { label: "To", value: f => `${f.targetProject}/${f.targetFolder ?? ""}` },
        { label: "Why", value: f => f.reason },
      ], plan.fileRows, "The selection holds no file."));
  }
  if (data.outcome) {
    const o = data.outcome;
    content.push(el("h2", {}, "The record"),
      el("ul", { class: "figures", "aria-label": "What the restore did" },
        [["Outcome", o.succeeded ? "Every file restored" : `${o.failures.length} files failed`], ["Versions created", number.format(o.versionsCreated)],
         ["Bytes uploaded", bytes(o.uploadedBytes)], ["Finished", when(o.finishedAt)]].map(([label, value]) => el("li", {}, label, el("b", {}, value)))),
      el("p", {}, el("a", { href: o.recordCsv, download: `restore-${restoreId}.csv`, id: "record-csv" }, "Download the record (CSV, a row per file)")),
      countsTable("record-table", "Files done by action", o.done),
      o.failures.length === 0 ? [] : table("record-failures-table", "Files not restored", [
        { label: "File", value: f => f.path }, { label: "Action", value: f => f.action }, { label: "Why", value: f => f.error }], o.failures, ""));
  }
  show(`Restore ${restoreId}`, content);
  if (progress.phase === "planning" || progress.phase === "applying") {
    following = setTimeout(() => { if (location.hash === hash) showRestore(restoreId).catch(fail); }, 1000);
  }
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
    else if (parts[0] === "restore" && parts[1]) await showRestore(decodeURIComponent(parts[1]));
    else if (parts[0] === "restore") await showRestoreForm(new URLSearchParams(query || ""));
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
