import { writeFile } from 'node:fs/promises';

import { renderConfigurationDoc, renderEnvExample, renderErrorsDoc } from './render-docs.ts';

const root = new URL('../../docs/', import.meta.url);
await writeFile(new URL('errors.md', root), renderErrorsDoc());
await writeFile(new URL('configuration.md', root), renderConfigurationDoc());
await writeFile(new URL('../.env.example', root), renderEnvExample());
console.log('wrote docs/errors.md, docs/configuration.md and .env.example');
