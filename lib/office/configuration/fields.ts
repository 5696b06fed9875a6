// The municipality's guest fields (the meldeschein fields) as the office changes them: checked by
// the configuration file's own field schema, refused when stored forms would no longer read
// (docs/decisions/033), one transaction with the audit entry each (tx.ts).
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db';
import { meldescheinFields } from '../../db/schema';
import { FieldInput, fieldColumns } from '../../service/provisioning/schema';
import type { Actor } from '../audit/audit';
import { isUniqueViolation } from '../../db/errors';
import { ConfigRefused, formsWithField } from './guard';
import { change, found } from './tx';

export async function addField(db: Db, gemeindeId: number, input: FieldInput, actor: Actor) {
  const f = FieldInput.parse(input);
  try {
    return await change(db, gemeindeId, actor, 'field.create', async (tx) => {
      const [last] = await tx
        .select({ order: max(meldescheinFields.viewOrder) })
        .from(meldescheinFields)
        .where(eq(meldescheinFields.gemeindeId, gemeindeId));
      const [row] = await tx
        .insert(meldescheinFields)
        .values({
          gemeindeId,
          columnName: f.column_name,
          viewOrder: (last?.order ?? 0) + 10,
          ...fieldColumns(f),
        })
        .returning();
      return { result: row!.id, subject: `field:${row!.id}`, details: { gemeindeId, ...f } };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConfigRefused('column_taken', { column: f.column_name });
    throw err;
  }
}

async function lockField(tx: Db, gemeindeId: number, fieldId: number) {
  const [row] = await tx
    .select()
    .from(meldescheinFields)
    .where(and(eq(meldescheinFields.id, fieldId), eq(meldescheinFields.gemeindeId, gemeindeId)))
    .for('update');
  return found(row, 'field');
}

/**
 * A field's words, rules and flags; the column name stays (stored forms know the value by it).
 * Its data type changes only while no form holds a value of it: a stored date would not read as
 * a number.
 */
export async function updateField(
  db: Db,
  gemeindeId: number,
  fieldId: number,
  input: Omit<FieldInput, 'column_name'>,
  actor: Actor,
) {
  return change(db, gemeindeId, actor, 'field.update', async (tx) => {
    const row = await lockField(tx, gemeindeId, fieldId);
    const f = FieldInput.parse({ ...input, column_name: row.columnName });
    if (f.data_type !== row.dataType) {
      const forms = await formsWithField(tx, gemeindeId, row.columnName);
      if (forms) throw new ConfigRefused('field_type_in_use', { field: row.alias, forms });
    }
    await tx
      .update(meldescheinFields)
      .set({ ...fieldColumns(f), modified: new Date() })
      .where(eq(meldescheinFields.id, fieldId));
    return { result: fieldId, subject: `field:${fieldId}`, details: { ...f } };
  });
}

/** Refused while a form holds a value of the field (erased forms keep statistical ones). */
export async function deleteField(db: Db, gemeindeId: number, fieldId: number, actor: Actor) {
  return change(db, gemeindeId, actor, 'field.delete', async (tx) => {
    const row = await lockField(tx, gemeindeId, fieldId);
    const forms = await formsWithField(tx, gemeindeId, row.columnName);
    if (forms) throw new ConfigRefused('field_in_use', { field: row.alias, forms });
    await tx.delete(meldescheinFields).where(eq(meldescheinFields.id, fieldId));
    return { result: fieldId, subject: `field:${fieldId}`, details: { column: row.columnName } };
  });
}
