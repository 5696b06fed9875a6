// The service's limits the form checks in the browser. Copies of lib/wire/meldeschein.ts's
// constants (a unit test keeps them equal): importing that module would bring its full zod
// schemas into the browser bundle of the guest form.
export const MAX_GUESTS_PER_FORM = 200;
export const MAX_ANZAHL = 9999;
