import { stat } from 'node:fs/promises';

import type { Logger } from '@rankgate/platform/logger';
import type { Candidate } from '@rankgate/ranking';
import { ProviderNotConfiguredError, ProviderUpstreamError } from '../discover-errors.ts';
import type { DiscoverOptions, DiscoverProvider } from '../discover-provider.ts';
import { loadDocuments } from './load-documents.ts';
import { LocalIndex } from './local-index.ts';

const LOCAL_PROVIDER_NAME = 'local';

export interface LocalProviderOptions {
  /** An index file written by `npm run index` (LOCAL_INDEX_PATH). Used when it exists. */
  indexPath?: string;
  /** A `corpus.jsonl` or a folder (LOCAL_CORPUS): indexed in memory when there is no index file. */
  corpusPath?: string;
  /** For a folder corpus: documents get this base URL + their relative path instead of `file://` URLs. */
  baseUrl?: string;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface LocalDiscoverProvider extends DiscoverProvider {
  /**
   * Opens (or builds) the index now rather than on the first query: call it at boot to fail fast.
   * Rejects with the real cause (a LocalIndexFormatError tells to run `npm run index`).
   */
  init(): Promise<void>;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * The `local` discover provider: BM25 over the operator's own documents, offline. Uses the index
 * file when there is one, else indexes `corpusPath` in memory on first use; with neither it answers
 * every query with ProviderNotConfiguredError (LOCAL_CORPUS).
 */
export function createLocalProvider(options: LocalProviderOptions = {}): LocalDiscoverProvider {
  const { indexPath, corpusPath, baseUrl, logger } = options;
  let loading: Promise<LocalIndex> | undefined;
  let closed = false;

  async function load(): Promise<LocalIndex> {
    if (indexPath && (await isFile(indexPath))) {
      const index = await LocalIndex.open(indexPath);
      logger?.info(
        {
          provider: LOCAL_PROVIDER_NAME,
          indexPath,
          documents: index.header.document_count,
          builtAt: index.header.built_at,
        },
        'local index opened',
      );
      return index;
    }
    if (!corpusPath) throw new ProviderNotConfiguredError(LOCAL_PROVIDER_NAME, 'LOCAL_CORPUS');
    if (indexPath)
      logger?.warn(
        { provider: LOCAL_PROVIDER_NAME, indexPath },
        'no local index file: indexing LOCAL_CORPUS in memory (run `npm run index` to build it once)',
      );
    const started = performance.now();
    let skipped = 0;
    const documents = loadDocuments(corpusPath, {
      baseUrl,
      onWarning: (message) => {
        skipped += 1;
        logger?.warn({ provider: LOCAL_PROVIDER_NAME }, message);
      },
    });
    const index = await LocalIndex.build(documents, { source: corpusPath });
    logger?.info(
      {
        provider: LOCAL_PROVIDER_NAME,
        corpusPath,
        documents: index.header.document_count,
        skipped,
        buildMs: Math.round(performance.now() - started),
      },
      'local corpus indexed in memory',
    );
    return index;
  }

  function index(): Promise<LocalIndex> {
    if (closed) return Promise.reject(new Error('The local discover provider is closed.'));
    loading ??= load().then(
      (opened) => {
        if (closed) opened.close();
        return opened;
      },
      (error: unknown) => {
        loading = undefined; // a later call tries again (the operator may have run `npm run index` meanwhile)
        throw error;
      },
    );
    return loading;
  }

  return {
    name: LOCAL_PROVIDER_NAME,

    async init() {
      await index();
    },

    async discover(query: string, { maxCandidates, signal }: DiscoverOptions): Promise<Candidate[]> {
      signal.throwIfAborted();
      let opened: LocalIndex;
      try {
        opened = await index();
      } catch (error) {
        if (error instanceof ProviderNotConfiguredError || closed) throw error;
        // The cause (a stale index format, an unreadable corpus) goes to the log, not to the client.
        logger?.error({ provider: LOCAL_PROVIDER_NAME, err: error }, 'local index unavailable');
        throw new ProviderNotConfiguredError(
          LOCAL_PROVIDER_NAME,
          indexPath ? 'LOCAL_INDEX_PATH to a current index (`npm run index`)' : 'LOCAL_CORPUS',
        );
      }
      signal.throwIfAborted();
      const limit = Math.min(100, Math.max(1, Math.floor(maxCandidates) || 1));
      let hits;
      try {
        hits = opened.search(query, limit);
      } catch (error) {
        logger?.error({ provider: LOCAL_PROVIDER_NAME, err: error }, 'local index search failed');
        throw new ProviderUpstreamError(LOCAL_PROVIDER_NAME, 'could not search its index');
      }
      signal.throwIfAborted();
      return hits.map((hit, position): Candidate => ({
        title: hit.title || hit.url,
        url: hit.url,
        snippet: hit.snippet,
        // The snippet is a window on the document; ranking reads the document's text as well.
        ...(hit.text.length > hit.snippet.length ? { extra_snippets: [hit.text] } : {}),
        ...(hit.published_at ? { published_at: hit.published_at } : {}),
        provider_rank: position + 1,
        provider_score: hit.score,
      }));
    },

    async close() {
      closed = true;
      const pending = loading;
      loading = undefined;
      if (pending)
        await pending.then(
          (opened) => opened.close(),
          () => undefined,
        );
    },
  };
}
