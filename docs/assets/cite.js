// Tafl-Kompendium: "cite this page" (build_tools/templates/variant.md.j2, div.tafl-cite).
// The page is built without knowing who reads it when: this script writes the reader's own
// date (local calendar day) into the citation on load and again on every copy, and the page's
// address -- the build's absolute one (data-url, from site_url) or else the page's own, without
// query (?h=… from the search) or fragment -- into it. Copy buttons sit beside the text.
(function () {
  "use strict";

  function pad(n) { return String(n).padStart(2, "0"); }

  /** The reader's calendar day as YYYY-MM-DD (local time, not UTC). */
  function isoDay(d) {
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  }

  /** The day as a common style writes it: "2. Dezember 2026" / "December 2, 2026". */
  function longDay(d, lang) {
    try {
      return d.toLocaleDateString(lang === "de" ? "de-DE" : "en-US",
                                  { day: "numeric", month: "long", year: "numeric" });
    } catch (e) {
      return isoDay(d);
    }
  }

  /** The address to cite: data-url when the build knew the site's address, else this page's. */
  function pageAddress(block) {
    var fixed = block.getAttribute("data-url");
    if (fixed) return fixed;
    var loc = window.location;
    if (loc.protocol === "http:" || loc.protocol === "https:") return loc.origin + loc.pathname;
    return loc.href.split("#")[0].split("?")[0];
  }

  function fill(block) {
    var now = new Date();
    var lang = block.getAttribute("data-lang") || document.documentElement.lang || "en";
    var url = pageAddress(block);
    block.querySelectorAll('[data-cite="url"]').forEach(function (el) { el.textContent = url; });
    block.querySelectorAll('[data-cite="date"]').forEach(function (el) { el.textContent = longDay(now, lang); });
    block.querySelectorAll('[data-cite="isodate"]').forEach(function (el) { el.textContent = isoDay(now); });
    block.setAttribute("data-filled", isoDay(now));
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      if (ok) resolve(); else reject(new Error("copy refused"));
    });
  }

  function mount(block) {
    if (block.hasAttribute("data-ready")) return;
    block.setAttribute("data-ready", "");
    fill(block);
    block.querySelectorAll("[data-cite-copy]").forEach(function (button) {
      button.addEventListener("click", function () {
        fill(block);  // the date of the copy, should the page have stayed open past midnight
        var which = button.getAttribute("data-cite-copy");
        var pre = block.querySelector(".tafl-cite-" + which);
        if (!pre) return;
        var text = pre.textContent;
        block.setAttribute("data-copied-text", text);
        copyText(text).then(function () {
          button.textContent = block.getAttribute("data-copied") || "Copied";
          setTimeout(function () { button.textContent = block.getAttribute("data-copy") || "Copy"; }, 2000);
        }, function () {
          var range = document.createRange();
          range.selectNodeContents(pre);
          var sel = window.getSelection();
          sel.removeAllRanges();
          sel.addRange(range);
        });
      });
    });
  }

  function mountAll() { document.querySelectorAll(".tafl-cite").forEach(mount); }

  // Material's instant navigation swaps pages without a load event: document$ when present.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
})();
