import type { ChuanmaMessage } from '@taikai/engine';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { robotNumbers } from '../../../../components/robots';
import type { FeedEntry, GameFeed } from '../../link';
import { usePlayerLink } from '../../link';
import { GameEndedPanel } from '../SettlementPanel';
import { TableLanguageSelect } from '../TableLanguageSelect';
import { TimeBar } from '../TimeBar';
import { tableLanguage } from '../tableLanguage';
import { Tile } from '../tiles/Tile';
import { ChuanmaFinalPanel, ChuanmaResultPanel } from './ChuanmaResult';
import { ChuanmaMeldTiles, ChuanmaSeats, ChuanmaWinners } from './ChuanmaSeats';
import { type ChuanmaReply, chuanmaAsk, exchangeReply, exchangeSelectable } from './chuanmaChoices';
import { useChuanmaMessages } from './chuanmaLanguage';
import { chuanmaStateOf, SUITS } from './chuanmaState';
import './chuanma.css';

/** The message under discussion on a call: the discard, or the added kong that may be robbed. */
function tileAsked(msg: ChuanmaMessage): string | null {
  return msg.dapai?.p ?? msg.gang?.p ?? null;
}

/**
 * A chuanma (Sichuan bloody battle) table for the player seated at it, live over the player link: the other
 * seats with their voids, melds and rivers, the winners so far, the hand, and the decision asked — the exchange,
 * the void suit, a discard, a win, pung or kong — with only what the message's options allow enabled.
 */
