import { DEVICE_HEADER, ErrorCode, isDeviceId, issueCode } from '@taikai/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, AuthedCtx, Ctx, Deps } from '../context';
import { authenticate } from '../domains/accounts/sessions';
import type { Action } from '../policy';
import { ok } from './envelope';
import { ContestError, messageOf } from './errors';
import { tokenOf } from './token';

/** A declared call, as the registry keeps it for the authorization and bad-input tests. */
export type CallInfo = {
  method: 'GET' | 'POST';
  name: string;
  path: string;
  auth: Auth;
  policy?: Action;
  schema?: z.ZodType;
  /** Answers with a stream (server-sent events), not one JSON body. */
  stream?: boolean;
};

const registries = new WeakMap<FastifyInstance, CallInfo[]>();

/** Every call declared on an app, in declaration order. */
export function callsOf(app: FastifyInstance): readonly CallInfo[] {
  return registries.get(app) ?? [];
}

/** The two prefixes every call is served under (WIRE.md). */
export const PREFIXES = ['/api', '/api/contest_gate/api'] as const;

/**
 * Who may call: anyone; a logged-in account (tournament roles are checked by the policy); or an operator account
 * (`accounts.is_operator`): 401 for no login, 2506 (no permission) for any other account.
 */
type Auth = 'public' | 'account' | 'operator';
type Input<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

type RouteOptions<A extends Auth, S extends z.ZodType | undefined, R> = {
  /** Who may call: anyone, a logged-in account, or an operator (see `Auth`). */
  auth: A;
  /**
   * The policy action the service authorizes on the call's tournament (`managedContest(…, action)`); absent
   * for calls any logged-in account may make. The authorization matrix test reads it.
   */
  policy?: Action;
  body?: S;
  query?: S;
  /** Path below the prefix; `contest/<name>` unless given. */
  path?: string;
  /** Requests per client address per window, counted once across both prefixes. */
  rateLimit?: { max: number; timeWindow: number };
  /** The answer's body; `{data}` unless given (login also repeats its token at the top level). */
  envelope?: (data: R) => object;
  /**
   * The call answers with a stream (server-sent events): after the same auth, policy and input checks as every
   * call, its handler takes over the reply it is given (`reply.hijack()`) and writes the stream itself.
   */
  stream?: boolean;
  handler: (ctx: A extends 'public' ? Ctx : AuthedCtx, input: Input<S>, reply: FastifyReply) => Promise<R>;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Declares one call: who may call it, what it takes, which service function answers.
 * POST bodies are merged over the query string, since some clients repeat ids there.
 */
export function route<A extends Auth, S extends z.ZodType | undefined, R>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  name: string,
  options: RouteOptions<A, S, R>,
): void {
  const path = options.path ?? `contest/${name}`;
  const schema = options.body ?? options.query;
  const registry = registries.get(app) ?? [];
  registries.set(app, registry);
  registry.push({
    method,
    name,
    path,
    auth: options.auth,
    policy: options.policy,
    schema,
    ...(options.stream ? { stream: true } : {}),
  });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const deps = app.deps;
    const token = tokenOf(request.headers);
    const ctx: Ctx = { ...deps, actor: null, ip: request.ip, now: deps.clock.now(), token };
    const device = deviceOf(request.headers[DEVICE_HEADER]);
    if (device) ctx.device = device;
    if (options.auth !== 'public') {
      const actor: Actor | null = await authenticate(ctx, token);
      if (!actor) throw new ContestError(ErrorCode.NOT_LOGGED_IN, { status: 401 });
      if (options.auth === 'operator' && !actor.isOperator) {
        throw new ContestError(ErrorCode.NO_PERMISSION, { message: 'operator accounts only' });
      }
      ctx.actor = actor;
    }
    // A JSON body is an object; an array, a string or null is refused, not read as `{}`.
    const body = request.body;
    if (method === 'POST' && body !== undefined && asObject(body) !== body) {
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `${messageOf(ErrorCode.PARAM_ERROR)} (body)`,
      });
    }
    const raw =
      method === 'GET' ? asObject(request.query) : { ...asObject(request.query), ...asObject(body) };
    let input: unknown = {};
    if (schema) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        // 2517, or the code the spec gives the field's refusal (a team name's unreadable text: 2587).
        const code = issueCode(parsed.error.issues, ErrorCode.PARAM_ERROR) as ErrorCode;
        throw new ContestError(code, { message: parameterMessage(parsed.error, code) });
      }
      input = parsed.data;
    }
    const data = await options.handler(ctx as never, input as Input<S>, reply);
    if (options.stream) return reply;
    return options.envelope ? options.envelope(data) : ok(data);
  };
  // One bucket per call and address, whichever prefix a request comes by.
  const config = options.rateLimit ? { rateLimit: { ...options.rateLimit, groupId: path } } : undefined;
  for (const prefix of PREFIXES) {
    app.route({
      method,
      url: `${prefix}/${path}`,
      handler,
      config,
    });
  }
}

/** The device id a browser sends (`X-Taikai-Device`); anything else (or none: bots) is no device. */
function deviceOf(raw: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && isDeviceId(value) ? value : undefined;
}

function parameterMessage(error: z.ZodError, code: ErrorCode): string {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return `${messageOf(code)} (${where}${first?.message ?? 'invalid'})`;
}
