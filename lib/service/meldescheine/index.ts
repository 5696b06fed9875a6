// The registration-form domain as the rest of the service uses it: one function per call, and
// what the guest-card PDF (get-pdf, append_pdf) needs to load, describe and record a print.
export { bookForms } from './book';
export { updateForm } from './update';
export { readForms, loadForms } from './read';
export { cancelForms } from './cancel';
export { resolveScope, type FormScope } from './access';
export { formResponse, type StoredForm } from './form-wire';
export { loadFormsForPrint, cardSources, recordPrint, type CardSource } from './print';
export { runStateJobs, sweepDeparted } from './states';
export { clearGemeindeConfigCache } from './config';
export { berlinDate } from './stamps';
