// A PGN record as the viewer's tree (the PgnGame of /work/notes/TREE.md), built with
// chessops (a devDependency, GPL: used by the tests only, never shipped). The viewer's
// tests feed it to `board.view(tree)` so they cover comments, variations, NAGs,
// [%cal]/[%csl] and [%clk] before the core's own `Chess.prototype.tree()` lands; once it
// has, the same tests also run through the element's `pgn` attribute.
import { parseComment, parsePgn, startingPosition } from "chessops/pgn";
import { makeSanAndPlay, parseSan } from "chessops/san";
import { makeFen } from "chessops/fen";
import { makeSquare, makeUci } from "chessops/util";

const COLORS = { green: "green", red: "red", yellow: "yellow", blue: "blue" };

function annotations(texts = []) {
  const out = { comments: [], arrows: [], circles: [], clock: undefined };
  for (const t of texts) {
    // The core reads each run of line breaks in a comment as one space, as chess.js does
    // (chessops keeps them).
    const c = parseComment(t.replace(/[\r\n]+/g, " "));
    if (c.text.trim()) out.comments.push(c.text.trim());
    for (const s of c.shapes) {
      if (s.from === s.to) out.circles.push({ square: makeSquare(s.from), color: COLORS[s.color] });
      else out.arrows.push({ from: makeSquare(s.from), to: makeSquare(s.to), color: COLORS[s.color] });
    }
    if (c.clock !== undefined) out.clock = c.clock;
  }
  return out;
}

/** The node for `child`, played on `pos` (which it changes). */
function node(child, pos, ply) {
  const move = parseSan(pos, child.data.san);
  if (!move) throw new Error(`chessops: bad SAN ${child.data.san}`);
  const color = pos.turn === "white" ? "w" : "b";
  const moveNumber = pos.fullmoves;
  const target = pos.board.get(move.to);
  const castle = pos.board.get(move.from)?.role === "king" && target?.role === "rook" && target.color === pos.turn;
  const from = makeSquare(move.from);
  let to = makeSquare(move.to);
  if (castle) to = (move.to > move.from ? "g" : "c") + from.charAt(1);
  const uci = makeUci(move);
  const san = makeSanAndPlay(pos, move);
  const a = annotations(child.data.comments);
  const n = {
    ply, moveNumber, color, san, uci, from, to, fen: makeFen(pos.toSetup()),
    startingComments: annotations(child.data.startingComments).comments,
    comments: a.comments, nags: child.data.nags ?? [], arrows: a.arrows, circles: a.circles,
    commands: [], variations: [],
  };
  if (a.clock !== undefined) n.clock = a.clock;
  return n;
}

/** A line starting with `child`, and the alternatives to it. */
function line(child, alternatives, pos, ply) {
  const out = [];
  let c = child;
  let alts = alternatives;
  while (c) {
    const before = pos.clone();
    const n = node(c, pos, ply);
    n.variations = alts.map((v) => line(v, [], before.clone(), ply));
    out.push(n);
    [c, ...alts] = c.children;
    ply++;
  }
  return out;
}

/** The first game of `text` as a PgnGame. */
export function treeOf(text) {
  const [game] = parsePgn(text);
  const pos = startingPosition(game.headers).unwrap();
  const startFen = makeFen(pos.toSetup());
  const [first, ...alts] = game.moves.children;
  const a = annotations(game.comments);
  const headers = Object.fromEntries(game.headers);
  const v = (headers.Variant ?? "").toLowerCase();
  return {
    headers, startFen, variant: v.includes("960") ? "chess960" : "standard",
    comments: a.comments, arrows: a.arrows, circles: a.circles,
    moves: first ? line(first, alts, pos, 1) : [], result: headers.Result ?? "*",
  };
}
