import { Link } from 'react-router';
import type { ReportColumn, ReportRow } from '../../../../domain/reports/api-contract';
import { cellText } from '../../../../domain/reports/cells';
import { donorPagePath } from '../../../config/paths';
import listStyles from '../../../components/data-table/list-page.module.css';
import styles from './reports.module.css';

/** A cell, with the columns shown under it (`under`) as muted lines. */
export function ReportCellView({ column, row, below = [] }: { column: ReportColumn; row: ReportRow; below?: readonly ReportColumn[] }) {
  // A date or an amount says what it is ('Pledge of 12-01-2029'); a text (an address, an e-mail) or a phone speaks for itself.
  const extra = below
    .map((c) => ({ key: c.key, value: cellText(c, row[c.key]), labelled: c.kind !== 'text' && c.kind !== 'phone', header: c.header }))
    .filter((x) => x.value)
    .map((x) => ({ key: x.key, text: x.labelled ? `${x.header} ${x.value}` : x.value }));
  if (extra.length === 0) return <CellValue column={column} row={row} />;
  return (
    <span className={listStyles.stack}>
      <CellValue column={column} row={row} />
      {extra.map((x) => (
        <span key={x.key} className={`${listStyles.muted} ${styles.clamp}`} title={x.text}>
          {x.text}
        </span>
      ))}
    </span>
  );
}

/** A cell; the donor's name links to the donor's page; long texts (memos) keep to two lines, whole on hover. */
function CellValue({ column, row }: { column: ReportColumn; row: ReportRow }) {
  const text = cellText(column, row[column.key]);
  if (!text) return <span aria-hidden="true">—</span>;
  if (column.key === 'donor_name' && row.donor_id) return <Link to={donorPagePath(String(row.donor_id))}>{text}</Link>;
  if (column.kind === 'text' && column.width >= 20)
    return (
      <span className={styles.clamp} title={text}>
        {text}
      </span>
    );
  return <>{text}</>;
}
