import { z } from 'zod';
import { CODE_PURPOSES } from '../enums';
import { WireText } from './common';

/** The premium currency's id in `currency:[{id, count}]`. */
export const PREMIUM_CURRENCY_ID = 100;

// POST /api/send_code
export const SendCodePurpose = z.enum(CODE_PURPOSES);
export const SendCodeReq = z.object({
  email: WireText.trim().max(254),
  purpose: SendCodePurpose,
});
export const SendCodeRes = z.object({
  /** Seconds before another code may be requested for this e-mail. */
  cooldown: z.number().int(),
});

// POST /api/register
export const RegisterReq = z.object({
  email: WireText.trim().max(254),
  password: WireText.min(6).max(64),
  nickname: WireText.trim().min(1).max(16),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** Answer of register and login: the session token and the public account id. */
export const SessionRes = z.object({ token: WireText, account_id: z.number().int() });
export const RegisterRes = SessionRes;

// POST /api/login — `{account, password, type}` or `{account, code, type}`; type 0 = e-mail.
export const LoginReq = z
  .object({
    account: WireText.trim().max(254).optional(),
    password: WireText.max(64).optional(),
    code: z.union([WireText.trim(), z.number().int()]).transform(String).optional(),
    type: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).default(0),
    uid: z.union([WireText, z.number()]).optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, { message: 'password or code required' });
export const LoginRes = SessionRes;

// POST /api/logout
export const LogoutReq = z.object({});
export const LogoutRes = z.object({});

// GET /api/contest/fetch_account_info
export const FetchAccountInfoReq = z.object({});
export const CurrencyItemWire = z.object({ id: z.number().int(), count: z.number().int() });
export const FetchAccountInfoRes = z.object({
  /** Public (display) encoding of the account id. */
  account_id: z.number().int(),
  nickname: WireText,
  currency: z.array(CurrencyItemWire),
});

// GET /api/contest/server_time
export const ServerTimeReq = z.object({});
export const ServerTimeRes = z.object({ time: z.number().int() });

// GET /api/contest/fetch_announcement?language=
export const FetchAnnouncementReq = z.object({ language: WireText.max(16).optional() });
export const AnnouncementWire = z.object({ title: WireText, content: WireText });
export const FetchAnnouncementRes = z.array(AnnouncementWire);

// GET /api/dev/outbox?email= (only when TAIKAI_DEV_OUTBOX=1)
export const DevOutboxReq = z.object({ email: WireText.optional() });
export const OutboxMailWire = z.object({
  to: WireText,
  subject: WireText,
  text: WireText,
  /** The verification code carried by the mail, when it carries one. */
  code: WireText.nullable(),
  time: z.number().int(),
});
export const DevOutboxRes = z.array(OutboxMailWire);
