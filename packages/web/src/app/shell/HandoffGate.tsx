import { ExchangeHandoffCodeRes, FetchAccountInfoRes } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { request } from '../../api/client';
import { type AddressHandoff, readToken, storeToken } from '../../api/token';
import { usePortalMessages } from '../../i18n/portal';
import { PageLoading } from './PageLoading';

/** The session offered, and whether opening this page opened it (a hand-off code's exchange did). */
type Offer = z.infer<typeof ExchangeHandoffCodeRes> & { opened: boolean };
type Current = { account_id: number; nickname: string } | null;

/** Ends a session by its token (the one a declined hand-off opened), whatever session this browser keeps. */
async function endSession(token: string): Promise<void> {
  await fetch('/api/logout', {
    method: 'POST',
    headers: { Authorization: `Majsoul ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
}

/**
 * The account of a session, or null (none, or one that no longer works). Asked directly, not through the API
 * client, so that a stale session is not sent to the login page before the visitor chose.
 */
async function accountOf(token: string | null): Promise<Current> {
  if (!token) return null;
  try {
    const res = await fetch('/api/contest/fetch_account_info', {
      headers: { Authorization: `Majsoul ${token}` },
    });
    const parsed = FetchAccountInfoRes.safeParse(((await res.json()) as { data?: unknown }).data);
    return res.ok && parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The session the address offers: a hand-off code exchanged for a new one, or a token's session looked up. */
async function offerOf(handoff: AddressHandoff): Promise<Offer> {
  if ('code' in handoff) {
    const body = { code: handoff.code };
    const offer = await request('POST', '/api/exchange_handoff_code', ExchangeHandoffCodeRes, body, {
      silent: true,
    });
    return { ...offer, opened: true };
  }
  const account = await accountOf(handoff.token);
  if (!account) throw new Error('the session in the address does not work');
  return { token: handoff.token, account_id: account.account_id, nickname: account.nickname, opened: false };
}

/**
 * A page opened with a session in its address (a mobile hand-off code `?handoff=`, or a token `?token=`): the
 * visitor is asked whether to continue as that account before anything is kept; declining keeps the session this
 * browser had (or none), and ends the offered one when this page opened it. A session of the account already
 * signed in changes nothing. The pages (`children`) open once this is settled, so none of them runs as an account
 * the visitor did not pick.
 */
export default function HandoffGate({ handoff, children }: { handoff: AddressHandoff; children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ offer: Offer; current: Current } | null>(null);
  const [settled, setSettled] = useState(false);
  // The hand-off lands on the players' pages: its strings are the portal's, loaded here first.
  const messagesReady = usePortalMessages();

  useEffect(() => {
    if (!messagesReady) return;
    let gone = false;
    void (async () => {
      const current = await accountOf(readToken());
      let offer: Offer;
      try {
        offer = await offerOf(handoff);
      } catch {
        if (!gone) {
          void message.error(t('portal.handoff.failed'));
          setSettled(true);
        }
        return;
      }
      if (gone || current?.account_id === offer.account_id) {
        if (offer.opened) await endSession(offer.token);
        if (!gone) setSettled(true);
        return;
      }
      setAsked({ offer, current });
    })();
    return () => {
      gone = true;
    };
  }, [handoff, message, t, messagesReady]);

  if (settled) return children;
  if (!asked) return <PageLoading />;
  const { offer, current } = asked;
  return (
    <>
      <PageLoading />
      <Modal
        open
        closable={false}
        maskClosable={false}
        keyboard={false}
        title={t('portal.handoff.title', { nickname: offer.nickname })}
        okText={t('portal.handoff.continue', { nickname: offer.nickname })}
        cancelText={
          current ? t('portal.handoff.keep', { nickname: current.nickname }) : t('portal.handoff.stay')
        }
        okButtonProps={{ 'data-testid': 'handoff-continue' }}
        cancelButtonProps={{ 'data-testid': 'handoff-keep' }}
        onOk={() => {
          storeToken(offer.token);
          queryClient.clear();
          setSettled(true);
        }}
        onCancel={() => {
          if (offer.opened) void endSession(offer.token);
          setSettled(true);
        }}
        data-testid="handoff-dialog"
      >
        <Typography.Paragraph>
          {current
            ? t('portal.handoff.current', { nickname: offer.nickname, current: current.nickname })
            : t('portal.handoff.none', { nickname: offer.nickname })}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
