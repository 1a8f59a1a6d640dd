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

const CSS = `
:host{display:block;width:var(--c960-size,100%);max-width:100%;
--l:var(--c960-light,#eedcbf);--d:var(--c960-dark,#b48a66);
--hl:var(--c960-last,rgba(205,210,60,.45));--sel:var(--c960-selected,rgba(20,85,30,.5));
--dot:var(--c960-dest,rgba(20,85,30,.45));--chk:var(--c960-check,#e0201a);
--wp:var(--c960-white-piece,#fbfaf6);--bp:var(--c960-black-piece,#2b2724);
--ol:var(--c960-outline,#1d1a17);--acc:var(--c960-accent,#3d7a4a);
font:var(--c960-font,500 14px/1.3 system-ui,sans-serif);color:var(--c960-text,inherit)}
:host([hidden]){display:none}
*{box-sizing:border-box}
.wrap{position:relative}
.board{position:relative;display:grid;grid-template:repeat(8,1fr)/repeat(8,1fr);aspect-ratio:1;
container-type:size;touch-action:none;user-select:none;-webkit-user-select:none;
border-radius:var(--c960-radius,4px);overflow:hidden;box-shadow:var(--c960-shadow,0 2px 10px rgba(0,0,0,.25))}
.row{display:contents}
.sq{position:relative;background:var(--l);outline:none}
.sq.dk{background:var(--d)}
.sq.last{background-image:linear-gradient(var(--hl),var(--hl))}
.sq.sel{background-image:linear-gradient(var(--sel),var(--sel))}
.sq.chk{background-image:radial-gradient(var(--chk) 0,rgba(224,32,26,.55) 35%,transparent 72%)}
.sq:focus-visible{box-shadow:inset 0 0 0 3px var(--c960-focus,#2f7fdf);z-index:2}
.sq.dest::before{content:"";position:absolute;inset:37%;border-radius:50%;background:var(--dot);z-index:1;pointer-events:none}
.sq.dest.occ::before{inset:0;border-radius:0;background:radial-gradient(transparent 0 68%,var(--dot) 69%)}
.sq.dest.hov{background-image:linear-gradient(var(--dot),var(--dot))}
.sq.dest.hov::before{display:none}
.sq.castle::before{inset:4%;border-radius:50%;background:none;border:.5cqw dashed var(--dot)}
.pc{position:absolute;inset:0;width:100%;height:100%;pointer-events:none}
.pc path{stroke-width:1.5;stroke-linejoin:round;stroke-linecap:round}
.pc.w path{fill:var(--wp);stroke:var(--ol)}
.pc.b path{fill:var(--bp);stroke:var(--ol)}
.pc path.d{fill:none}
.pc.b path.d{stroke:var(--wp)}
.pc path.l{fill:none;stroke-width:2}
.pc.w path.e{fill:var(--ol);stroke:none}.pc.b path.e{fill:var(--wp);stroke:none}
.sq.ghost .pc{opacity:.3}
.prev{position:absolute;inset:0;opacity:.35;pointer-events:none}
.prev.on{opacity:.7}
.cr,.cf{position:absolute;font-size:2.3cqw;font-weight:700;pointer-events:none;line-height:1}
.cr{left:4%;top:4%}.cf{right:5%;bottom:3%}
.sq .cr,.sq .cf{color:var(--d)}.sq.dk .cr,.sq.dk .cf{color:var(--l)}
.drag{position:absolute;left:0;top:0;width:12.5%;height:12.5%;pointer-events:none;z-index:10;
will-change:transform;filter:drop-shadow(0 6px 6px rgba(0,0,0,.35))}
.drag .pc{transform:scale(1.12)}
.ov{position:absolute;inset:0;z-index:20;display:grid;grid-template:repeat(8,1fr)/repeat(8,1fr);
background:rgba(20,20,20,.45)}
.pick{position:relative;border:0;margin:0;padding:0;background:#f6f3ee;border-radius:50%;cursor:pointer;
box-shadow:0 2px 6px rgba(0,0,0,.35);transition:background .12s}
.pick:hover,.pick:focus-visible{background:#fff;border-radius:12%;outline:3px solid var(--acc)}
.card{grid-area:3/2/7/8;align-self:center;justify-self:center;background:var(--c960-card,#fbfaf7);color:#222;
border-radius:10px;padding:5cqw 6cqw;text-align:center;box-shadow:0 10px 30px rgba(0,0,0,.4);font-size:max(13px,3.4cqw)}
.card h2{margin:0 0 1cqw;font-size:1.5em}.card p{margin:0 0 3cqw;opacity:.75}
.card button{font:inherit;font-size:.9em;margin:.4em;padding:.5em 1em;border-radius:6px;border:1px solid #bbb;background:#fff;cursor:pointer}
.card button.main{background:var(--acc);color:#fff;border-color:var(--acc)}
.card button:hover{filter:brightness(1.07)}
.ov.end{background:rgba(20,20,20,.3)}
.bar{display:flex;align-items:center;justify-content:center;gap:.5em;min-height:2.4em;padding:.35em 0;flex-wrap:wrap}
.bar[hidden],.nav[hidden],.ov[hidden],.drag[hidden]{display:none}
.cap{flex:1 1 auto;text-align:center}
.nav button{font:inherit;min-width:2.4em;padding:.3em .6em;border-radius:6px;border:1px solid rgba(128,128,128,.5);
background:var(--c960-button,rgba(128,128,128,.12));color:inherit;cursor:pointer}
.nav button[aria-disabled=true]{opacity:.4;cursor:default}
.fail{display:grid;place-items:center;aspect-ratio:1;padding:10%;text-align:center;font-size:1.15em;
background:var(--l);color:#222;border:2px dashed var(--d);border-radius:var(--c960-radius,4px)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
