// What a staff account may do, from its permission strings (docs/decisions/030). Every page and
// action of the office asks for one of them through verifyStaff(); nothing is implied by another.
export const OFFICE_PERMISSIONS = [
  /** Figures and billing lists, read only. */
  'office.view_figures',
  /** Landlords, their objects and accounts: create, edit, deactivate. */
  'office.manage_landlords',
  /** Tariffs, zones, seasons, rates, guest fields. */
  'office.configure',
  /** Mark a landlord's month billed (sets the forms' invoice and faktura date). */
  'office.bill',
  /** The audit log of staff changes. */
  'office.view_audit',
  /** Staff accounts: create, change rights, deactivate, reset the second factor. */
  'office.manage_staff',
  /** A landlord's forms with the guests' data, exported for the authorities (BMG § 30(4)). */
  'office.inspect',
] as const;

export type OfficePermission = (typeof OFFICE_PERMISSIONS)[number];

export function isOfficePermission(value: string): value is OfficePermission {
  return (OFFICE_PERMISSIONS as readonly string[]).includes(value);
}

export function hasPermission(
  staff: { permissions: ReadonlySet<string> },
  permission: OfficePermission,
): boolean {
  return staff.permissions.has(permission);
}
