import { jsonField } from '@rankgate/contracts/config';
import { z } from 'zod';

const DAY_MS = 86_400_000;
/** The published policy: a retiring route is announced at least this long before it goes. */
const MIN_NOTICE_DAYS = 90;

const RetirementSchema = z
  .object({
    path: z.string().regex(/^\/[\w./{}-]*$/, { error: 'must be a path such as /v1/sandbox' }),
    deprecated_at: z.iso
      .datetime({ offset: true })
      .or(z.iso.date())
      .transform((value) => new Date(value)),
    sunset_at: z.iso
      .datetime({ offset: true })
      .or(z.iso.date())
      .transform((value) => new Date(value)),
    link: z.url({ error: 'must be an absolute URL to the migration notes' }),
  })
  .refine((entry) => entry.sunset_at.getTime() - entry.deprecated_at.getTime() >= MIN_NOTICE_DAYS * DAY_MS, {
    error: `sunset_at must be at least ${MIN_NOTICE_DAYS} days after deprecated_at (the published deprecation policy)`,
    path: ['sunset_at'],
  });

export type RouteRetirement = z.output<typeof RetirementSchema>;

/** `ROUTE_RETIREMENTS`: a JSON array, validated at start-up so a too-short notice never ships. */
export const RouteRetirementsField = jsonField(
  z.array(RetirementSchema),
  `Routes being retired: a JSON array of {"path", "deprecated_at", "sunset_at", "link"} (ISO 8601 dates). Each path sends Deprecation, Sunset and Link headers and is flagged deprecated in /openapi.json; after sunset_at it answers UNSUPPORTED_VERSION. A sunset less than ${MIN_NOTICE_DAYS} days after deprecation is refused at start.`,
).default([]);

/** The retirement that governs a path: the entry for the path itself or for a prefix of it. */
export function retirementFor(retirements: readonly RouteRetirement[], path: string): RouteRetirement | undefined {
  return retirements.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`));
}
