// The maze studio's page: an editor over the studio's JSON API (docs/STUDIO.md). Every view
// comes from the server, which computes it with the maze library; this script only draws.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

// Open files by id: { id, name, disk, text, version, analysis, lastValid, game }.
const tabs = new Map();
let current = null;
let feedVersion = 0;
let analyseTimer = null;
let analyseSeq = 0;
let game = null;
let genJob = null;
let cmpJob = null;

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    if (typeof body === "string") {
      init.headers["Content-Type"] = "text/plain; charset=utf-8";
      init.body = body;
    } else {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }
  const response = await fetch(path, init);
  let data;
  try {
    data = await response.json();
  } catch (_) {
    data = { error: `the studio answered ${response.status}` };
  }
  if (!response.ok) {
    throw new Error(data.error || `the studio answered ${response.status}`);
  }
  return data;
}

function setStatus(text, kind) {
  const s = $("status");
  s.textContent = text;
  s.className = "status " + (kind || "");
}

// ---- files and tabs ----

function addTab(file) {
  const tab = {
    id: file.id, name: file.name, disk: file.text, text: file.text, version: file.version,
    onDisk: file.on_disk, analysis: null, lastValid: null,
  };
  tabs.set(file.id, tab);
  return tab;
}

function drawTabs() {
  const nav = $("tabs");
  nav.textContent = "";
  for (const tab of tabs.values()) {
    const b = document.createElement("button");
    b.textContent = tab.name + (tab.onDisk ? "" : " (new)");
    b.dataset.id = tab.id;
    b.className = (tab === current ? "active " : "") + (tab.text !== tab.disk || !tab.onDisk ? "dirty" : "");
    b.addEventListener("click", () => select(tab.id));
    nav.appendChild(b);
  }
  const other = $("cmp-other");
  other.textContent = "";
  for (const tab of tabs.values()) {
    if (tab === current) continue;
    const o = document.createElement("option");
    o.value = tab.id;
    o.textContent = tab.name;
    other.appendChild(o);
  }
}

function select(id) {
  if (current) current.text = $("editor").value;
  current = tabs.get(id);
  stopGame();
  $("editor").value = current.text;
  drawGutter();
  drawTabs();
  $("disk-note").hidden = true;
  if (current.lastValid) drawViews(current.lastValid);
  analyse();
}

async function loadFiles() {
  const list = await api("GET", "/api/files");
  feedVersion = list.version;
  for (const f of list.files) addTab(f);
  if (tabs.size === 0) {
    addTab({ id: -1, name: "scratch.ron", text: SCRATCH, version: 0, on_disk: false });
  }
  select(tabs.keys().next().value);
  watchDisk();
}

const SCRATCH = `Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: ["2 1 1", "1 1 1", "1 1 G"],
    start: (0, 0),
    generate: (search: HillDescent(iterations: 2000)),
)
`;

