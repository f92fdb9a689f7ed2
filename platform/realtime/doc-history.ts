import { decodeHistory, type HistoryEntry } from '../../schema/contracts/doc-history';

/**
 * Where a document's archived update log lives in R2: its room writes a part per compaction, the lesson replay reads
 * them all back. The format is in schema/contracts/doc-history.ts.
 */
export { decodeHistory, encodeHistory, type HistoryEntry } from '../../schema/contracts/doc-history';

const historyPrefix = (tenantId: string, docName: string) => `${tenantId}/doc-history/${docName}/`;

export const historyKey = (tenantId: string, docName: string, firstSeq: number, lastSeq: number) =>
  `${historyPrefix(tenantId, docName)}${firstSeq}-${lastSeq}.bin`;

/**
 * Every archived update of a document, in the order it was made. Time first: rooms that numbered their log from 1
 * again after each compaction left archives whose numbers overlap. A row archived twice (stored while an archive was
 * uploading) shows once.
 */
export async function readHistory(files: R2Bucket, tenantId: string, docName: string): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let cursor: string | undefined;
  do {
    const listed = await files.list({ prefix: historyPrefix(tenantId, docName), cursor });
    for (const object of listed.objects) {
      const body = await files.get(object.key);
      if (body) entries.push(...decodeHistory(new Uint8Array(await body.arrayBuffer())));
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  entries.sort((a, b) => a.at - b.at || a.seq - b.seq);
  return entries.filter((e, i) => i === 0 || e.seq !== entries[i - 1]!.seq || e.at !== entries[i - 1]!.at);
}
