import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  context?: ReactNode;
  action?: ReactNode;
}

/** The header row every page shares: title, short context line, primary action on the right. */
export function PageHeader({ title, context, action }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {context && <p className={styles.context}>{context}</p>}
      </div>
      {action && <div className={styles.actions}>{action}</div>}
    </div>
  );
}
