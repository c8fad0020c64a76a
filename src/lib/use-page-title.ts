import { useEffect } from 'react';
import { config } from '../config/env';

export function pageTitle(name: string): string {
  return `${name} | ${config.companyName}`;
}

/** Sets document.title to "<Page name> | <company>". */
export function usePageTitle(name: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
