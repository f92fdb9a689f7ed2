/**
 * Where a document's archived update log lives in R2, written by its room and read back by the lesson replay; the
 * format is in schema/contracts/doc-history.ts.
 */
export { decodeHistory, encodeHistory, type HistoryEntry } from '../../schema/contracts/doc-history';

export const historyPrefix = (tenantId: string, docName: string) => `${tenantId}/doc-history/${docName}/`;

export const historyKey = (tenantId: string, docName: string, firstSeq: number, lastSeq: number) =>
  `${historyPrefix(tenantId, docName)}${firstSeq}-${lastSeq}.bin`;
