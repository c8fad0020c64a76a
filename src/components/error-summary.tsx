import type { MouseEvent } from 'react';
import styles from './error-summary.module.css';

export interface ErrorSummaryItem {
  /** The id of the field the entry leads to (its link is `#id`). */
  fieldId: string;
  message: string;
}

/**
 * The GOV.UK error summary: at the top of a form after a failed submit, a `role="alert"` box with a
 * heading ("There is a problem") and one link per field in error, in the page's order. A link moves
 * the focus to its field and scrolls it into view (a plain `#id` jump would only scroll, and would
 * leave the label above the field out of view).
 */
export function ErrorSummary({ title, items }: { title: string; items: readonly ErrorSummaryItem[] }) {
  if (items.length === 0) return null;
  const follow = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  };
  return (
    <div className={styles.summary} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} onClick={(event) => follow(event, item.fieldId)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
