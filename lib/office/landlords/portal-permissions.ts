// The landlords' permission strings (spec, DECISIONS 2.4) as the office offers them for an account.
export { PERMISSIONS as PORTAL_PERMISSIONS } from '../../wire/config';
