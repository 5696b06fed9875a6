// `import '#server-only'` (package.json "imports"): the `server-only` marker for modules that the
// guest's Pages Router pages import too (decision 022). Next refuses the `server-only` package
// anywhere in the Pages Router, also in getServerSideProps' server bundle, where it is right. This
// marker keeps its guarantee where it matters: in a browser bundle `#server-only` is the
// `server-only` package itself (which fails there); on the server it is this empty module.
export {};
