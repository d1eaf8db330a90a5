/**
 * Where the evaluation data lives: `/work/shared/data/` beside the checkout (the repository's
 * parent folder holds `shared/data/`), or EVAL_DATA_DIR. Eval only: the product never reads it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the data folder (EVAL_DATA_DIR overrides the default). */
export const DATA_DIR: string =
  process.env.EVAL_DATA_DIR || fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/** The repository root (for `.bench/` and `docs/`). */
export const REPO_ROOT: string = fileURLToPath(new URL('../../', import.meta.url));

export const dataPath = (...parts: string[]): string => join(DATA_DIR, ...parts);

/** True when every listed file exists under the data folder. */
export const dataAvailable = (...files: string[]): boolean => files.every((file) => existsSync(dataPath(file)));
