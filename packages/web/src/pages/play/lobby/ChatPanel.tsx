import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import { CHAT_LIMITS, type ChatMessage, STAMPS, type StampId, stampGlyph } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkMessages, usePlayerLink } from '../link';
import { type ChatView, chatReducer, EMPTY_CHAT } from './chatState';

type SeasonIds = { uniqueId: number; seasonId: number };

/** Characters as the server counts them (code points, so an emoji is one). */
const countChars = (text: string) => [...text].length;

/**
 * The season lobby's chat over the player link: the latest messages, new ones as they come, the organisers'
 * marked; text (plain text, never markup) and, when the tournament's emoji switch is on, stamps. A player the
 * season's chat limit keeps out is told why (2512); organisers delete messages after confirming.
 */
export function ChatPanel({
  ids,
  organiser,
  inLobby,
}: {
  ids: SeasonIds;
  organiser: boolean;
  inLobby: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { link, account } = usePlayerLink();
  const [chat, dispatch] = useReducer(
    (state: ChatView, message: Parameters<typeof chatReducer>[1]) => chatReducer(state, message, ids),
    EMPTY_CHAT,
  );
  const [text, setText] = useState('');
  const lastSent = useRef('');
  const listRef = useRef<HTMLOListElement>(null);

  useLinkMessages((message) => {
    dispatch(message);
    // A message refused for being too fast comes back to the input, to be sent again.
    if (message.op === 'error' && message.reason === 'flood') setText((now) => now || lastSent.current);
  });

  const count = chat.messages.length;
  useEffect(() => {
    const list = listRef.current;
    if (list && count > 0) list.scrollTop = list.scrollHeight;
  }, [count]);

  const writable = inLobby && chat.loaded && chat.canSend;
  const send = () => {
    const body = text.trim();
    if (!writable || body === '' || countChars(body) > CHAT_LIMITS.TEXT_MAX) return;
    if (link.send({ op: 'chat_send', text: body })) {
      lastSent.current = body;
      setText('');
    }
  };
  const sendStamp = (stamp: StampId) => {
    if (writable) link.send({ op: 'chat_send', stamp });
  };
  const remove = (message: ChatMessage) =>
    modal.confirm({
      title: t('portal.chat.deleteConfirm'),
      content: <ChatQuote message={message} />,
      okText: t('portal.chat.delete'),
      okButtonProps: { danger: true, 'data-testid': 'chat-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => {
        link.send({ op: 'chat_delete', id: message.id });
      },
    });

  const refusal = chat.notice ?? chat.reason;
  return (
    <Card className="play-card play-chat-card" data-testid="play-chat">
      <div className="play-season-head">
        <span className="play-card-title">
          <MessageOutlined /> {t('portal.chat.title')}
        </span>
        {organiser && (
          <Tag color="volcano" data-testid="chat-moderator">
            {t('portal.chat.moderator')}
          </Tag>
        )}
      </div>
      <ol className="play-chat-list" ref={listRef} data-testid="chat-list" aria-live="polite">
        {!chat.loaded ? (
          <li className="play-empty">{t('portal.lobby.connecting')}</li>
        ) : count === 0 ? (
          <li className="play-empty" data-testid="chat-empty">
            {t('portal.chat.empty')}
          </li>
        ) : (
          chat.messages.map((message) => (
            <ChatLine
              key={message.id}
              message={message}
              mine={message.account_id === account?.accountId}
              onDelete={chat.moderator ? () => remove(message) : undefined}
            />
          ))
        )}
      </ol>
      {refusal && (
        <Alert
          className="play-chat-refused"
          data-testid="chat-refused"
          data-reason={refusal}
          type={refusal === 'flood' ? 'info' : 'warning'}
          showIcon
          message={
            refusal === 'off'
              ? t('portal.chat.off')
              : `${t(`portal.chat.refused.${refusal}`)} ${t('portal.chat.code', { code: 2512 })}`
          }
        />
      )}
      <div className="play-chat-input">
        <Input.TextArea
          data-testid="chat-input"
          value={text}
          disabled={!writable}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('portal.chat.placeholder')}
          aria-label={t('portal.chat.placeholder')}
          count={{ show: text.length > 0, max: CHAT_LIMITS.TEXT_MAX, strategy: countChars }}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            send();
          }}
        />
        {chat.stamps && (
          <Popover
            trigger="click"
            placement="topRight"
            content={
              <div className="play-stamps" data-testid="chat-stamps">
                {STAMPS.map((stamp) => (
                  <button
                    key={stamp.id}
                    type="button"
                    className="play-stamp-button"
                    data-testid="chat-stamp"
                    data-stamp={stamp.id}
                    disabled={!writable}
                    onClick={() => sendStamp(stamp.id)}
                  >
                    {stamp.glyph}
                  </button>
                ))}
              </div>
            }
          >
            <Button
              icon={<SmileOutlined />}
              disabled={!writable}
              aria-label={t('portal.chat.stamps')}
              data-testid="chat-stamps-open"
            />
          </Popover>
        )}
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!writable || text.trim() === '' || countChars(text.trim()) > CHAT_LIMITS.TEXT_MAX}
          onClick={send}
          data-testid="chat-send"
          aria-label={t('portal.chat.send')}
        />
      </div>
    </Card>
  );
}

function ChatLine({
  message,
  mine,
  onDelete,
}: {
  message: ChatMessage;
  mine: boolean;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={mine ? 'play-chat-line play-chat-mine' : 'play-chat-line'}
      data-testid="chat-message"
      data-id={message.id}
      data-organiser={message.organiser ? 'true' : 'false'}
    >
      <div className="play-chat-meta">
        <strong className="play-chat-name" title={message.nickname}>
          {message.nickname}
        </strong>
        {message.organiser && (
          <Tag color="volcano" className="play-chat-badge" data-testid="chat-organiser">
            {t('portal.chat.organiser')}
          </Tag>
        )}
        <time className="play-chat-time" dateTime={new Date(message.time * 1000).toISOString()}>
          {dayjs.unix(message.time).format('HH:mm')}
        </time>
        {onDelete && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            className="play-chat-delete"
            data-testid="chat-delete"
            aria-label={t('portal.chat.delete')}
            onClick={onDelete}
          />
        )}
      </div>
      <ChatBody message={message} />
    </li>
  );
}

/** A message's body: its text as text, or its stamp's glyph. */
function ChatBody({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (message.stamp !== null)
    return (
      <div
        className="play-chat-stamp"
        role="img"
        aria-label={t('portal.chat.stamp')}
        data-stamp={message.stamp}
      >
        {stampGlyph(message.stamp)}
      </div>
    );
  return <div className="play-chat-text">{message.text}</div>;
}

/** The message being deleted, in the confirmation. */
function ChatQuote({ message }: { message: ChatMessage }) {
  return (
    <div className="play-chat-quote">
      <strong>{message.nickname}</strong>
      <ChatBody message={message} />
    </div>
  );
}
