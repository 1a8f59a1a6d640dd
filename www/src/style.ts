/**
 * The board's styles, scoped by its shadow root. Theme with the custom properties.
 * Applied as a constructable stylesheet, so a Content-Security-Policy needs no
 * 'unsafe-inline' in style-src; a <style> element only where those are missing.
 */
export function styleRoot(root: ShadowRoot): void {
  if ("adoptedStyleSheets" in root && "replaceSync" in CSSStyleSheet.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement("style");
    style.textContent = CSS;
    root.appendChild(style);
  }
}

let sheet: CSSStyleSheet | undefined;

// Square, piece and overlay classes are the board's own, so selectors stay short
// (.dk, .dest, .b …); their order and specificity decide which highlight shows.
// Each rule starts a line here, but the string holds no newlines: every line ends in "\".
const CSS = `:host{display:block;width:var(--c960-size,100%);max-width:100%;\
--l:var(--c960-light,#eedcbf);--d:var(--c960-dark,#b48a66);\
--dot:var(--c960-dest,#14551e73);--wp:var(--c960-white-piece,#fbfaf6);\
--ol:var(--c960-outline,#1d1a17);--acc:var(--c960-accent,#3d7a4a);\
font:var(--c960-font,500 14px/1.3 system-ui,sans-serif);color:var(--c960-text,inherit)}\
:host([hidden]){display:none}\
*{box-sizing:border-box}\
.wrap,.board,.sq,.pick{position:relative}\
.board,.ov{display:grid;grid-template:repeat(8,1fr)/repeat(8,1fr)}\
.board{aspect-ratio:1;container-type:size;touch-action:none;user-select:none;-webkit-user-select:none;\
overflow:hidden;box-shadow:var(--c960-shadow,0 2px 10px #00000040)}\
.board,.fail{border-radius:var(--c960-radius,4px)}\
.row{display:contents}\
.sq{background:var(--l);color:var(--d);outline:none}\
.dk{background:var(--d);color:var(--l)}\
.last{background-image:linear-gradient(var(--c960-last,#cdd23c73) 0 0)}\
.sel{background-image:linear-gradient(var(--c960-selected,#14551e80) 0 0)}\
.chk{background-image:radial-gradient(var(--c960-check,#e0201a) 0,#e0201a8c 35%,transparent 72%)}\
.hov{background-image:linear-gradient(var(--dot) 0 0)}\
.sq:focus-visible{box-shadow:inset 0 0 0 3px var(--c960-focus,#2f7fdf);z-index:2}\
.pc,.prev,.cr,.cf,.drag,.ov,.sr,.dest:before{position:absolute;pointer-events:none}\
.dest:before{content:"";inset:37%;border-radius:50%;background:var(--dot);z-index:1}\
.dest.occ:before{inset:0;border-radius:0;background:radial-gradient(transparent 0 68%,var(--dot) 69%)}\
.hov:before{display:none}\
.castle:before{inset:4%;border-radius:50%;background:none;border:.5cqw dashed var(--dot)}\
.pc,.prev,.ov{inset:0}\
.pc{width:100%;height:100%}\
.pc path{fill:var(--wp);stroke:var(--ol);stroke-width:1.5;stroke-linejoin:round;stroke-linecap:round}\
.b path{fill:var(--c960-black-piece,#2b2724)}\
path.d,path.l{fill:none}\
.b .d{stroke:var(--wp)}\
path.l{stroke-width:2}\
path.e{fill:var(--ol);stroke:none}\
.b .e{fill:var(--wp)}\
.ghost .pc{opacity:.3}\
.prev{opacity:.35}\
.on{opacity:.7}\
.cr,.cf{font-size:2.3cqw;font-weight:700;line-height:1}\
.cr{left:4%;top:4%}\
.cf{right:5%;bottom:3%}\
.drag{left:0;top:0;width:12.5%;height:12.5%;z-index:10;will-change:transform;filter:drop-shadow(0 6px 6px #00000059)}\
.drag .pc{transform:scale(1.12)}\
.ov{z-index:20;background:#14141473;pointer-events:auto}\
.end{background:#1414144d}\
button{font:inherit;border-radius:6px;cursor:pointer}\
.pick{border:0;margin:0;padding:0;background:#f6f3ee;border-radius:50%;box-shadow:0 2px 6px #00000059;transition:background .12s}\
.pick:hover,.pick:focus-visible{background:#fff;border-radius:12%;outline:3px solid var(--acc)}\
.card{grid-area:3/2/7/8;place-self:center;background:var(--c960-card,#fbfaf7);color:#222;border-radius:10px;\
padding:5cqw 6cqw;text-align:center;box-shadow:0 10px 30px #0006;font-size:max(13px,3.4cqw)}\
h2{margin:0 0 1cqw;font-size:1.5em}\
p{margin:0 0 3cqw;opacity:.75}\
.card button{font-size:.9em;margin:.4em;padding:.5em 1em;border:1px solid #bbb;background:#fff}\
.card .main{background:var(--acc);color:#fff;border-color:var(--acc)}\
.card button:hover{filter:brightness(1.07)}\
.bar{display:flex;align-items:center;justify-content:center;gap:.5em;min-height:2.4em;padding:.35em 0;flex-wrap:wrap}\
.cap{flex:auto;text-align:center}\
.nav button{min-width:2.4em;padding:.3em .6em;border:1px solid #80808080;background:var(--c960-button,#8080801f);color:inherit}\
[aria-disabled=true]{opacity:.4;cursor:default}\
.fail{display:grid;place-items:center;aspect-ratio:1;padding:10%;text-align:center;font-size:1.15em;\
background:var(--l);color:#222;border:2px dashed var(--d)}\
.sr{width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}\
[hidden]{display:none}`;
