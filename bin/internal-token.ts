import { randomBytes } from 'node:crypto';

/** A fresh internal token for a launcher that starts every process itself (never printed). */
export const generateInternalToken = (): string => randomBytes(32).toString('hex');
