import { writeFile } from 'node:fs/promises';

import { renderConfigurationDoc, renderErrorsDoc } from './render-docs.ts';

const root = new URL('../../docs/', import.meta.url);
await writeFile(new URL('errors.md', root), renderErrorsDoc());
await writeFile(new URL('configuration.md', root), renderConfigurationDoc());
console.log('wrote docs/errors.md and docs/configuration.md');
