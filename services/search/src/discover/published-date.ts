/**
 * `published_at` from the date strings providers send. Only absolute dates are kept: relative
 * ones ("3 days ago") would be wrong as soon as the discover cache serves them.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
/** RFC 1123, e.g. Tavily news `Mon, 02 Oct 2026 10:00:00 GMT`. */
const RFC_1123 = /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}(?::\d{2})? (?:GMT|UTC|[+-]\d{4})$/;
/** English calendar dates, e.g. Serper or Brave `age`: `Oct 2, 2026`, `October 2, 2026`. */
const MONTH_DAY_YEAR = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/;

/**
 * An ISO 8601 string (`YYYY-MM-DD` for dates, `toISOString()` for instants), or null when the value
 * is missing, relative or unreadable. Date-times without an offset are read as UTC.
 */
export function toPublishedAt(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (ISO_DATE_TIME.test(text)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
    return instant(Date.parse(zoned.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')));
  }
  if (RFC_1123.test(text)) return instant(Date.parse(text));
  const written = MONTH_DAY_YEAR.exec(text);
  if (written) {
    const [, name = '', day, year] = written;
    const month = MONTHS.indexOf(name.toLowerCase()) + 1;
    return month === 0 ? null : calendarDate(Number(year), month, Number(day));
  }
  return null;
}

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2024-02-30 over to March; a date that does not round-trip is not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function instant(ms: number): string | null {
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