export default function ChuanmaTable({
  gameUuid,
  feed,
  backHref,
}: {
  gameUuid: string;
  feed: GameFeed;
  backHref: string;
}) {
  const { t } = useTranslation();
  /** A tile as the reader names it: its number and its suit (`m6` → 6万, 6 Cha). */
  const tileText = (code: string) =>
    t('table.chuanma.tileName', { rank: code.slice(1), suit: t(`table.chuanma.suitShort.${code[0]}`) });
  const ready = useChuanmaMessages();
  const { link } = usePlayerLink();
  const entries: FeedEntry[] = feed.messages;
  const rule = feed.start.rule as { time_fixed?: number; time_add?: number } | undefined;
  const state = useMemo(
    () =>
      chuanmaStateOf(
        entries.map((e) => e.msg as ChuanmaMessage),
        feed.seat,
      ),
    [entries, feed.seat],
  );
  const names = useMemo(() => {
    const robots = robotNumbers(feed.players);
    return [0, 1, 2, 3].map((seat) => {
      const robot = robots[seat];
      return robot ? t('table.robotN', { n: robot }) : feed.players[seat]?.nickname || `#${seat + 1}`;
    });
  }, [feed.players, t]);

  // The decision asked, until answered (a reconnection asks again what is still pending).
  const last = entries[entries.length - 1];
  const [answered, setAnswered] = useState<{ resync: number; ids: Set<number> }>({
    resync: 0,
    ids: new Set(),
  });
  const answeredIds = answered.resync === feed.resyncs ? answered.ids : new Set<number>();
  const open = !!last?.ask && !answeredIds.has(last.ask.id) && !feed.ended;
  const askId = open && last.ask ? last.ask.id : null;
  const me = state.seats[state.mySeat];
  const lastMsg = (last?.msg ?? {}) as ChuanmaMessage;
  const ask = open
    ? chuanmaAsk(lastMsg.options, me.hand, tileAsked(lastMsg))
    : chuanmaAsk(undefined, [], null);

  const answer = useCallback(
    (reply: ChuanmaReply) => {
      if (askId === null) return;
      if (!link.answer(gameUuid, askId, reply)) return;
      setAnswered((prev) => {
        const ids = new Set(prev.resync === feed.resyncs ? prev.ids : []);
        ids.add(askId);
        return { resync: feed.resyncs, ids };
      });
    },
    [askId, link, gameUuid, feed.resyncs],
  );

  // The exchange's choice belongs to one decision.
  const [chosenOf, setChosenOf] = useState<{ ask: number | null; chosen: number[] }>({
    ask: null,
    chosen: [],
  });
  const chosen = chosenOf.ask === askId ? chosenOf.chosen : [];
  const selectable = ask.kind === 'exchange' ? exchangeSelectable(me.hand, chosen) : new Set<number>();
  const exchange = ask.kind === 'exchange' ? exchangeReply(me.hand, chosen) : null;

  // Results of the hand just ended, until dismissed or for ten seconds (the next hand is dealt meanwhile).
  const [closed, setClosed] = useState<number>(-1);
  const shown = state.results.length;
  const result = shown > 0 && closed < shown ? state.results[shown - 1] : null;
  useEffect(() => {
    if (shown === 0) return;
    const timer = setTimeout(() => setClosed(shown), 10000);
    return () => clearTimeout(timer);
  }, [shown]);

  const myVoid = state.voids[state.mySeat];
  const won = state.winners.find((w) => w.seat === state.mySeat);
  const discards = new Set(ask.kind === 'turn' ? ask.discards : []);
  const voidFirst = ask.kind === 'turn' && myVoid !== null && me.hand.some((x) => x[0] === myVoid);

  const onTile = (index: number) => {
    if (ask.kind === 'exchange') {
      if (chosen.includes(index)) setChosenOf({ ask: askId, chosen: chosen.filter((i) => i !== index) });
      else if (selectable.has(index)) setChosenOf({ ask: askId, chosen: [...chosen, index] });
      return;
    }
    const tile = me.hand[index];
    if (ask.kind === 'turn' && discards.has(tile)) answer({ dapai: tile });
  };

  if (!ready) {
    return (
      <div className="tt-page" data-testid="game-table">
        <div className="tt-empty">
          <p>{t('table.loading')}</p>
        </div>
      </div>
    );
  }

  const lang = tableLanguage();
  return (
    <div className="tt-page cm-page" data-testid="game-table" data-seat={state.mySeat} data-mode="chuanma">
      <header className="tt-top">
        <a className="tt-back" href={backHref} aria-label={t('table.back')}>
          ‹
        </a>
        <span className="cm-top-info" data-testid="cm-hand-info">
          {state.hand >= 0 ? t('table.chuanma.handOf', { hand: state.hand + 1, hands: state.hands }) : null}
          {state.hand >= 0 ? ` · ${t('table.chuanma.tilesLeft', { count: state.left })}` : null}
        </span>
        <TableLanguageSelect lang={lang} label={t('table.language')} />
      </header>
      {feed.paused ? (
        <div className="tt-banner" data-testid="paused-banner">
          {t('table.paused')}
        </div>
      ) : null}
      <main className="cm-main">
        <div className="cm-board">
          <ChuanmaSeats state={state} names={names} />
          <ChuanmaWinners state={state} names={names} />
          {state.exchange ? (
            <p className="cm-note" data-testid="cm-exchanged">
              {t(`table.chuanma.directions.${state.exchange.direction}`)} ·{' '}
              {t('table.chuanma.exchangeDone', {
                out: state.exchange.out.map(tileText).join(' '),
                in: state.exchange.in.map(tileText).join(' '),
              })}
            </p>
          ) : null}
        </div>
        <section className={`cm-me${won ? ' cm-seat-won' : ''}`} data-testid="cm-me">
          <div className="cm-seat-head">
            <span className="cm-seat-name" data-testid="my-name">
              {names[state.mySeat]}
            </span>
            {state.dealer === state.mySeat ? (
              <span className="cm-badge">{t('table.chuanma.dealer')}</span>
            ) : null}
            {myVoid ? (
              <span className="cm-badge cm-badge-void" data-testid="cm-my-void" data-suit={myVoid}>
                {t('table.chuanma.voidOf', { suit: t(`table.chuanma.suits.${myVoid}`) })}
              </span>
            ) : null}
            {won ? (
              <span className="cm-badge cm-badge-won">{t('table.chuanma.won', { order: won.order })}</span>
            ) : null}
            <span className="cm-seat-score">{me.score.toLocaleString()}</span>
          </div>
          {open && last.ask ? (
            <TimeBar
              deadline={last.ask.deadline}
              fixed={rule?.time_fixed ?? 5}
              add={rule?.time_add ?? 20}
              held={feed.paused}
            />
          ) : null}
          <div className="cm-prompt" data-testid="cm-prompt">
            {ask.kind === 'exchange' ? <span>{t('table.chuanma.exchangeAsk')}</span> : null}
            {ask.kind === 'void' ? <span>{t('table.chuanma.voidAsk')}</span> : null}
            {voidFirst ? <span>{t('table.chuanma.voidFirst')}</span> : null}
          </div>
          <div className="cm-actions" data-testid="action-bar">
            {ask.kind === 'exchange' ? (
              <>
                <button
                  type="button"
                  className="tt-btn tt-btn-primary"
                  data-testid="cm-exchange-send"
                  disabled={!exchange}
                  onClick={() => exchange && answer(exchange)}
                >
                  {t('table.chuanma.exchangeSend')}
                </button>
                <button
                  type="button"
                  className="tt-btn"
                  data-testid="cm-exchange-clear"
                  disabled={chosen.length === 0}
                  onClick={() => setChosenOf({ ask: askId, chosen: [] })}
                >
                  {t('table.chuanma.exchangeClear')}
                </button>
              </>
            ) : null}
            {ask.kind === 'void'
              ? SUITS.map((suit) => (
                  <button
                    type="button"
                    key={suit}
                    className={`tt-btn${suit === ask.suggested ? ' tt-btn-primary cm-suggested' : ''}`}
                    data-testid={`cm-void-${suit}`}
                    data-suggested={suit === ask.suggested ? 'true' : undefined}
                    onClick={() => answer({ dingque: suit })}
                  >
                    {t(`table.chuanma.suits.${suit}`)}
                    {suit === ask.suggested ? <small> · {t('table.chuanma.suggested')}</small> : null}
                  </button>
                ))
              : null}
            {(ask.kind === 'turn' || ask.kind === 'call') && ask.win ? (
              <button
                type="button"
                className="tt-btn tt-btn-ron"
                data-testid="action-hule"
                onClick={() => answer({ hule: '-' })}
              >
                {ask.kind === 'turn' ? t('table.chuanma.actions.selfDraw') : t('table.chuanma.actions.win')}
              </button>
            ) : null}
            {ask.kind === 'call' && ask.pung ? (
              <button
                type="button"
                className="tt-btn tt-btn-pon"
                data-testid="action-peng"
                onClick={() => answer({ peng: ask.tile })}
              >
                {t('table.chuanma.actions.pung')}
              </button>
            ) : null}
            {ask.kind === 'turn' || ask.kind === 'call'
              ? ask.kongs.map((tile) => (
                  <button
                    type="button"
                    key={tile}
                    className="tt-btn tt-btn-kan"
                    data-testid="action-gang"
                    onClick={() => answer({ gang: tile })}
                  >
                    {t('table.chuanma.actions.kong', { tile: tileText(tile) })}
                  </button>
                ))
              : null}
            {ask.kind === 'call' ? (
              <button type="button" className="tt-btn" data-testid="action-pass" onClick={() => answer({})}>
                {t('table.chuanma.actions.pass')}
              </button>
            ) : null}
          </div>
          <div className="cm-hand" data-testid="my-hand">
            {me.hand.map((code, i) => {
              const enabled =
                ask.kind === 'exchange' ? selectable.has(i) || chosen.includes(i) : discards.has(code);
              return (
                <button
                  type="button"
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiles of one kind are alike
                  key={`${code}-${i}`}
                  className={`cm-tile${chosen.includes(i) ? ' cm-tile-chosen' : ''}${
                    myVoid && code[0] === myVoid ? ' cm-tile-void' : ''
                  }`}
                  data-testid="hand-tile"
                  data-tile={code}
                  disabled={!enabled}
                  aria-pressed={ask.kind === 'exchange' ? chosen.includes(i) : undefined}
                  aria-label={t('table.playTile', { tile: code })}
                  onClick={() => onTile(i)}
                >
                  <Tile code={code} dim={open && !enabled} />
                </button>
              );
            })}
            {me.melds.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: melds only grow
              <ChuanmaMeldTiles key={`meld-${i}`} meld={m} />
            ))}
          </div>
        </section>
      </main>
      {result ? (
        <ChuanmaResultPanel result={result} names={names} onClose={() => setClosed(state.results.length)} />
      ) : null}
      {state.final && !result ? (
        <ChuanmaFinalPanel scores={state.final} names={names} backHref={backHref} />
      ) : null}
      {!state.final && feed.ended ? (
        <GameEndedPanel terminated={feed.ended.terminated} backHref={backHref} />
      ) : null}
    </div>
  );
}
