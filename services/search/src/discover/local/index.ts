export type { LoadDocumentsOptions, LocalDocument } from './load-documents.ts';
export { DEFAULT_MAX_DOCUMENT_BYTES, FOLDER_EXTENSIONS, corpusNameOf, loadDocuments, loadFolder, loadJsonlCorpus } from './load-documents.ts';
export type { BuildLocalIndexOptions, LocalIndexHeader, LocalSearchHit, LocalSearchOptions } from './local-index.ts';
export { LOCAL_INDEX_FORMAT_VERSION, LOCAL_INDEX_LIBRARY, LocalIndex, LocalIndexFormatError } from './local-index.ts';
export type { LocalDiscoverProvider, LocalProviderOptions } from './local-provider.ts';
export { LOCAL_PROVIDER_NAME, createLocalProvider } from './local-provider.ts';
