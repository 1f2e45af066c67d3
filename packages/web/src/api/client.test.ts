import { FetchAccountInfoRes } from '@taikai/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The client runs in the browser: give it the few browser objects it touches.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});
vi.stubGlobal('window', { location: { assign: vi.fn() } });

const { i18next, initI18n } = await import('../i18n');
const { ApiError, request, setUnauthorizedHandler } = await import('./client');
const { bindMessageApi } = await import('./notify');
const { watchPageLeave } = await import('./pageLeave');

const toasts: string[] = [];
bindMessageApi({ error: (text: string) => toasts.push(String(text)) } as never);
await initI18n('en');

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const account = () => request('GET', '/api/contest/fetch_account_info', FetchAccountInfoRes);

beforeEach(async () => {
  store.clear();
  toasts.length = 0;
  await i18next.changeLanguage('en');
});

describe('API client', () => {
  it('sends the stored token as "Majsoul <token>" and returns the parsed data', async () => {
    store.set('token', 'tok-1');
    answer(200, { data: { account_id: 57626123, nickname: 'Sakura', currency: [{ id: 100, count: 60 }] } });
    await expect(account()).resolves.toMatchObject({ nickname: 'Sakura' });
    const init = vi.mocked(fetch).mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Majsoul tok-1');
  });

  it('401 clears the token and hands over to the login page', async () => {
    store.set('token', 'revoked');
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    answer(401, { error: { code: 2505, message: 'Err2505' } });
    await expect(account()).rejects.toBeInstanceOf(ApiError);
    expect(store.has('token')).toBe(false);
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('a refused call shows the translated message of its code in the reader language', async () => {
    answer(400, { error: { code: 501, message: 'Err501' } });
    await expect(account()).rejects.toMatchObject({ code: 501 });
    await i18next.changeLanguage('jp');
    answer(400, { error: { code: 501, message: 'Err501' } });
    await expect(account()).rejects.toMatchObject({ code: 501 });
    expect(toasts).toHaveLength(2);
    expect(toasts[0]).not.toBe(toasts[1]);
    expect(toasts.join()).not.toContain('Err501');
  });

  it('identical error toasts within 5 s are shown once', async () => {
    answer(400, { error: { code: 2516, message: '' } });
    await expect(account()).rejects.toMatchObject({ code: 2516 });
    await expect(account()).rejects.toMatchObject({ code: 2516 });
    expect(toasts).toHaveLength(1);
  });

  it('a network failure shows the disconnected message and clears the token', async () => {
    store.set('token', 'tok-2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(account()).rejects.toMatchObject({ code: -1 });
    expect(store.has('token')).toBe(false);
    expect(toasts).toEqual([i18next.t('errors.disconnected')]);
  });

  it('a call cut off because the page is being left keeps the token and shows nothing', async () => {
    const page = new EventTarget();
    const stop = watchPageLeave(page as unknown as Window);
    try {
      store.set('token', 'tok-3');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          // The browser cancels the page's calls once the organiser opens another address.
          page.dispatchEvent(new Event('beforeunload'));
          throw new TypeError('Failed to fetch');
        }),
      );
      await expect(account()).rejects.toMatchObject({ code: -1 });
      expect(store.get('token')).toBe('tok-3');
      expect(toasts).toEqual([]);

      // Back on the page (restored from history), a lost connection ends the session again.
      page.dispatchEvent(new Event('pageshow'));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      await expect(account()).rejects.toMatchObject({ code: -1 });
      expect(store.has('token')).toBe(false);
    } finally {
      page.dispatchEvent(new Event('pageshow'));
      stop();
    }
  });

  it('503 with a multilingual message list shows the entry of the reader language', async () => {
    await i18next.changeLanguage('kr');
    answer(503, {
      error: {
        code: 503,
        message: [
          { lang: 'en', content: 'Maintenance until 10:00' },
          { lang: 'kr', content: '10시까지 점검' },
        ],
      },
    });
    await expect(account()).rejects.toMatchObject({ code: 503 });
    expect(toasts).toEqual(['10시까지 점검']);
  });

  it('503 without a notice or a known code shows the maintenance message asking for a reload', async () => {
    answer(503, {});
    await expect(account()).rejects.toMatchObject({ status: 503 });
    expect(toasts).toEqual([i18next.t('errors.maintenance')]);
    expect(toasts[0]).toContain('reload');
  });

  it('2515 states the next allowed creation time', async () => {
    answer(429, { error: { code: 2515, message: 'x', next_time: 1_900_000_000 } });
    await expect(account()).rejects.toMatchObject({ code: 2515 });
    expect(toasts[0]).toMatch(/20\d\d-\d\d-\d\d \d\d:\d\d/);
  });
});
