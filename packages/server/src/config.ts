import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEmail } from '@taikai/protocol';
import { z } from 'zod';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const millis = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (bans and rate limits use it). */
  TRUST_PROXY: flag,
  TAIKAI_DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().min(1).optional(),
  /** Scaled mode: several server processes on one PostgreSQL (`DATABASE_URL`) and this Redis. */
  TAIKAI_REDIS_URL: z.string().min(1).optional(),
  /** Prefix of every Redis key and channel of this deployment (several deployments may share one Redis). */
  TAIKAI_REDIS_PREFIX: z.string().min(1).default('taikai'),
  /** Scaled mode: the most tables one process runs at once (the others take the rest). */
  TAIKAI_TABLES_PER_PROCESS: z.coerce.number().int().positive().default(4000),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: flag,
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('taikai <no-reply@taikai.local>'),
  /** Session token lifetime in seconds (default 30 days). */
  TOKEN_TTL: seconds(30 * 24 * 3600),
  /** Verification code lifetime in seconds. */
  CODE_TTL: seconds(600),
  TAIKAI_DEV_OUTBOX: flag,
  /** 1: registration asks no verification code (the operator's choice, e.g. a closed club without a mail server). */
  TAIKAI_REGISTER_WITHOUT_CODE: flag,
  /** Built console; relative paths are taken from the repository root. */
  TAIKAI_WEB_DIST: z.string().default('packages/web/dist'),
  /** Forbidden words masked in tournament names, one per line (default `<data dir>/forbidden-words.txt`). */
  TAIKAI_FORBIDDEN_WORDS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Login calls allowed per IP per minute. */
  LOGIN_RATE_PER_IP: z.coerce.number().int().positive().default(30),
  /** Failed logins allowed per account and client address per 15 minutes. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Failed password and API-key logins allowed per account from all addresses together per 15 minutes. */
  LOGIN_FAILURES_PER_ACCOUNT_GLOBAL: z.coerce.number().int().positive().default(100),
  /** Verification-code requests allowed per IP per minute. */
  SEND_CODE_RATE_PER_IP: z.coerce.number().int().positive().default(10),
  /** A request's headers must arrive within this time (ms). */
  HTTP_HEADERS_TIMEOUT_MS: millis(10_000),
  /** A whole request, headers and body, must arrive within this time (ms); else 408 and the socket is closed. */
  HTTP_REQUEST_TIMEOUT_MS: millis(30_000),
  /** A connection with no traffic in either direction is closed after this time (ms). */
  HTTP_IDLE_TIMEOUT_MS: millis(120_000),
  /** An idle keep-alive connection is closed after this time (ms). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis(5_000),
  /** Largest request body (bytes). */
  HTTP_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /** Requests served on one keep-alive connection before it is closed (0 = no limit). */
  HTTP_MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().nonnegative().default(1000),
  /** Zone of accounts registered from now on: 1 CN, 2 JP, 3 US/international (server README, "Zones"). */
  TAIKAI_DEFAULT_ZONE: z.coerce.number().int().min(1).max(3).default(3),
  /** Season chat is offered (the console shows its chat-setting page); `0` or `false` turns it off. */
  TAIKAI_SEASON_CHAT: z
    .string()
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** The operator's contact shown in the console's footer: an e-mail address or an http(s)/mailto URL. */
  TAIKAI_CONTACT: z
    .string()
    .trim()
    .refine((v) => isEmail(v) || (/^(https?|mailto):/i.test(v) && URL.canParse(v)), {
      message: 'TAIKAI_CONTACT must be an e-mail address or an http(s) or mailto URL',
    })
    .optional(),
  /** New tournament names and notices wait for the operator's review (`taikai review …`); off unless `1`. */
  TAIKAI_REVIEW_TEXT: flag,
  /**
   * The call window (ms): at a table of two or more people, every discard waits this long, offer or not, so the
   * pause tells no one who could call (README, "What the table's timing shows"). The engine's 1000 when unset.
   */
  TAIKAI_CALL_WINDOW_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Player links open at once per account / per client address. */
  LIVE_LINKS_PER_ACCOUNT: z.coerce.number().int().positive().default(8),
  LIVE_LINKS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Season event streams open at once per account / per client address. */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().positive().default(8),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Link messages that read or write the database, per second and in a burst, per account. */
  LIVE_WORK_PER_SECOND: z.coerce.number().positive().default(5),
  LIVE_WORK_BURST: z.coerce.number().int().positive().default(20),
  /** The same, per client address (all its accounts together). */
  LIVE_ADDRESS_WORK_PER_SECOND: z.coerce.number().positive().default(50),
  LIVE_ADDRESS_WORK_BURST: z.coerce.number().int().positive().default(200),
  /**
   * Prometheus metrics: `1` serves them at `GET /metrics` on the main port; a port number serves them there
   * instead, on `TAIKAI_METRICS_HOST` (default 127.0.0.1). Off when unset.
   */
  TAIKAI_METRICS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '0' || v === 'false') return undefined;
      if (v === '1' || v === 'true') return { port: undefined };
      const port = Number(v);
      if (!Number.isInteger(port) || port <= 0 || port > 65535) {
        ctx.addIssue({ code: 'custom', message: 'TAIKAI_METRICS must be 1 or a port number' });
        return z.NEVER;
      }
      return { port };
    }),
  TAIKAI_METRICS_HOST: z.string().default('127.0.0.1'),
  /** Backups: where scheduled backups go (default `<data dir>/backups`), how often (minutes; off when unset), how many stay. */
  TAIKAI_BACKUP_DIR: z.string().optional(),
  TAIKAI_BACKUP_EVERY_MINUTES: z.coerce.number().int().positive().optional(),
  TAIKAI_BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  /**
   * The address people reach this server at (scheme, host, port, and a path prefix if any), e.g.
   * `https://taikai.example.org`: social login builds its redirect address from it. Required with providers.
   */
  TAIKAI_PUBLIC_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), {
      message: 'TAIKAI_PUBLIC_URL must be an http(s) URL',
    })
    .optional(),
  /** Social login: the ids of the OpenID Connect providers offered, comma-separated (README, "Social login"). */
  TAIKAI_OIDC_PROVIDERS: z.string().optional(),
  /** A link or stream whose client leaves this many bytes unread is cut off. */
  LIVE_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
});

