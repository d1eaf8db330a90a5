/** An RFC 9651 bare item: what a structured field member or parameter can hold. */
export type BareItem = string | number | boolean | { token: string } | { bytes: string } | { date: number };

export interface ListMember {
  value: BareItem;
  params: Record<string, BareItem>;
}

export class StructuredFieldError extends Error {
  override readonly name = 'StructuredFieldError';
}

/**
 * Parses an RFC 9651 List of items (inner lists are not needed here and are refused), strictly:
 * a field a conforming client would reject throws. Used to check our RateLimit and Deprecation
 * fields the way clients read them.
 */
export function parseStructuredList(field: string): ListMember[] {
  const input = field.trim();
  let at = 0;
  const fail = (why: string): never => {
    throw new StructuredFieldError(`${why} at ${at} in ${JSON.stringify(field)}`);
  };
  const skipSpaces = () => {
    while (input[at] === ' ' || input[at] === '\t') at += 1;
  };

  const parseKey = (): string => {
    const match = /^[a-z*][a-z0-9_.*-]*/.exec(input.slice(at));
    if (!match) return fail('expected a key');
    at += match[0].length;
    return match[0];
  };

  const parseBareItem = (): BareItem => {
    const rest = input.slice(at);
    let match: RegExpExecArray | null;
    if ((match = /^-?\d{1,12}\.\d{1,3}(?![\d.])/.exec(rest)) || (match = /^-?\d{1,15}(?![\d.])/.exec(rest))) {
      at += match[0].length;
      return Number(match[0]);
    }
    if (rest.startsWith('"')) {
      let value = '';
      at += 1;
      while (at < input.length) {
        const char = input[at] ?? '';
        at += 1;
        if (char === '\\') {
          const escaped = input[at] ?? '';
          if (escaped !== '"' && escaped !== '\\') fail('bad escape');
          value += escaped;
          at += 1;
        } else if (char === '"') {
          return value;
        } else {
          if (char < ' ' || char > '~') fail('non-ASCII or control character in a string');
          value += char;
        }
      }
      return fail('unterminated string');
    }
    if ((match = /^:([A-Za-z0-9+/=]*):/.exec(rest))) {
      at += match[0].length;
      return { bytes: match[1] ?? '' };
    }
    if ((match = /^\?([01])/.exec(rest))) {
      at += 2;
      return match[1] === '1';
    }
    if ((match = /^@(-?\d{1,15})(?![\d.])/.exec(rest))) {
      at += match[0].length;
      return { date: Number(match[1]) };
    }
    if ((match = /^[A-Za-z*][\w!#$%&'*+.^`|~:/-]*/.exec(rest))) {
      at += match[0].length;
      return { token: match[0] };
    }
    return fail('expected an item');
  };

  const parseParams = (): Record<string, BareItem> => {
    const params: Record<string, BareItem> = {};
    while (input[at] === ';') {
      at += 1;
      skipSpaces();
      const key = parseKey();
      let value: BareItem = true;
      if (input[at] === '=') {
        at += 1;
        value = parseBareItem();
      }
      params[key] = value;
    }
    return params;
  };

  const members: ListMember[] = [];
  if (input === '') return members;
  for (;;) {
    if (input[at] === '(') fail('inner lists are not supported');
    const value = parseBareItem();
    members.push({ value, params: parseParams() });
    skipSpaces();
    if (at >= input.length) return members;
    if (input[at] !== ',') fail('expected a comma');
    at += 1;
    skipSpaces();
    if (at >= input.length) fail('trailing comma');
  }
}
