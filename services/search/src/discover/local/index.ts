export { loadDocuments } from './load-documents.ts';
export { LocalIndex } from './local-index.ts';
export { createLocalProvider } from './local-provider.ts';
