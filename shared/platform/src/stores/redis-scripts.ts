// The store's atomic operations as Lua: read, decide and write in one round trip. A separate
// INCR + PEXPIRE would leave an immortal counter if the process died in between, and a
// GET-then-INCR check would let concurrent callers overshoot a limit. Shared by the Redis and the
// Redis REST adapters, so both behave the same.

/** KEYS[1] counter; ARGV[1] amount; ARGV[2] ttl ms on creation (0: none). Returns the new value. */
const INCREMENT_LUA = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if created and ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return value`;

/** KEYS[1] counter; ARGV[1] limit; ARGV[2] ttl ms on creation (0: none). Returns {allowed 0|1, value}. */
const INCREMENT_UP_TO_LUA = `
local raw = redis.call('GET', KEYS[1])
local current = 0
if raw then
  if not string.match(raw, '^-?%d+$') then return redis.error_reply('ERR value is not an integer') end
  current = tonumber(raw)
end
if current >= tonumber(ARGV[1]) then return {0, current} end
local value = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[2])
if not raw and ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return {1, value}`;

/**
 * A sliding-window log in a sorted set scored by hit time. The clock is the Redis server's (TIME),
 * so every gateway replica agrees on the window whatever its own clock says.
 * KEYS[1] window; ARGV[1] limit; ARGV[2] window ms; ARGV[3] 1 to record a hit, 0 to peek;
 * ARGV[4] a unique member for the hit. Returns {allowed 0|1, hits in window, ms until a slot frees}.
 */
const SLIDING_WINDOW_LUA = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then allowed = 1 end
if ARGV[3] == '1' and allowed == 1 then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
end
local reset = 0
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, count, reset}`;

/** The scripts by name, for adapters that send the source (EVAL) or register it (EVALSHA). */
export const STORE_SCRIPTS = {
  increment: INCREMENT_LUA,
  incrementUpTo: INCREMENT_UP_TO_LUA,
  window: SLIDING_WINDOW_LUA,
} as const;
export type StoreScript = keyof typeof STORE_SCRIPTS;

/** Turns the window script's reply into the port's shape. */
export function windowState([allowed, count, resetMs]: [number, number, number], limit: number) {
  return { allowed: allowed === 1, remaining: Math.max(0, limit - count), resetMs: Math.max(0, resetMs) };
}
