/** Vite's `?inline` CSS import: the stylesheet's text (for a shadow root's adopted sheets). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
