// Tafl-Kompendium: progressive enhancements for generated pages. Without JavaScript every
// table is a plain table and every text is readable as it is.
//
// 1. Tables inside `.tafl-variant-table` get a sort button in every heading and a filter
//    (select) for every column but the first; values marked "*" (assumed) filter and sort
//    with the mark removed; leading numbers sort numerically ("9×9" < "11×11"). "—" (a variant
//    without a board: no value) is a filter value like any other and sorts last either way
//    (rows and filter options).
// 2. "Cite this page" (`.tafl-cite[data-path]`) shows the page's absolute URL.
(function () {
  "use strict";

  var de = (document.documentElement.lang || "de").slice(0, 2) === "de";
  var T = de
    ? { all: "alle", shown: "{n} von {m} Varianten" }
    : { all: "all", shown: "{n} of {m} variants" };

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
    var tbody = table.tBodies[0];
    var heads = table.tHead ? Array.prototype.slice.call(table.tHead.rows[0].cells) : [];
    var rows = Array.prototype.slice.call(tbody.rows);
    var filters = [];

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
        row.hidden = !ok;
        if (ok) shown += 1;
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
        rows.slice().sort(function (r1, r2) {
          var a = cellValue(r1.cells[col]), b = cellValue(r2.cells[col]);
          if ((a === NONE) !== (b === NONE)) return a === NONE ? 1 : -1;
          return sign * compare(a, b);
        }).forEach(function (r) { tbody.appendChild(r); });
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
