import type { ReportColumn, ReportRow } from '../../../../domain/reports/api-contract';
import styles from './breakdown-notes.module.css';

/** One footnote of a breakdown: a text of a column shown `under` another (a rule's source, say). */
export interface BreakdownFootnote {
  id: string;
  number: number;
  rowId: string;
  /** The shown column whose cell carries the mark. */
  under: string;
  header: string;
  text: string;
}

/** The footnotes of `rows`, numbered in row order: one per non-empty text of a column that has `under`. */
export function footnotesOf(rows: readonly ReportRow[], noted: readonly ReportColumn[], idPrefix: string): BreakdownFootnote[] {
  const notes: BreakdownFootnote[] = [];
  for (const row of rows) {
    for (const c of noted) {
      const text = row[c.key];
      if (text === null || text === undefined || text === '') continue;
      const number = notes.length + 1;
      notes.push({ id: `${idPrefix}-note-${number}`, number, rowId: row.row_id, under: c.under!, header: c.header, text: String(text) });
    }
  }
  return notes;
}

/** The breakdown's note line and its numbered footnotes (under its table). */
export function BreakdownNotes({ note, footnotes }: { note: string | null; footnotes: readonly BreakdownFootnote[] }) {
  if (!note && footnotes.length === 0) return null;
  return (
    <div className={styles.notes}>
      {note && <p className={styles.note}>{note}</p>}
      {footnotes.length > 0 && (
        <ol className={styles.footnotes} aria-label={footnotes[0]!.header}>
          {footnotes.map((f) => (
            <li key={f.id} id={f.id} value={f.number}>
              {f.text}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
