/** Where a document's archived update log lives in R2; the format is in schema/contracts/doc-history.ts. */
export { decodeHistory, encodeHistory, type HistoryEntry } from '../../schema/contracts/doc-history';

export const historyKey = (tenantId: string, docName: string, firstSeq: number, lastSeq: number) =>
  `${tenantId}/doc-history/${docName}/${firstSeq}-${lastSeq}.bin`;
