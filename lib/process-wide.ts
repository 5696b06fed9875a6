// State that must be one per process. server.ts (the service on bare node:http) and Next's bundle
// (the portal and the office) each load their own copy of a module, so a module-level cache that
// the office clears after a change would be cleared only in Next's copy while the service kept
// answering from its own. Such state lives on `globalThis` under a registered symbol instead.

/** A per-process slot: `get` makes the value on first use, `reset` drops it for every copy. */
export function processWide<T>(name: string, make: () => T): { get(): T; reset(): void } {
  const key = Symbol.for(`meldeportal.${name}`);
  const slots = globalThis as { [k: symbol]: T | undefined };
  return {
    get: () => (slots[key] ??= make()),
    reset: () => {
      slots[key] = undefined;
    },
  };
}
