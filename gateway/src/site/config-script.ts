import type { FastifyInstance } from 'fastify';

import type { GatewayConfig } from '../config.ts';

export type SiteDemoConfig = Pick<GatewayConfig, 'DEMO_MODE' | 'DEMO_API_KEY'>;

/** What the website's script reads: whether to search with the public demo key, and where the API is. */
interface PublicSiteConfig {
  demo_mode: 'enabled' | 'disabled';
  demo_key: string | null;
  api_base: '/api/v1';
}

function publicSiteConfig({ DEMO_MODE, DEMO_API_KEY }: SiteDemoConfig): PublicSiteConfig {
  // The key is published only while demo mode is on; otherwise visitors bring their own.
  const enabled = DEMO_MODE === 'enabled' && DEMO_API_KEY !== undefined;
  return { demo_mode: enabled ? 'enabled' : 'disabled', demo_key: enabled ? DEMO_API_KEY : null, api_base: '/api/v1' };
}

/**
 * `window.RANKGATE_CONFIG = {…};` — JSON is a valid script expression; `<` is escaped so the text can never close a
 * tag.
 */
const renderConfigScript = (config: PublicSiteConfig): string =>
  `window.RANKGATE_CONFIG = ${JSON.stringify(config).replace(/</g, '\\u003c')};\n`;

/** `GET /config.js`: never cached, so rotating the demo key takes effect on the next page load. */
export function registerConfigScript(app: FastifyInstance, demo: SiteDemoConfig): void {
  const script = renderConfigScript(publicSiteConfig(demo));
  app.get('/config.js', async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(script),
  );
}
