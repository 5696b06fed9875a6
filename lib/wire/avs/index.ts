// The AVS Meldeschein web service on the wire (SOAP 1.1, document/literal): the messages, their
// reading and writing, envelopes and faults, and the answer codes. Shared by the service's AVS
// face and the portal's AVS client; it imports neither.
export * from './codes';
export * from './messages';
export * from './columns';
export * from './envelope';
export { AVS_NS, SOAP_NS, type XNode } from './xml';
export type { ReadProblem, ValueOf } from './schema';
