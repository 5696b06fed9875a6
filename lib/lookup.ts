// A catalogue looked up by a string from outside (a URL parameter, an error code): own keys only.
// A plain object inherits `__proto__`, `constructor` and `toString` from Object.prototype, so
// `messages[code]` with such a code from a URL handed React a function or an object and the page
// answered 500. Client-safe.

/** `record[key]` when `key` is the record's own key, else undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string | null | undefined) {
  return key != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
