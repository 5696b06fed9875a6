// A worker thread of the card renderer's pool (draw.ts): the same pure renderer, loaded through
// tsx's API because a worker is a plain Node module loader in every host that runs the service
// (server.ts under tsx, vitest, Next's dev server), and render.ts is TypeScript.
import { tsImport } from 'tsx/esm/api';

const { renderKurkarten } = await tsImport('./render.ts', import.meta.url);

/** The PDF of these cards. */
export default function render(cards) {
  return renderKurkarten(cards);
}

/** Answers once the renderer has loaded: the pool's start-up check. */
export function ready() {
  return true;
}
