/** The donors' part of a language's staff catalogue, made at build time (vite.config.ts, `donorCatalogue`). */
declare module 'virtual:donor-catalogue/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
