// Tafl-Kompendium board: side lines of a game, as a chess site's analysis board keeps them (no
// DOM, no engine; unit-tested with `node --test`, tests/js/lines.test.mjs).
//
// The tree is one level deep: a main line (move texts from the game's start `origin`) and side
// lines, each `{at, moves}`: the main line's first `at` moves, then its own `moves` (so every
// side line is a whole line by itself). `path` says which line the engine plays now: null the
// main line, else a side line's index. The engine holds one line at a time (its moves played
// and taken back, bridge `history` + `future`); `follow` keeps the tree in step with it after
// every answer, and turns a move played at a past position while analysing into a new side line
// instead of letting the engine's line drop the rest.

/** A tree of the one line `moves` from `origin` {otn, to_move}. */
export function newLines(origin, moves) {
  return { origin: { otn: origin.otn ?? null, to_move: origin.to_move ?? null }, main: [...moves], sides: [], path: null };
}

/** The line of `path` (null: the main line; else a side line's index) as move texts. */
export function lineOf(t, path = t.path) {
  if (path === null) return t.main;
  const s = t.sides[path];
  return t.main.slice(0, s.at).concat(s.moves);
}

/** How many moves `a` and `b` share from their start. */
export function commonPrefix(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function setPath(t, line) {
  if (t.path === null) t.main = [...line];
  else t.sides[t.path].moves = line.slice(t.sides[t.path].at);
}

/**
 * The tree after the engine's line became `line` (from `origin`): the same tree when the line
 * goes on (or is) the one of `t.path`; a new tree when the start changed or the line lost moves
 * without a new one (a restart, another game). A line that leaves the path at a past position
 * (another move played there) becomes a new side line, the path's own moves kept, when
 * `analysing`; otherwise it replaces the path's moves (the moves after it dropped, as in play).
 * Changes `t` in place; returns the tree to keep.
 */
export function follow(t, origin, line, analysing) {
  if (!t || t.origin.otn !== (origin.otn ?? null) || t.origin.to_move !== (origin.to_move ?? null)) return newLines(origin, line);
  const cur = lineOf(t);
  const c = commonPrefix(cur, line);
  if (c === cur.length) { setPath(t, line); return t; }
  if (c === line.length) return newLines(origin, line);
  if (!analysing) {
    if (t.path !== null && c < t.sides[t.path].at) return newLines(origin, line);
    setPath(t, line);
    return t;
  }
  const at = t.path === null ? c : Math.min(c, t.sides[t.path].at);
  t.sides.push({ at, moves: line.slice(at) });
  t.path = t.sides.length - 1;
  return t;
}

/**
 * Side line `i` made the main line: the main line's moves from its branch on become a side line
 * in its place; side lines that left the old main line after that branch keep their whole line
 * (they branch at the same point, the old main line's moves between in front). The engine's line
 * (lineOf) stays the same: `path` follows.
 */
export function promote(t, i) {
  const s = t.sides[i];
  if (!s) return t;
  const oldMain = t.main;
  const at = s.at;
  t.main = oldMain.slice(0, at).concat(s.moves);
  const sides = t.sides.map((o, k) => {
    if (k === i) return { at, moves: oldMain.slice(at) };
    if (o.at > at) return { at, moves: oldMain.slice(at, o.at).concat(o.moves) };
    return o;
  });
  t.sides = sides;
  t.path = t.path === i ? null : t.path === null ? i : t.path;
  return t;
}

/** Side line `i` deleted; the path leaves it for the main line (the caller moves the engine
 *  there). Returns whether the path was on it. */
export function removeSide(t, i) {
  if (!t.sides[i]) return false;
  const was = t.path === i;
  t.sides.splice(i, 1);
  if (was) t.path = null;
  else if (t.path !== null && t.path > i) t.path--;
  return was;
}

/**
 * The lines to show beside the engine's line (the path) at each of its branch points:
 * [{at, line: "main" | index, moves}] — `moves` those after the first `at` (the branch: the
 * position after `at` moves of the path), in the order they were made. Beside the main line:
 * the side lines. Beside a side line: the side lines that branch before it (the path shares
 * their start), the main line's own moves and the other side lines at its branch.
 */
export function alternatives(t) {
  const out = [];
  if (t.path === null) {
    t.sides.forEach((s, k) => out.push({ at: s.at, line: k, moves: s.moves }));
    return out;
  }
  const at = t.sides[t.path].at;
  t.sides.forEach((s, k) => {
    if (k !== t.path && s.at < at) out.push({ at: s.at, line: k, moves: s.moves });
  });
  out.push({ at, line: "main", moves: t.main.slice(at) });
  t.sides.forEach((s, k) => {
    if (k !== t.path && s.at === at) out.push({ at, line: k, moves: s.moves });
  });
  return out.filter((a) => a.moves.length);
}
