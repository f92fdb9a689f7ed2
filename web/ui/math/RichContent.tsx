import { useMemo } from 'react';
import { renderRichHtml } from './math';

/** A content block from the formula editor, sanitised and with its math rendered. */
export default function RichContent({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => renderRichHtml(html), [html]);
  return <div className={`rich-content ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