export type Config = {
  port: number;
  host: string;
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Scaled mode (README, "Running several processes"): Redis, and the prefix of this deployment's keys. */
  redis: { url: string; prefix: string } | undefined;
  /** Scaled mode: the most tables one process runs at once. */
  tablesPerProcess: number;
  smtp:
    | { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string }
    | undefined;
  tokenTtl: number;
  codeTtl: number;
  devOutbox: boolean;
  /** Registration asks no verification code (`TAIKAI_REGISTER_WITHOUT_CODE=1`; `fetch_register_setting`). */
  registerWithoutCode: boolean;
  webDist: string;
  forbiddenWordsFile: string;
  logLevel: string;
  /** Zone given to accounts at registration (`TAIKAI_DEFAULT_ZONE`): 1 CN, 2 JP, 3 US/international. */
  defaultZone: number;
  /** Season chat is offered (`fetch_site_config`). */
  seasonChat: boolean;
  /** The operator's contact (`TAIKAI_CONTACT`), `''` when not set (`fetch_site_config`). */
  contact: string;
  /** Names and notices are held for the operator's review before they are shown. */
  reviewText: boolean;
  /** The tables' call window in ms (`TAIKAI_CALL_WINDOW_MS`); the engine's default when undefined. */
  callWindowMs: number | undefined;
  limits: {
    loginPerIp: number;
    loginFailuresPerAccount: number;
    loginFailuresPerAccountGlobal: number;
    sendCodePerIp: number;
  };
  /** What the live channels (player links, season event streams) may hold and cost (README, "Live channels"). */
  live: {
    linksPerAccount: number;
    linksPerAddress: number;
    streamsPerAccount: number;
    streamsPerAddress: number;
    /** Token buckets of link messages that reach the database: per account, and per client address. */
    work: { perSecond: number; burst: number };
    addressWork: { perSecond: number; burst: number };
    maxBufferedBytes: number;
  };
  /** Prometheus metrics (`TAIKAI_METRICS`): off when undefined; `port` undefined serves them on the main port. */
  metrics: { port: number | undefined; host: string } | undefined;
  /** Backups: their folder, and for scheduled backups the interval (undefined: none) and how many are kept. */
  backup: { dir: string; everyMinutes: number | undefined; keep: number };
  /** Social login (README, "Social login"): the OpenID Connect providers offered, in the configured order. */
  oidc: OidcConfig;
  /** What one connection may take: time limits (ms), body size (bytes), requests per connection. */
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
    bodyLimit: number;
    maxRequestsPerSocket: number;
  };
};

