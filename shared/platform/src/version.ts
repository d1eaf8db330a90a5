/**
 * The build version: one source for `/health`, OpenAPI `info.version` and `meta.service_version`.
 *
 * It is the root package.json `version`; a container build may append build metadata through
 * `RANKGATE_BUILD_VERSION` (e.g. `0.1.0+3f2c1a9`). Every process of one deployment gets the same image,
 * so the three fields stay equal across services.
 */
import rootPackage from '../../../package.json' with { type: 'json' };

export const SERVICE_VERSION: string = process.env.RANKGATE_BUILD_VERSION?.trim() || rootPackage.version;