// The change feed: the studio answers when a file changed on disk (another editor saved it).
async function watchDisk() {
  for (;;) {
    try {
      const list = await api("GET", `/api/changes?since=${feedVersion}`);
      feedVersion = list.version;
      for (const f of list.files) {
        const tab = tabs.get(f.id);
        if (!tab) continue;
        if (f.version !== tab.version && f.text !== tab.disk) {
          const clean = tabText(tab) === tab.disk;
          tab.disk = f.text;
          tab.version = f.version;
          if (clean) {
            tab.text = f.text;
            if (tab === current) {
              $("editor").value = f.text;
              drawGutter();
              analyse();
            }
          } else if (tab === current) {
            const note = $("disk-note");
            note.hidden = false;
            note.innerHTML = `${esc(tab.name)} was saved by another program. <button id="reload">Load it</button> (your edits here are not saved)`;
            $("reload").addEventListener("click", () => {
              tab.text = tab.disk;
              $("editor").value = tab.disk;
              note.hidden = true;
              drawGutter();
              analyse();
            });
          }
        }
      }
      drawTabs();
    } catch (_) {
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

function tabText(tab) {
  return tab === current ? $("editor").value : tab.text;
}

async function save() {
  if (!current) return;
  const text = $("editor").value;
  try {
    if (current.id < 0) throw new Error("this scratch file has no place on disk: open a file with `maze studio FILE`");
    const saved = await api("POST", "/api/save", { id: current.id, text });
    current.disk = saved.text;
    current.version = saved.version;
    current.onDisk = saved.on_disk;
    current.text = text;
    setStatus("saved", "valid");
    drawTabs();
    analyse();
  } catch (e) {
    setStatus("not saved", "invalid");
    showNote(e.message);
  }
}

function showNote(text) {
  const note = $("disk-note");
  note.hidden = false;
  note.textContent = text;
}

// ---- the editor ----

function drawGutter(errorLine) {
  const lines = $("editor").value.split("\n").length;
  const gutter = $("gutter");
  let html = "";
  for (let i = 1; i <= lines; i++) {
    html += `<span id="line-${i}"${i === errorLine ? ' class="error"' : ""}>${i}</span>`;
  }
  gutter.innerHTML = html;
  gutter.scrollTop = $("editor").scrollTop;
}

function drawMarks(diagnostic) {
  const marks = $("marks");
  if (!diagnostic) {
    marks.textContent = "";
    return;
  }
  const lines = $("editor").value.split("\n");
  const html = lines.map((line, i) => {
    if (i + 1 !== diagnostic.line) return esc(line);
    const col = Math.max(0, diagnostic.column - 1);
    const chars = Array.from(line);
    const before = chars.slice(0, col).join("");
    const at = chars[col] || " ";
    const after = chars.slice(col + 1).join("");
    return `<span class="line-error">${esc(before)}<span class="col-error">${esc(at)}</span>${esc(after)}</span>`;
  });
  marks.innerHTML = html.join("\n");
  marks.scrollTop = $("editor").scrollTop;
  marks.scrollLeft = $("editor").scrollLeft;
}

function onEdit() {
  current.text = $("editor").value;
  if (game) {
    // The game is of the version it started with.
    stopGame();
    $("play-message").textContent = "The file changed: Play starts a game of the new version.";
  }
  drawGutter();
  drawMarks(null);
  drawTabs();
  clearTimeout(analyseTimer);
  // Debounced: one analysis once typing pauses.
  analyseTimer = setTimeout(analyse, 180);
}

async function analyse() {
  if (!current) return;
  const tab = current;
  const seq = ++analyseSeq;
  setStatus("analysing…", "busy");
  const query = tab.id >= 0 ? `?file=${tab.id}` : `?name=${encodeURIComponent(tab.name)}`;
  let result;
  try {
    result = await api("POST", "/api/analyze" + query, $("editor").value);
  } catch (e) {
    if (seq !== analyseSeq) return;
    showProblem({ message: e.message, line: 0, column: 0, rendered: "" });
    return;
  }
  // A later edit's answer wins.
  if (seq !== analyseSeq || tab !== current) return;
  tab.analysis = result;
  if (!result.ok) {
    showProblem(result.diagnostics[0]);
    return;
  }
  tab.lastValid = result;
  $("diagnostics").className = "";
  $("diagnostics").textContent = "";
  $("views").classList.remove("stale");
  drawGutter();
  drawMarks(null);
  setStatus(`valid · ${result.analysis.n_states} states · ${result.millis.toFixed(0)} ms`, "valid");
  drawViews(result);
}

function showProblem(d) {
  setStatus(d.line ? `error at line ${d.line}` : "error", "invalid");
  const box = $("diagnostics");
  box.className = "shown";
  const where = d.line ? `line ${d.line}, column ${d.column}: ` : "";
  box.innerHTML = `<strong class="bad">${esc(where)}${esc(d.message)}</strong>` +
    (d.help ? `<div class="muted">help: ${esc(d.help)}</div>` : "") +
    (d.rendered ? `<pre>${esc(d.rendered)}</pre>` : "");
  drawGutter(d.line);
  drawMarks(d.line ? d : null);
  // The last valid views stay, dimmed.
  $("views").classList.add("stale");
}

// ---- views ----

function drawViews(a) {
  drawBoard(a);
  $("words").innerHTML = a.words.map((w) => `<li>${esc(w)}</li>`).join("");
  const v = a.check;
  $("verdict").innerHTML = v.publishable
    ? `<span class="ok">publishable</span> (${v.shortest_length} moves, unique, no black holes)`
    : `<span class="bad">NOT publishable</span>: ${esc(v.reasons.join("; "))}`;
  drawFeatures(a);
  drawChanges(a.changes);
  drawGraph(a);
}

function drawFeatures(a) {
  const f = a.analysis;
  const g = a.grade;
  const rows = [
    ["shortest solution", f.shortest_length == null ? "none" : `${f.shortest_length} moves`],
    ["shortest paths", f.unique_shortest ? "1 (unique)" : String(f.shortest_paths)],
    ["solution", f.solution ? f.solution.join(" ") : "—"],
    ["grade", g ? `${g.level} (${g.name}): ${a.grade_why}` : "—"],
    ["states", `${f.n_states} (${f.reachable} reachable), ${f.n_moves} moves`],
    ["black holes", `${f.black_holes.count}` + (f.black_holes.count ? ` (sizes ${f.black_holes.sizes.join(", ")})` : "")],
    ["white holes", `${f.white_holes.count}` + (f.white_holes.count ? ` (sizes ${f.white_holes.sizes.join(", ")})` : "")],
    ["forward decisions", num(f.forward_decisions)],
    ["backward decisions", num(f.backward_decisions)],
    ["initial forced moves", f.initial_forced_moves],
    ["same-jump clusters", f.clusters.length ? f.clusters.join(", ") : "none"],
    ["turns / U-turns", `${f.turns} / ${f.u_turns}`],
    ["branches / dead ends", `${f.branches} / ${f.dead_ends}`],
    ["average loop length", num(f.average_loop_length)],
    ["energy (Neller, GoalDepth)", `${num(f.energy.Neller)}, ${num(f.energy.GoalDepth)}`],
  ];
  $("features").innerHTML = rows.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join("");
}

function num(x) {
  if (x == null) return "—";
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

function drawBoard(a) {
  const board = $("board");
  const svg = $("answer-toggle").checked ? a.svg_solution : a.svg;
  board.innerHTML = svg != null ? svg
    : `<p class="muted">${a.board.rows} × ${a.board.cols}: too many cells to draw here (maze render draws it).</p>`;
  drawPlayer();
}

// The board's own group (the picture's first translated group): cell centres are in its
// coordinates.
function boardGroup() {
  return document.querySelector('#board svg > g[transform^="translate"]');
}

function highlightCell(cell, cls) {
  const g = boardGroup();
  if (!g) return;
  g.querySelectorAll("." + cls).forEach((e) => e.remove());
  const a = current && current.lastValid;
  if (!cell || !a) return;
  const c = a.board.cells[cell[0] * a.board.cols + cell[1]];
  if (!c) return;
  const circle = document.createElementNS(SVGNS, "circle");
  circle.setAttribute("cx", c[2]);
  circle.setAttribute("cy", c[3]);
  circle.setAttribute("r", a.board.radius * 0.85);
  circle.setAttribute("class", cls);
  g.appendChild(circle);
  return circle;
}

function cellAt(event) {
  const a = current && current.lastValid;
  const g = boardGroup();
  if (!a || !g || !g.getScreenCTM()) return null;
  const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(g.getScreenCTM().inverse());
  let best = null;
  let bestD = Infinity;
  for (const c of a.board.cells) {
    const d = (c[2] - pt.x) ** 2 + (c[3] - pt.y) ** 2;
    if (d < bestD) { bestD = d; best = c; }
  }
  if (!best || bestD > (a.board.radius * 1.3) ** 2) return null;
  return [best[0], best[1]];
}

// ---- the state graph ----

const ROLE_FILL = {
  goal: "#f0c419", ordinary: "#8bb8e8", black_hole: "#222", white_hole: "#fff", unreachable: "#c9ccd3",
};

function drawGraph(a) {
  const g = a.graph;
  const box = $("graph");
  const legend = $("graph-legend");
  if (!g.drawn) {
    legend.textContent = "";
    const layers = g.layers || [];
    const most = Math.max(1, ...layers);
    const w = 600, h = 120, bw = Math.max(1, w / Math.max(1, layers.length));
    const bars = layers.map((n, i) =>
      `<rect x="${i * bw}" y="${h - (h * n) / most}" width="${Math.max(1, bw - 1)}" height="${(h * n) / most}" fill="#8bb8e8"><title>distance ${i}: ${n} states</title></rect>`).join("");
    box.innerHTML = `<p>${g.n_states} states, ${g.n_moves} moves: more than the ${g.limit} drawn one by one. ` +
      `${g.reachable} reachable, ${g.unreachable} unreachable; ${g.black_hole_states} in black holes, ${g.white_hole_states} in white holes.</p>` +
      `<p class="muted">States by distance from the start:</p><svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${bars}</svg>`;
    return;
  }
  legend.innerHTML = Object.entries(ROLE_FILL).map(([r, c]) => `<span><i style="background:${c}"></i>${r.replace("_", " ")}</span>`).join("") +
    `<span><i style="border:3px solid #2f9e44"></i>start</span><span><i style="border-color:#d6336c;background:#d6336c"></i>solution</span>` +
    `<span>⬡ ring colour: same-jump cluster</span><span><i style="border:2px dashed #2f9e44"></i>added by the last edit</span>`;
  // Layers by distance from the start; unreachable states in columns after them, by role.
  const columns = new Map();
  let maxDepth = -1;
  for (const n of g.nodes) if (n.depth != null) maxDepth = Math.max(maxDepth, n.depth);
  for (const n of g.nodes) {
    const col = n.depth != null ? n.depth : maxDepth + (n.role === "white_hole" ? 1 : 2);
    if (!columns.has(col)) columns.set(col, []);
    columns.get(col).push(n);
  }
  // A layer of more than ROWS states is laid out in several narrow columns side by side,
  // so that the drawing stays about as tall as it is wide.
  const ROWS = 24;
  const dx = 80, sub = 46, dy = 30, pad = 34;
  const order = [...columns.keys()].sort((p, q) => p - q);
  const tallest = Math.min(ROWS, Math.max(...order.map((c) => columns.get(c).length)));
  const pos = new Map();
  let x = pad;
  for (const col of order) {
    const nodes = columns.get(col);
    const parts = Math.ceil(nodes.length / ROWS);
    for (let p = 0; p < parts; p++) {
      const part = nodes.slice(p * ROWS, (p + 1) * ROWS);
      const offset = ((tallest - part.length) * dy) / 2;
      part.forEach((n, i) => pos.set(n.id, [x + p * sub, pad + offset + i * dy]));
    }
    x += dx + (parts - 1) * sub;
  }
  const width = x - dx + pad * 2;
  const height = pad * 2 + dy * Math.max(1, tallest - 1);
  const previous = (a.changes && a.changes.previous) || {};
  const added = new Set(previous.states ? previous.states.added : []);
  const addedMoves = new Set(previous.moves ? previous.moves.added : []);
  const showDiff = $("graph-diff").checked;
  let svg = `<svg xmlns="${SVGNS}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`;
  svg += `<defs><marker id="arr" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0L6,3L0,6z" fill="#9aa1b2"/></marker></defs>`;
  for (const e of g.edges) {
    const [x1, y1] = pos.get(e.source);
    const [x2, y2] = pos.get(e.target);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ex = x2 - ((x2 - x1) * 7) / len, ey = y2 - ((y2 - y1) * 7) / len;
    // Moves within a layer or back bend, so they do not hide behind others.
    const bend = x2 <= x1 ? 18 : 0;
    const mx = (x1 + ex) / 2 + bend, my = (y1 + ey) / 2 - bend;
    const key = `${g.nodes[e.source].name} -${e.directions.join(",")}-> ${g.nodes[e.target].name}`;
    const fresh = showDiff && addedMoves.has(key) ? " added" : "";
    svg += `<path class="edge${e.solution ? " solution" : ""}${fresh}" d="M${x1},${y1} Q${mx},${my} ${ex},${ey}" marker-end="url(#arr)"><title>${esc(e.directions.join(" "))}</title></path>`;
  }
  for (const n of g.nodes) {
    const [x, y] = pos.get(n.id);
    const cls = "node" + (showDiff && added.has(n.name) ? " added" : "");
    const ring = n.cluster != null ? `<circle r="9" fill="none" stroke="hsl(${(n.cluster * 67) % 360},70%,45%)" stroke-width="2"/>` : "";
    const start = n.start ? `<circle r="10" fill="none" stroke="#2f9e44" stroke-width="3"/>` : "";
    svg += `<g class="${cls}" data-id="${n.id}" transform="translate(${x},${y})">${start}${ring}` +
      `<circle r="6" fill="${ROLE_FILL[n.role] || "#ccc"}"${n.role === "white_hole" ? ' stroke-dasharray="2 1"' : ""}/>` +
      `<text x="8" y="-6">${esc(n.name)}</text><title>${esc(n.name)}: ${n.role.replace("_", " ")}` +
      `${n.depth != null ? `, distance ${n.depth}` : ""}${n.cluster != null ? `, cluster ${n.cluster}` : ""}</title></g>`;
  }
  svg += "</svg>";
  let removed = "";
  if (showDiff && previous.states && (previous.states.removed_count || previous.moves.removed_count)) {
    const names = previous.states.removed.slice(0, 20).join(", ");
    removed = `<p class="removed-list">The last edit removed ${previous.states.removed_count} states` +
      `${names ? ` (${esc(names)})` : ""} and ${previous.moves.removed_count} moves.</p>`;
  }
  box.innerHTML = svg + removed;
  drawPlayerState();
  box.querySelectorAll(".node").forEach((el) => {
    const node = g.nodes[Number(el.dataset.id)];
    el.addEventListener("mouseenter", () => { el.classList.add("hl"); highlightCell(node.cell, "hl"); });
    el.addEventListener("mouseleave", () => { el.classList.remove("hl"); highlightCell(null, "hl"); });
  });
}

function highlightStates(cell) {
  const a = current && current.lastValid;
  document.querySelectorAll("#graph .node.hl").forEach((e) => e.classList.remove("hl"));
  if (!cell || !a || !a.graph.drawn) return;
  for (const n of a.graph.nodes) {
    if (n.cell && n.cell[0] === cell[0] && n.cell[1] === cell[1]) {
      const el = document.querySelector(`#graph .node[data-id="${n.id}"]`);
      if (el) el.classList.add("hl");
    }
  }
}

// ---- what changed ----

function drawChanges(changes) {
  const box = $("changes");
  if (!changes) {
    box.innerHTML = `<p class="muted">Open a file to follow its changes.</p>`;
    return;
  }
  box.innerHTML = section("Since the previous valid version", changes.previous) +
    section("Against the file as saved", changes.saved);
}

function section(title, d) {
  if (!d) return `<h3>${esc(title)}</h3><p class="muted">nothing to compare with yet</p>`;
  if (d.same) return `<h3>${esc(title)}</h3><p class="muted">no change in states, moves or features</p>`;
  let html = `<h3>${esc(title)}</h3><ul>`;
  for (const f of d.features) {
    html += `<li>${esc(f.feature.replace(/_/g, " "))}: ${esc(JSON.stringify(f.before))} → <strong>${esc(JSON.stringify(f.after))}</strong></li>`;
  }
  html += "</ul>";
  for (const [label, list] of [["states", d.states], ["moves", d.moves]]) {
    if (!list) continue;
    if (list.added_count) html += `<div class="added-list">+${list.added_count} ${label}: ${esc(list.added.slice(0, 12).join(", "))}${list.added_count > 12 ? " …" : ""}</div>`;
    if (list.removed_count) html += `<div class="removed-list">−${list.removed_count} ${label}: ${esc(list.removed.slice(0, 12).join(", "))}${list.removed_count > 12 ? " …" : ""}</div>`;
  }
  return html;
}

// ---- play ----

function stopGame() {
  game = null;
  $("play-dirs").textContent = "";
  $("play-status").textContent = "";
  $("play-message").textContent = "";
  for (const id of ["play-undo", "play-restart", "play-hint"]) $(id).disabled = true;
  $("play-confirm").hidden = true;
  $("play-movers").hidden = true;
  drawPlayer();
}

async function startGame() {
  try {
    const answer = await api("POST", "/api/play", { text: $("editor").value, name: current.name });
    if (!answer.ok) {
      showProblem(answer.diagnostics[0]);
      return;
    }
    showGame(answer.game);
  } catch (e) {
    $("play-message").textContent = e.message;
  }
}

async function command(body) {
  if (!game) return;
  try {
    showGame(await api("POST", `/api/play/${game.game}`, body));
  } catch (e) {
    $("play-message").textContent = e.message;
  }
}

function showGame(view) {
  game = view;
  for (const id of ["play-undo", "play-restart", "play-hint"]) $(id).disabled = false;
  const dirs = $("play-dirs");
  dirs.textContent = "";
  for (const k of view.keys) {
    const b = document.createElement("button");
    b.textContent = `${k.dir} (${k.keys.map(keyName).join(" ")})`;
    b.dataset.dir = k.dir;
    b.addEventListener("click", () => command({ command: view.roll ? "roll" : "move", dir: k.dir }));
    dirs.appendChild(b);
  }
  $("play-confirm").hidden = !view.aim;
  $("play-movers").hidden = view.movers < 2;
  const parts = [`at ${view.state_name}`];
  if (view.jump != null) parts.push(`jump ${view.jump}`);
  if (view.registers) parts.push(`carrying ${view.registers}`);
  if (view.selected) parts.push(`rolling ${view.selected}`);
  parts.push(`${view.moves} move${view.moves === 1 ? "" : "s"}`);
  if (view.to_goal != null) parts.push(`goal ${view.to_goal} away`);
  $("play-status").textContent = parts.join(" · ");
  const msg = $("play-message");
  msg.textContent = view.message.text;
  msg.className = view.message.tone;
  drawPlayer();
}

function keyName(k) {
  return { ArrowUp: "↑", ArrowDown: "↓", ArrowLeft: "←", ArrowRight: "→" }[k] || k;
}

// The player's cells on the board, and the cells a move reaches (clickable).
function drawPlayer() {
  const g = boardGroup();
  if (!g) return;
  g.querySelectorAll(".player, .reach").forEach((e) => e.remove());
  if (!game) return;
  for (const m of game.legal) {
    if (!m.cell) continue;
    const circle = cellMark(m.cell, "reach");
    if (circle) circle.dataset.dir = m.dir;
  }
  for (const cell of game.cells) cellMark(cell, "player");
  drawPlayerState();
}

// The player's state in the drawn graph.
function drawPlayerState() {
  document.querySelectorAll("#graph .node.player").forEach((e) => e.classList.remove("player"));
  if (!game) return;
  const el = document.querySelector(`#graph .node[data-id="${game.state}"]`);
  if (el) el.classList.add("player");
}

function cellMark(cell, cls) {
  const g = boardGroup();
  const a = current && current.lastValid;
  if (!g || !a) return null;
  const c = a.board.cells[cell[0] * a.board.cols + cell[1]];
  if (!c) return null;
  const circle = document.createElementNS(SVGNS, "circle");
  circle.setAttribute("cx", c[2]);
  circle.setAttribute("cy", c[3]);
  circle.setAttribute("r", a.board.radius * (cls === "player" ? 0.7 : 0.9));
  circle.setAttribute("class", cls);
  g.appendChild(circle);
  return circle;
}

// A click on a cell a legal move reaches makes that move (aiming along a ray first).
async function clickBoard(event) {
  const cell = cellAt(event);
  if (!cell || !game) return;
  const move = game.legal.find((m) => m.cell && m.cell[0] === cell[0] && m.cell[1] === cell[1]);
  if (!move) return;
  // A legal move's direction is the maze's own (a cube's or block's roll included).
  await command({ command: "move", dir: move.dir });
  for (let i = 0; i < 64 && game && game.aim; i++) {
    if (game.aim.cell && game.aim.cell[0] === cell[0] && game.aim.cell[1] === cell[1]) {
      return command({ command: "confirm" });
    }
    await command({ command: "move", dir: move.dir });
  }
}

function onKey(event) {
  if (event.ctrlKey && event.key === "s") {
    event.preventDefault();
    save();
    return;
  }
  if (!game || event.target === $("editor") || event.target.tagName === "INPUT") return;
  const simple = { u: "undo", r: "restart", h: "hint", Enter: "confirm", " ": "confirm" };
  if (event.key === "Tab" && game.movers > 1) {
    event.preventDefault();
    return command({ command: event.shiftKey ? "previous" : "next" });
  }
  if (game.movers > 1 && /^[1-9]$/.test(event.key)) {
    return command({ command: "select", index: Number(event.key) - 1 });
  }
  for (const k of game.keys) {
    if (k.keys.includes(event.key)) {
      event.preventDefault();
      return command({ command: game.roll ? "roll" : "move", dir: k.dir });
    }
  }
  if (simple[event.key] && (simple[event.key] !== "confirm" || game.aim)) {
    event.preventDefault();
    command({ command: simple[event.key] });
  }
}

// ---- generate ----

async function startGeneration() {
  const body = {
    name: current.name,
    text: $("editor").value,
    count: Number($("gen-count").value) || 3,
    seed: Number($("gen-seed").value) || 0,
  };
  $("gallery").textContent = "";
  try {
    genJob = (await api("POST", "/api/generate", body)).job;
  } catch (e) {
    $("gen-status").textContent = e.message;
    return;
  }
  $("gen-start").disabled = true;
  $("gen-cancel").disabled = false;
  followJob(genJob, $("gen-progress"), $("gen-status"), drawGallery, () => {
    $("gen-start").disabled = false;
    $("gen-cancel").disabled = true;
  });
}

async function followJob(id, bar, status, draw, done) {
  // Results already drawn are not sent again.
  let seen = 0;
  for (;;) {
    let job;
    try {
      job = await api("GET", `/api/jobs/${id}?from=${seen}`);
    } catch (e) {
      status.textContent = e.message;
      done();
      return;
    }
    bar.value = job.progress;
    status.textContent = `${job.status}: ${job.done} of ${job.count}` + (job.error ? ` (${job.error})` : "");
    draw(job);
    seen += job.results.length;
    if (job.status !== "running") {
      done();
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function drawGallery(job) {
  const gallery = $("gallery");
  for (const r of job.results) {
    const f = r.features;
    const card = document.createElement("div");
    card.className = "card" + (r.passed ? "" : " failed");
    card.innerHTML = r.svg +
      `<div><strong>${esc(r.name)}</strong>${r.written ? " (written)" : ""}</div>` +
      `<div>${f.shortest_length == null ? "no solution" : `${f.shortest_length} moves`}` +
      `${f.unique_shortest ? ", unique" : `, ${f.shortest_paths} shortest`}, ${f.black_holes} black holes` +
      `${f.grade != null ? `, grade ${f.grade}` : ""}</div>` +
      `<div class="${r.passed ? "ok" : "bad"}">${r.passed ? "passes its gates" : esc(r.failed_gates.join("; "))}</div>`;
    const open = document.createElement("button");
    open.textContent = "Open in the editor";
    open.addEventListener("click", async () => {
      try {
        const file = await api("POST", "/api/files", { name: r.name, text: r.text });
        addTab(file);
        select(file.id);
      } catch (e) {
        $("gen-status").textContent = e.message;
      }
    });
    card.appendChild(open);
    gallery.appendChild(card);
  }
}

// ---- compare ----

async function startComparison() {
  const other = tabs.get(Number($("cmp-other").value));
  if (!other) {
    $("comparison").textContent = "Open a second file to compare with (maze studio A.ron B.ron).";
    return;
  }
  const body = {
    files: [{ name: current.name, text: $("editor").value }, { name: other.name, text: tabText(other) }],
    count: Number($("cmp-count").value) || 10,
    seed: Number($("cmp-seed").value) || 0,
  };
  try {
    cmpJob = (await api("POST", "/api/compare", body)).job;
  } catch (e) {
    $("comparison").textContent = e.message;
    return;
  }
  $("cmp-start").disabled = true;
  $("cmp-cancel").disabled = false;
  followJob(cmpJob, $("cmp-progress"), $("comparison"), drawComparison, () => {
    $("cmp-start").disabled = false;
    $("cmp-cancel").disabled = true;
  });
}

function drawComparison(job) {
  const c = job.comparison;
  if (!c) return;
  const vs = c.variants;
  const pct = (n, p) => `${n} (${Math.round((100 * n) / Math.max(1, p.mazes))}%)`;
  const spread = (s) => s.n ? `${num(s.min)} / ${num(s.median)} / ${num(s.mean)} / ${num(s.max)}` : "—";
  const rows = [
    ["mazes", (p) => p.mazes], ["passed gates", (p) => pct(p.passed_gates, p)], ["solvable", (p) => pct(p.solvable, p)],
    ["unique shortest", (p) => pct(p.unique_shortest, p)], ["with black holes", (p) => pct(p.with_black_holes, p)],
    ["distinct puzzles", (p) => p.distinct_puzzles],
    ["shortest length min/med/mean/max", (p) => spread(p.shortest_length)],
    ["forward decisions", (p) => spread(p.forward_decisions)], ["reachable", (p) => spread(p.reachable)],
    ["grade", (p) => spread(p.grade)], ["generation time (ms)", (p) => spread(p.generation_ms)],
  ];
  let html = `<p class="muted">${c.count} mazes per file, seeds item_seed(${c.seed}, file, k), ${esc(c.engine)}</p>`;
  html += `<table><tr><th></th>${vs.map((p) => `<th>${esc(p.variant)}</th>`).join("")}</tr>`;
  for (const [label, f] of rows) html += `<tr><td>${esc(label)}</td>${vs.map((p) => `<td>${esc(f(p))}</td>`).join("")}</tr>`;
  html += `</table><style>${c.style}</style><div class="charts">`;
  for (const figures of Object.values(c.charts)) html += figures.join("");
  html += "</div>";
  $("comparison").innerHTML = html;
}

// ---- wiring ----

window.addEventListener("DOMContentLoaded", () => {
  const editor = $("editor");
  editor.addEventListener("input", onEdit);
  editor.addEventListener("scroll", () => {
    $("gutter").scrollTop = editor.scrollTop;
    $("marks").scrollTop = editor.scrollTop;
    $("marks").scrollLeft = editor.scrollLeft;
  });
  $("save").addEventListener("click", save);
  $("answer-toggle").addEventListener("change", () => current && current.lastValid && drawBoard(current.lastValid));
  $("graph-diff").addEventListener("change", () => current && current.lastValid && drawGraph(current.lastValid));
  const board = $("board");
  board.addEventListener("mousemove", (e) => {
    const cell = cellAt(e);
    highlightCell(cell, "hl");
    highlightStates(cell);
  });
  board.addEventListener("mouseleave", () => { highlightCell(null, "hl"); highlightStates(null); });
  board.addEventListener("click", clickBoard);
  $("play-start").addEventListener("click", startGame);
  $("play-undo").addEventListener("click", () => command({ command: "undo" }));
  $("play-restart").addEventListener("click", () => command({ command: "restart" }));
  $("play-hint").addEventListener("click", () => command({ command: "hint" }));
  $("play-confirm").addEventListener("click", () => command({ command: "confirm" }));
  $("play-next").addEventListener("click", () => command({ command: "next" }));
  $("play-prev").addEventListener("click", () => command({ command: "previous" }));
  $("gen-start").addEventListener("click", startGeneration);
  $("gen-cancel").addEventListener("click", () => genJob && api("POST", `/api/jobs/${genJob}/cancel`));
  $("cmp-start").addEventListener("click", startComparison);
  $("cmp-cancel").addEventListener("click", () => cmpJob && api("POST", `/api/jobs/${cmpJob}/cancel`));
  document.addEventListener("keydown", onKey);
  loadFiles().catch((e) => setStatus(e.message, "invalid"));
});