/** Reads the configuration from the environment, falling back to the embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const e = EnvSchema.parse(set);
  if (e.TAIKAI_REDIS_URL && !e.DATABASE_URL) {
    throw new Error(
      'TAIKAI_REDIS_URL (several processes) needs DATABASE_URL: the processes share one PostgreSQL database',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir: resolve(e.TAIKAI_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redis: e.TAIKAI_REDIS_URL ? { url: e.TAIKAI_REDIS_URL, prefix: e.TAIKAI_REDIS_PREFIX } : undefined,
    tablesPerProcess: e.TAIKAI_TABLES_PER_PROCESS,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM,
        }
      : undefined,
    tokenTtl: e.TOKEN_TTL,
    codeTtl: e.CODE_TTL,
    devOutbox: e.TAIKAI_DEV_OUTBOX,
    registerWithoutCode: e.TAIKAI_REGISTER_WITHOUT_CODE,
    webDist: isAbsolute(e.TAIKAI_WEB_DIST) ? e.TAIKAI_WEB_DIST : join(repoRoot, e.TAIKAI_WEB_DIST),
    forbiddenWordsFile: resolve(
      e.TAIKAI_FORBIDDEN_WORDS ?? join(resolve(e.TAIKAI_DATA_DIR), 'forbidden-words.txt'),
    ),
    logLevel: e.LOG_LEVEL,
    defaultZone: e.TAIKAI_DEFAULT_ZONE,
    seasonChat: e.TAIKAI_SEASON_CHAT,
    contact: e.TAIKAI_CONTACT ?? '',
    reviewText: e.TAIKAI_REVIEW_TEXT,
    callWindowMs: e.TAIKAI_CALL_WINDOW_MS,
    limits: {
      loginPerIp: e.LOGIN_RATE_PER_IP,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAccountGlobal: e.LOGIN_FAILURES_PER_ACCOUNT_GLOBAL,
      sendCodePerIp: e.SEND_CODE_RATE_PER_IP,
    },
    live: {
      linksPerAccount: e.LIVE_LINKS_PER_ACCOUNT,
      linksPerAddress: e.LIVE_LINKS_PER_ADDRESS,
      streamsPerAccount: e.LIVE_STREAMS_PER_ACCOUNT,
      streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
      work: { perSecond: e.LIVE_WORK_PER_SECOND, burst: e.LIVE_WORK_BURST },
      addressWork: { perSecond: e.LIVE_ADDRESS_WORK_PER_SECOND, burst: e.LIVE_ADDRESS_WORK_BURST },
      maxBufferedBytes: e.LIVE_MAX_BUFFERED_BYTES,
    },
    metrics: e.TAIKAI_METRICS ? { port: e.TAIKAI_METRICS.port, host: e.TAIKAI_METRICS_HOST } : undefined,
    backup: {
      dir: resolve(e.TAIKAI_BACKUP_DIR ?? join(resolve(e.TAIKAI_DATA_DIR), 'backups')),
      everyMinutes: e.TAIKAI_BACKUP_EVERY_MINUTES,
      keep: e.TAIKAI_BACKUP_KEEP,
    },
    oidc: oidcConfigOf(e.TAIKAI_OIDC_PROVIDERS, e.TAIKAI_PUBLIC_URL, set),
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      bodyLimit: e.HTTP_BODY_LIMIT,
      maxRequestsPerSocket: e.HTTP_MAX_REQUESTS_PER_SOCKET,
    },
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** One OpenID Connect provider of social login. */
export type OidcProviderConfig = {
  /** Short id (`discord`), in the redirect address and in the identities stored. */
  id: string;
  /** What the login page's button says: "Log in with <label>". */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Scopes asked for (`openid` always among them). */
  scopes: string;
};
export type OidcConfig = {
  providers: OidcProviderConfig[];
  /** `TAIKAI_PUBLIC_URL` without a trailing slash ('' when not set: then no provider may be configured). */
  publicUrl: string;
};

