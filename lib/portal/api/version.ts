import pkg from '../../../package.json';

export const PORTAL_VERSION: string = pkg.version;
/** Identifies the portal to the service (spec 1.1 rule 2: ideally unique per calling system). */
export const USER_AGENT = `Meldeportal/${PORTAL_VERSION} (landlord portal; node)`;
