// Tafl-Kompendium: progressive enhancements for generated pages. Without JavaScript every
// table is a plain table and every text is readable as it is.
//
// 1. Tables inside `.tafl-variant-table` get a sort button in every heading and a filter
//    (select) for every column but the first; values marked "*" (assumed) filter and sort
//    with the mark removed; leading numbers sort numerically ("9×9" < "11×11"). "—" (a variant
//    without a board: no value) is a filter value like any other and sorts last either way
//    (rows and filter options). A table whose rows are grouped (one `tbody[data-family]` per
//    family, headed by a `tr.tafl-family-row`) keeps its groups: sorting orders the rows
//    within each family, a family select shows one family, a "with a board" checkbox hides
//    the rows with `data-board="no"`, and a family none of whose rows is shown is hidden.
// 2. "Cite this page" (`.tafl-cite[data-path]`) shows the page's absolute URL.
(function () {
  "use strict";

  var de = (document.documentElement.lang || "de").slice(0, 2) === "de";
  var T = de
    ? { all: "alle", shown: "{n} von {m} Varianten", family: "Familie", board: "nur mit Brett" }
    : { all: "all", shown: "{n} of {m} variants", family: "Family", board: "only with a board" };

  function cellValue(cell) {
    return (cell ? cell.textContent : "").replace(/\*/g, "").trim();
  }

  var NONE = "\u2014";

  function compare(a, b) {
    var na = parseFloat(a), nb = parseFloat(b);
    if (!isNaN(na) && !isNaN(nb) && na !== nb) return na - nb;
    return a.localeCompare(b, de ? "de" : "en", { numeric: true, sensitivity: "base" });
  }

  function enhance(container) {
    var table = container.querySelector("table");
    if (!table || table.dataset.enhanced) return;
    table.dataset.enhanced = "1";
    var bodies = Array.prototype.slice.call(table.tBodies);
    var heads = table.tHead ? Array.prototype.slice.call(table.tHead.rows[0].cells) : [];
    var rows = [];
    bodies.forEach(function (b) {
      Array.prototype.forEach.call(b.rows, function (r) {
        if (!r.classList.contains("tafl-family-row")) rows.push(r);
      });
    });
    var grouped = bodies.some(function (b) { return b.hasAttribute("data-family"); });
    var filters = [];
    var familySelect = null, boardBox = null;

    var bar = document.createElement("div");
    bar.className = "tafl-table-filters";
    var count = document.createElement("p");
    count.className = "tafl-table-count";
    count.setAttribute("aria-live", "polite");

    function apply() {
      var shown = 0;
      rows.forEach(function (row) {
        var ok = filters.every(function (f) {
          return !f.select.value || cellValue(row.cells[f.col]) === f.select.value;
        });
        if (familySelect && familySelect.value && row.getAttribute("data-family") !== familySelect.value) ok = false;
        if (boardBox && boardBox.checked && row.getAttribute("data-board") === "no") ok = false;
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      bodies.forEach(function (b) {
        b.hidden = !rows.some(function (r) { return r.parentNode === b && !r.hidden; });
      });
      count.textContent = T.shown.replace("{n}", shown).replace("{m}", rows.length);
    }

    heads.forEach(function (th, col) {
      var label = th.textContent.trim();
      // Sorting.
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      th.textContent = "";
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () {
        var dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
        heads.forEach(function (h) { h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", dir);
        var sign = dir === "ascending" ? 1 : -1;
        // within each row group (family): the groups keep their order
        rows.slice().sort(function (r1, r2) {
          var a = cellValue(r1.cells[col]), b = cellValue(r2.cells[col]);
          if ((a === NONE) !== (b === NONE)) return a === NONE ? 1 : -1;
          return sign * compare(a, b);
        }).forEach(function (r) { r.parentNode.appendChild(r); });
      });
      // Filtering (not for the name column).
      if (col === 0) return;
      var values = [];
      rows.forEach(function (r) {
        var v = cellValue(r.cells[col]);
        if (v && values.indexOf(v) < 0) values.push(v);
      });
      values.sort(function (a, b) {
        if ((a === NONE) !== (b === NONE)) return a === NONE ? 1 : -1;
        return compare(a, b);
      });
      var wrap = document.createElement("label");
      var caption = document.createElement("span");
      caption.textContent = label;
      var select = document.createElement("select");
      select.setAttribute("data-column", String(col));
      var any = document.createElement("option");
      any.value = "";
      any.textContent = T.all;
      select.appendChild(any);
      values.forEach(function (v) {
        var o = document.createElement("option");
        o.value = v;
        o.textContent = v;
        select.appendChild(o);
      });
      select.addEventListener("change", apply);
      wrap.appendChild(caption);
      wrap.appendChild(select);
      bar.appendChild(wrap);
      filters.push({ col: col, select: select });
    });
    if (grouped) {
      // The family filter (names from the groups' heading rows) and "with a board".
      var fwrap = document.createElement("label");
      var fcap = document.createElement("span");
      fcap.textContent = T.family;
      familySelect = document.createElement("select");
      familySelect.setAttribute("data-filter", "family");
      var fany = document.createElement("option");
      fany.value = "";
      fany.textContent = T.all;
      familySelect.appendChild(fany);
      bodies.forEach(function (b) {
        var head = b.querySelector("tr.tafl-family-row th");
        if (!head) return;
        var o = document.createElement("option");
        o.value = b.getAttribute("data-family");
        o.textContent = head.textContent.trim();
        familySelect.appendChild(o);
      });
      familySelect.addEventListener("change", apply);
      fwrap.appendChild(fcap);
      fwrap.appendChild(familySelect);
      bar.insertBefore(fwrap, bar.firstChild);
      var bwrap = document.createElement("label");
      bwrap.className = "tafl-filter-board";
      boardBox = document.createElement("input");
      boardBox.type = "checkbox";
      boardBox.setAttribute("data-filter", "board");
      boardBox.addEventListener("change", apply);
      var bcap = document.createElement("span");
      bcap.textContent = T.board;
      bwrap.appendChild(boardBox);
      bwrap.appendChild(bcap);
      bar.appendChild(bwrap);
    }
    container.insertBefore(bar, container.firstChild);
    container.appendChild(count);
    apply();
  }

  function citeUrls() {
    var here = location.href.split("#")[0];
    Array.prototype.forEach.call(document.querySelectorAll(".tafl-cite[data-path]"), function (box) {
      var path = box.getAttribute("data-path");
      if (!path || /^https?:/.test(path)) return;
      Array.prototype.forEach.call(box.querySelectorAll("code"), function (code) {
        code.textContent = code.textContent.split(path).join(here);
      });
    });
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll(".tafl-variant-table"), enhance);
    citeUrls();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
