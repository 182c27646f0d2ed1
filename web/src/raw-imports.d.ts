/** Vite's `?raw` imports: the file's text (the Privacy page reads docs/product.md this way). */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
