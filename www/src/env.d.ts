// `import css from "./style.css"`: the stylesheet's text (esbuild's text loader, minified
// by www/build.mjs).
declare module "*.css" {
  const text: string;
  export default text;
}
