import { z } from 'zod';
import { CODE_PURPOSES, LoginType } from '../enums';
import { LooseId, ShownText, WireText } from './common';

/** The premium currency's id in `currency:[{id, count}]`. */
export const PREMIUM_CURRENCY_ID = 100;

// POST /api/send_code
export const SendCodePurpose = z.enum(CODE_PURPOSES);
export const SendCodeReq = z.object({
  email: WireText.trim().max(254),
  purpose: SendCodePurpose,
});
/**
 * How a verification code reaches its owner: `mail` by e-mail (the server has SMTP), `operator` only to the server's
 * outbox (no mail server): the operator holds it and hands it out.
 */
export const CodeDelivery = z.enum(['mail', 'operator']);
export const SendCodeRes = z.object({
  /** Seconds before another code may be requested for this e-mail. */
  cooldown: z.number().int(),
  /** Where the code went (additive: older clients read only `cooldown`). */
  delivery: CodeDelivery,
});

// GET /api/contest/fetch_register_setting — how registration works on this server (no login needed).
export const FetchRegisterSettingReq = z.object({});
export const FetchRegisterSettingRes = z.object({
  /**
   * `mail`: a code is e-mailed; `operator`: no mail server, the code goes to the operator, who hands it out;
   * `off`: the operator turned verification off (`TAIKAI_REGISTER_WITHOUT_CODE=1`), no code is asked.
   */
  verification: z.enum(['mail', 'operator', 'off']),
  /** The operator's contact (`TAIKAI_CONTACT`), an e-mail address or a URL; empty when not set. */
  contact: ShownText,
});

// POST /api/register
export const RegisterReq = z.object({
  email: WireText.trim().max(254),
  /** The password's client-side digest (the console sends only that), or the password itself (6–64). */
  password: WireText.min(6).max(64),
  nickname: WireText.trim().min(1).max(16),
  /** The mailed code; left out only where the server registers without one (`fetch_register_setting` `off`). */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
});

/**
 * Answer of register and login: the session token (a lowercase UUID) and the internal account id. The login
 * route also repeats the token as a top-level `access_token`, which one client family reads.
 */
export const SessionRes = z.object({ token: ShownText, account_id: z.number().int() });
export const RegisterRes = SessionRes;

const LOGIN_TYPES = Object.values(LoginType) as number[];

/**
 * POST /api/login (any `?method=` query), in the shapes clients send:
 * - `{account, password, type}`, type 0 (e-mail or login name) or 1 (phone-style login name, the same lookup);
 *   the password may be the client-side digest or the password itself;
 * - `{account, code, type: 0}`: a one-time code mailed to the account;
 * - `{type: 7 | 8, uid, code}`: bot access with an API key (`uid` the internal account id, `code` the key).
 */
export const LoginReq = z
  .object({
    account: WireText.trim().max(254).optional(),
    password: WireText.max(128).optional(),
    code: z
      .union([WireText.trim().max(128), z.number().int()])
      .transform(String)
      .optional(),
    type: z
      .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
      .pipe(z.number().refine((t) => LOGIN_TYPES.includes(t), 'unknown login type'))
      .default(LoginType.ACCOUNT),
    uid: LooseId.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === LoginType.API_KEY || v.type === LoginType.API_KEY_ALT) {
      if (v.uid === undefined) ctx.addIssue({ code: 'custom', path: ['uid'], message: 'uid required' });
      if (v.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'code required' });
      return;
    }
    if (v.account === undefined)
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'account required' });
    if (v.password === undefined && v.code === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'password or code required' });
  });
export const LoginRes = SessionRes;

// POST /api/logout
export const LogoutReq = z.object({});
export const LogoutRes = z.object({});

// The mobile hand-off (its constants in ../handoff.ts): a session carried to another page or site as a one-time
// code, never as its token.

// POST /api/create_handoff_code: a one-time code for the caller's account.
export const CreateHandoffCodeReq = z.object({});
export const CreateHandoffCodeRes = z.object({ code: ShownText, expire_time: z.number().int() });

// POST /api/exchange_handoff_code: the code, used up, for a new session of its account (116 when unknown,
// expired or already used).
export const ExchangeHandoffCodeReq = z.object({ code: WireText.trim().min(1).max(128) });
export const ExchangeHandoffCodeRes = SessionRes.extend({ nickname: ShownText });

// GET /api/contest/fetch_account_info
export const FetchAccountInfoReq = z.object({});
export const CurrencyItemWire = z.object({ id: z.number().int(), count: z.number().int() });
export const FetchAccountInfoRes = z.object({
  /** Internal account id (the console shows its public encoding). */
  account_id: z.number().int(),
  nickname: ShownText,
  currency: z.array(CurrencyItemWire),
  /** An operator account: the console offers its operator page (absent from older servers: false). */
  is_operator: z.boolean().default(false),
});

// GET /api/contest/server_time
export const ServerTimeReq = z.object({});
export const ServerTimeRes = z.object({ time: z.number().int() });

// GET /api/contest/fetch_announcement?language=
export const FetchAnnouncementReq = z.object({ language: WireText.max(16).optional() });
/**
 * `language`: the language the announcement is written in (`default` for every language). A language with no
 * announcement of its own is answered with those of the fallback language (chs, then en, then any).
 */
export const AnnouncementWire = z.object({ title: ShownText, content: ShownText, language: ShownText });
export const FetchAnnouncementRes = z.array(AnnouncementWire);

// GET /api/dev/outbox?email= (only when TAIKAI_DEV_OUTBOX=1)
export const DevOutboxReq = z.object({ email: WireText.optional() });
export const OutboxMailWire = z.object({
  to: ShownText,
  subject: ShownText,
  text: ShownText,
  /** The verification code carried by the mail, when it carries one. */
  code: ShownText.nullable(),
  time: z.number().int(),
});
export const DevOutboxRes = z.array(OutboxMailWire);

// API keys: bots log in with `{type: 7, uid, code}` where `code` is a live key of the account `uid`.
export const API_KEY_LABEL_MAX = 40;
/** Live keys one account may hold. */
export const API_KEYS_MAX = 20;

export const ApiKeyWire = z.object({
  id: z.number().int(),
  label: ShownText,
  /** The first characters of the key, to tell keys apart; the key itself is shown once, at creation. */
  prefix: ShownText,
  create_time: z.number().int(),
  /** Last login with the key; 0 when never used. */
  last_used_time: z.number().int(),
});

// POST /api/contest/create_api_key
export const CreateApiKeyReq = z.object({ label: WireText.trim().min(1).max(API_KEY_LABEL_MAX) });
export const CreateApiKeyRes = ApiKeyWire.extend({ key: ShownText });

// GET /api/contest/fetch_api_key_list — the caller's live keys, newest first.
export const FetchApiKeyListReq = z.object({});
export const FetchApiKeyListRes = z.array(ApiKeyWire);

// POST /api/contest/revoke_api_key
export const RevokeApiKeyReq = z.object({ id: LooseId });
export const RevokeApiKeyRes = z.object({});
