// The office's pages read the service's own database in-process (docs/decisions/030).
export { serviceDb } from '../bootstrap';
