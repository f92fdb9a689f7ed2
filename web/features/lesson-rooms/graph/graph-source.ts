import { createContext } from 'react';
import type * as Y from 'yjs';

/** The board document a graph element reads its content from: the live one, or the replay's at its step. */
export const GraphSource = createContext<Y.Doc | null>(null);
