import { createContext, useContext } from 'react';
import type { Persistor } from 'redux-persist';

export const PersistorContext = createContext<Persistor | null>(null);

export function usePersistor(): Persistor | null {
  return useContext(PersistorContext);
}