const OIDC_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/**
 * The providers named by `TAIKAI_OIDC_PROVIDERS=discord,google`, each from `TAIKAI_OIDC_<ID>_ISSUER`, `_CLIENT_ID`,
 * `_CLIENT_SECRET`, and optionally `_LABEL` and `_SCOPES` (`<ID>` the id in capitals, `-` as `_`). Throws what is
 * missing: a provider half-configured must stop the start, not fail at someone's login.
 */
function oidcConfigOf(
  list: string | undefined,
  publicUrl: string | undefined,
  env: Record<string, string | undefined>,
): OidcConfig {
  const ids = (list ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== '');
  const providers = ids.map((id): OidcProviderConfig => {
    if (!OIDC_ID.test(id)) {
      throw new Error(`TAIKAI_OIDC_PROVIDERS: "${id}" is not a provider id (a-z, 0-9 and -, at most 32)`);
    }
    const prefix = `TAIKAI_OIDC_${id.toUpperCase().replaceAll('-', '_')}_`;
    const need = (name: string) => {
      const value = env[prefix + name]?.trim();
      if (!value) throw new Error(`social login provider "${id}" needs ${prefix}${name}`);
      return value;
    };
    const issuer = need('ISSUER');
    if (!URL.canParse(issuer)) throw new Error(`${prefix}ISSUER must be a URL`);
    const url = new URL(issuer);
    if (
      url.protocol !== 'https:' &&
      !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname.replace(/^\[|\]$/g, '')))
    ) {
      throw new Error(`${prefix}ISSUER must be an https URL (http only for a provider on this machine)`);
    }
    const scopes = (env[`${prefix}SCOPES`]?.trim() || 'openid email profile').split(/[\s,]+/).filter(Boolean);
    if (!scopes.includes('openid')) scopes.unshift('openid');
    return {
      id,
      label: env[`${prefix}LABEL`]?.trim() || id.charAt(0).toUpperCase() + id.slice(1),
      issuer,
      clientId: need('CLIENT_ID'),
      clientSecret: need('CLIENT_SECRET'),
      scopes: scopes.join(' '),
    };
  });
  if (new Set(ids).size !== ids.length) throw new Error('TAIKAI_OIDC_PROVIDERS names a provider twice');
  if (providers.length > 0 && !publicUrl) {
    throw new Error(
      'social login (TAIKAI_OIDC_PROVIDERS) needs TAIKAI_PUBLIC_URL, the address people reach this server at',
    );
  }
  return { providers, publicUrl: (publicUrl ?? '').replace(/\/+$/, '') };
}

/**
 * The dev outbox (`TAIKAI_DEV_OUTBOX=1`) hands every verification code to anyone who asks, so whoever reaches
 * it can take over any account: it is allowed only on a server that listens on loopback alone and is not
 * behind a reverse proxy. Throws the reason otherwise.
 */
export function assertDevOutboxIsLocal(config: Pick<Config, 'devOutbox' | 'host' | 'trustProxy'>): void {
  if (!config.devOutbox) return;
  if (!LOOPBACK_HOSTS.has(config.host.trim().toLowerCase())) {
    throw new Error(
      `TAIKAI_DEV_OUTBOX=1 serves every verification code to anyone: it needs HOST=127.0.0.1, ::1 or localhost (HOST is ${config.host})`,
    );
  }
  if (config.trustProxy) {
    throw new Error(
      'TAIKAI_DEV_OUTBOX=1 serves every verification code to anyone: it cannot run behind a proxy (TRUST_PROXY=1)',
    );
  }
}
