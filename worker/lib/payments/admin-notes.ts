import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { PaymentNote } from '../../../schema/contracts/payment-records';
import type { AdminNote } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';

/**
 * The admins' notes of a payment history record or a transaction log, kept as a JSON list on the row. Each change is
 * one statement that edits the list in SQL, so two admins writing at once both keep theirs.
 */
export function newNote(actor: Actor, note: string): AdminNote {
  return { _id: newId(), note, createdBy: actor.userId, createdAt: new Date().toISOString() };
}

export const withNote = (column: SQLiteColumn, entry: AdminNote): SQL => sql`json_insert(${column}, '$[#]', json(${JSON.stringify(entry)}))`;

export const withoutNote = (column: SQLiteColumn, noteId: string): SQL =>
  sql`(select json_group_array(json(value)) from json_each(${column}) where json_extract(value, '$._id') <> ${noteId})`;

export const noteViews = (notes: AdminNote[]): PaymentNote[] => notes.map(({ _id, note, createdBy, createdAt }) => ({ _id, note, createdBy, createdAt }));
