import { useEffect, useId, useState } from 'react';
import styles from './search-box.module.css';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  label: string;
  /** The search in effect (e.g. from the URL); the box follows it when it changes from outside. */
  value: string;
  /** Called with the trimmed text once typing pauses (or at once on Enter). */
  onSearch: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
  /** Hide the label visually (it still names the box). */
  hideLabel?: boolean;
  className?: string;
}

/** A labelled search input that reports what was typed after a pause (debounced), for server-side search. */
export function SearchBox({ label, value, onSearch, placeholder, delayMs = SEARCH_DEBOUNCE_MS, hideLabel = false, className }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  /** The search this box sent and the page has not passed back yet: when it comes back, what was typed since stays. */
  const [sent, setSent] = useState<string | null>(null);

  // Back/forward or a reset changed the search: show it. (Not our own search coming back: typing may have
  // gone on while it made its round trip through the page's URL, and those keys must not be lost.)
  if (value !== followed) {
    setFollowed(value);
    if (value === sent) setSent(null);
    else if (text.trim() !== value) setText(value);
  }

  const search = (wanted: string) => {
    setSent(wanted);
    onSearch(wanted);
  };

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      onSearch(wanted);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs, onSearch]);

  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (text.trim() !== value) search(text.trim());
          }
        }}
      />
    </div>
  );
}
